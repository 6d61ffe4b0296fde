import 'fake-indexeddb/auto';
// node's own Blob: fake-indexeddb stores what node's structuredClone can copy, as a browser's IndexedDB does its own
import { Blob } from 'node:buffer';
import type { ChatRequest, ChatStreamEvent } from '@sfm/protocol/chat';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '../../platform/index.ts';
import type { SpeechEvent, SpeechOutput } from '../speech/index.ts';
import { ChatController, CHAT_STORAGE_KEY, type ChatDeps } from './chat-controller.ts';
import { IndexedDbChatImages } from './chat-image-store.ts';

/** The app's voice as the chat sees it: each text is said until the test (or a cancel) ends it. */
class FakeSpeechOutput implements SpeechOutput {
  said: string[] = [];
  private current: (() => void) | null = null;
  private readonly listeners = new Set<(event: SpeechEvent) => void>();

  speak(text: string): Promise<void> {
    // as the app's speaker does, a new text cuts the one being said
    this.current?.();
    this.said.push(text);
    this.emit({ type: 'speechStarted', text, priority: 'routine', at: 0 });
    return new Promise((resolve) => (this.current = resolve));
  }
  /** The current text was said to its end. */
  done(): void {
    const current = this.current;
    this.current = null;
    current?.();
  }
  cancel(): void {
    if (!this.current) return;
    this.done();
    this.emit({ type: 'speechCancelled', at: 0 });
  }
  isSpeaking = () => this.current !== null;
  repeatLast = () => Promise.resolve();
  state = () => (this.current ? ('speaking' as const) : ('idle' as const));
  onEvent(listener: (event: SpeechEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  private emit(event: SpeechEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

class MemoryStorage implements KeyValueStorage {
  readonly values = new Map<string, string>();
  get = (key: string) => this.values.get(key) ?? null;
  set = (key: string, value: string) => void this.values.set(key, value);
  remove = (key: string) => void this.values.delete(key);
}

/** A server answer the test writes event by event; `requests` holds what was asked. */
class FakeChatServer {
  requests: { body: ChatRequest; signal: AbortSignal }[] = [];
  refuse: { code: number; message: string } | null = null;
  /** Events sent before the controller asked for them wait here; null ends the answer. */
  private readonly channel: {
    backlog: (ChatStreamEvent | null)[];
    push: ((e: ChatStreamEvent | null) => void) | null;
  } = {
    backlog: [],
    push: null,
  };

  stream = async (body: ChatRequest, signal: AbortSignal) => {
    this.requests.push({ body, signal });
    if (this.refuse) return { ok: false as const, ...this.refuse, data: { error: 'chat_unavailable' } };
    const channel = this.channel;
    async function* events(): AsyncGenerator<ChatStreamEvent> {
      for (;;) {
        const next = channel.backlog.length
          ? (channel.backlog.shift() ?? null)
          : await new Promise<ChatStreamEvent | null>((resolve, reject) => {
              channel.push = resolve;
              signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
            });
        if (next === null) return;
        yield next;
      }
    }
    return { ok: true as const, code: 200 as const, events: events() };
  };

  send(event: ChatStreamEvent | null): void {
    const push = this.channel.push;
    this.channel.push = null;
    if (push) push(event);
    else this.channel.backlog.push(event);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** Waits until the controller has asked the server `n` questions (photos are stored first). */
const asked = (n: number) => vi.waitFor(() => expect(server.requests).toHaveLength(n));
const photoBlob = (bytes = [0xff, 0xd8, 0xff, 1, 2, 3]) =>
  new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }) as unknown as globalThis.Blob;

let voice: FakeSpeechOutput;
let server: FakeChatServer;
let storage: MemoryStorage;
let images: IndexedDbChatImages;
let clock: number;

function controller(over: Partial<ChatDeps> = {}) {
  let n = 0;
  return new ChatController({
    stream: server.stream,
    images,
    storage,
    speech: voice,
    texts: { networkFailed: () => '网络连接失败', photoQuestion: () => '这张照片里有什么？' },
    now: () => ++clock,
    newId: () => `m${++n}-${clock}`,
    objectUrls: { create: (blob) => `blob:${blob.size}-${clock}`, revoke: () => undefined },
    ...over,
  });
}

beforeEach(async () => {
  voice = new FakeSpeechOutput();
  server = new FakeChatServer();
  storage = new MemoryStorage();
  images = new IndexedDbChatImages();
  await images.clear();
  clock = 1_000;
});

describe('ChatController', () => {
  it('streams the answer into the list and speaks each sentence as soon as it is complete', async () => {
    const chat = controller();
    const sending = chat.send('你好');
    await tick();
    expect(chat.store.getState().isStreaming).toBe(true);
    server.send({ type: 'delta', text: '你好！我是' });
    await tick();
    // the first sentence is spoken while the answer is still being written
    expect(voice.said).toEqual(['你好！']);
    server.send({ type: 'delta', text: '**助手**。有什么' });
    server.send({ type: 'delta', text: '可以帮你' });
    await tick();
    expect(chat.store.getState().messages.at(-1)).toMatchObject({
      content: '你好！我是**助手**。有什么可以帮你',
      status: 'streaming',
    });
    server.send({ type: 'done' });
    server.send(null);
    await sending;
    voice.done();
    await tick();
    voice.done();
    await tick();
    // markdown cleaned for speech, the last sentence said when the answer ended
    expect(voice.said).toEqual(['你好！', '我是助手。', '有什么可以帮你']);
    expect(chat.store.getState()).toMatchObject({ isStreaming: false });
    expect(chat.store.getState().messages.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'done'],
    ]);
  });

  it('sends the last ten messages as context, without the answer being written', async () => {
    const history = Array.from({ length: 14 }, (_, i) => ({
      id: `h${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `第${i}条`,
      createdAt: i,
      status: 'done',
    }));
    storage.set(CHAT_STORAGE_KEY, JSON.stringify(history));
    const chat = controller();
    await chat.load();
    void chat.send('新问题');
    await tick();
    const sent = server.requests[0]?.body.messages;
    expect(sent).toHaveLength(10);
    expect(sent?.at(-1)).toEqual({ role: 'user', content: '新问题' });
    expect(sent?.[0]).toEqual({ role: 'assistant', content: '第5条' });
    expect(chat.store.getState().messages.at(-1)?.status).toBe('streaming');
  });

  it('keeps at most 100 messages, deleting the photos of those that fall out', async () => {
    const chat = controller();
    chat.attach(photoBlob(), 'camera');
    void chat.send('第一张照片');
    await asked(1);
    const firstKey = chat.store.getState().messages[0]?.imageInfo?.persistKey ?? '';
    expect(await images.load(firstKey)).not.toBeNull();
    server.send({ type: 'done' });
    server.send(null);
    for (let i = 0; i < 49; i++) {
      const sending = chat.send(`问题${i}`);
      await tick();
      server.send({ type: 'delta', text: '好。' });
      server.send(null);
      await sending;
    }
    const { messages } = chat.store.getState();
    expect(messages).toHaveLength(100);
    expect(messages[0]?.content).toBe('第一张照片');
    const more = chat.send('再问一个');
    await tick();
    server.send(null);
    await more;
    expect(chat.store.getState().messages).toHaveLength(100);
    expect(chat.store.getState().messages[0]?.content).not.toBe('第一张照片');
    expect(await images.load(firstKey)).toBeNull();
  });

  it('stores only the photo reference and restores the photo on load', async () => {
    const chat = controller();
    const photo = photoBlob([0xff, 0xd8, 0xff, 9, 9, 9, 9]);
    chat.attach(photo, 'letter.jpg');
    void chat.send('');
    await asked(1);
    // a photo alone stands for a question about it, and travels as base64
    expect(server.requests[0]?.body.messages.at(-1)?.content).toBe('这张照片里有什么？');
    expect(server.requests[0]?.body.image).toBe(Buffer.from(await photo.arrayBuffer()).toString('base64'));
    server.send({ type: 'delta', text: '这是一封信。' });
    server.send(null);
    await tick();

    const stored = JSON.parse(storage.get(CHAT_STORAGE_KEY) ?? '[]') as {
      imageInfo?: Record<string, string>;
    }[];
    expect(stored[0]?.imageInfo).toEqual({
      url: '',
      persistKey: expect.stringMatching(/^chatimg_\d+\.jpg$/) as string,
      platform: 'web',
      originUrl: 'letter.jpg',
      type: 'image/jpeg',
    });

    const reloaded = controller();
    await reloaded.load();
    const restored = reloaded.store.getState().messages[0]?.imageInfo;
    expect(restored?.url).toBe(`blob:${photo.size}-${clock}`);
    const kept = await images.load(restored?.persistKey ?? '');
    expect(Buffer.from((await kept?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(
      Buffer.from(await photo.arrayBuffer()),
    );
    expect(reloaded.store.getState().messages.map((m) => m.content)).toEqual([
      '这张照片里有什么？',
      '这是一封信。',
    ]);
  });

  it('stop aborts the request and the speech at once and keeps what was written', async () => {
    const chat = controller();
    void chat.send('讲个故事');
    await tick();
    server.send({ type: 'delta', text: '从前有座山。山里' });
    await tick();
    expect(voice.said).toEqual(['从前有座山。']);
    chat.stop();
    expect(server.requests[0]?.signal.aborted).toBe(true);
    expect(voice.isSpeaking()).toBe(false);
    await tick();
    expect(chat.store.getState().messages.at(-1)).toMatchObject({
      content: '从前有座山。山里',
      status: 'stopped',
    });
    expect(chat.store.getState().isStreaming).toBe(false);
    expect(voice.said).toEqual(['从前有座山。']);
  });

  it('a refused question shows and speaks the server message; retry asks it again', async () => {
    const chat = controller();
    server.refuse = { code: 503, message: '还没有配置对话模型' };
    await chat.send('你好');
    const failed = chat.store.getState().messages.at(-1);
    expect(failed).toMatchObject({ role: 'assistant', status: 'failed', error: '还没有配置对话模型' });
    expect(voice.said).toEqual(['还没有配置对话模型']);

    server.refuse = null;
    const retrying = chat.retry(failed?.id ?? '');
    await tick();
    server.send({ type: 'delta', text: '你好。' });
    server.send(null);
    await retrying;
    expect(server.requests[1]?.body.messages).toEqual([{ role: 'user', content: '你好' }]);
    expect(chat.store.getState().messages.map((m) => [m.content, m.status])).toEqual([
      ['你好', 'done'],
      ['你好。', 'done'],
    ]);
  });

  it('an error event mid-answer fails the answer with its message', async () => {
    const chat = controller();
    const sending = chat.send('你好');
    await tick();
    server.send({ type: 'delta', text: '我' });
    server.send({ type: 'error', code: 504, message: '对话服务响应超时' });
    await sending;
    expect(chat.store.getState().messages.at(-1)).toMatchObject({
      status: 'failed',
      error: '对话服务响应超时',
      content: '我',
    });
  });

  it('clear deletes every message and photo from the device', async () => {
    const chat = controller();
    chat.attach(photoBlob(), 'camera');
    void chat.send('看看');
    await asked(1);
    const key = chat.store.getState().messages[0]?.imageInfo?.persistKey ?? '';
    await chat.clear();
    expect(chat.store.getState().messages).toEqual([]);
    expect(storage.get(CHAT_STORAGE_KEY)).toBe('[]');
    expect(await images.load(key)).toBeNull();
    expect(server.requests[0]?.signal.aborted).toBe(true);
  });
});
