/**
 * The conversation in the native app: its photos are files of the data folder (a faked Filesystem
 * plugin), saved with the question, restored on load, deleted when their message falls out of the
 * 100 or the conversation is cleared.
 */
import type { ChatStreamEvent } from '@sfm/protocol/chat';
import { beforeEach, describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../platform/index.ts';
import { NativeChatImages } from '../../platform/index.ts';
import { FakeFilesystem } from '../../../test/fakes/filesystem.ts';
import { FakeSpeech } from '../../../test/fakes/scene.ts';
import { ChatController, CHAT_STORAGE_KEY } from './chat-controller.ts';

class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  get = (key: string) => this.values.get(key) ?? null;
  set = (key: string, value: string) => void this.values.set(key, value);
  remove = (key: string) => void this.values.delete(key);
}

/** A server whose every answer is one sentence, sent at once. */
async function answerAtOnce() {
  async function* events(): AsyncGenerator<ChatStreamEvent> {
    yield { type: 'delta', text: '好。' };
    yield { type: 'done' };
  }
  return { ok: true as const, code: 200 as const, events: events() };
}

const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 7, 7, 7])], { type: 'image/jpeg' });
const bytesOf = async (blob: Blob | null | undefined) => [
  ...new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0)),
];

let files: FakeFilesystem;
let storage: MemoryStorage;
let clock: number;
/** The photos each controller turned into object URLs, by URL. */
let urls: Map<string, Blob>;

function controller() {
  let n = 0;
  return new ChatController({
    stream: answerAtOnce,
    images: new NativeChatImages(files),
    storage,
    speech: new FakeSpeech(),
    texts: { networkFailed: () => '网络连接失败', photoQuestion: () => '这张照片里有什么？' },
    now: () => ++clock,
    newId: () => `m${++n}-${clock}`,
    objectUrls: {
      create: (blob) => {
        const url = `blob:photo-${urls.size}`;
        urls.set(url, blob);
        return url;
      },
      revoke: (url) => void urls.delete(url),
    },
  });
}

beforeEach(() => {
  files = new FakeFilesystem();
  storage = new MemoryStorage();
  clock = 1_700_000_000_000;
  urls = new Map();
});

describe('chat photos in the native app', () => {
  it('saves the photo as chatimg_{time}.jpg in the data folder and restores it on load', async () => {
    const chat = controller();
    chat.attach(photo, 'camera');
    await chat.send('这是什么？');

    const info = chat.store.getState().messages[0]?.imageInfo;
    expect(info?.persistKey).toMatch(/^chatimg_\d+\.jpg$/);
    expect([...files.data.keys()]).toEqual([info?.persistKey]);
    const stored = JSON.parse(storage.get(CHAT_STORAGE_KEY) ?? '[]') as { imageInfo?: unknown }[];
    expect(stored[0]?.imageInfo).toEqual({
      url: '',
      persistKey: info?.persistKey,
      platform: 'app',
      originUrl: 'camera',
      type: 'image/jpeg',
    });

    const reloaded = controller();
    await reloaded.load();
    const restored = reloaded.store.getState().messages[0]?.imageInfo;
    expect(restored?.url).toMatch(/^blob:/);
    expect(await bytesOf(urls.get(restored?.url ?? ''))).toEqual(await bytesOf(photo));
  });

  it('a message whose file is gone loads without its photo', async () => {
    const chat = controller();
    chat.attach(photo, 'camera');
    await chat.send('这是什么？');
    files.data.clear();

    const reloaded = controller();
    await reloaded.load();
    expect(reloaded.store.getState().messages[0]?.imageInfo?.url).toBe('');
  });

  it('deletes the file when its message falls out of the 100', async () => {
    const chat = controller();
    chat.attach(photo, 'camera');
    await chat.send('第一张照片');
    const key = chat.store.getState().messages[0]?.imageInfo?.persistKey ?? '';
    for (let i = 0; i < 49; i++) await chat.send(`问题${i}`);
    expect(chat.store.getState().messages).toHaveLength(100);
    expect(files.data.has(key)).toBe(true);

    await chat.send('再问一个');
    expect(chat.store.getState().messages).toHaveLength(100);
    expect(chat.store.getState().messages[0]?.content).not.toBe('第一张照片');
    expect(files.data.has(key)).toBe(false);
  });

  it('clear deletes the chat photos and keeps the other files of the data folder', async () => {
    const chat = controller();
    chat.attach(photo, 'camera');
    await chat.send('看看');
    files.data.set('saved_photo.jpg', 'AAAA');

    await chat.clear();
    expect(chat.store.getState().messages).toEqual([]);
    expect([...files.data.keys()]).toEqual(['saved_photo.jpg']);
  });
});
