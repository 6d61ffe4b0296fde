/**
 * The AI chat's state and behaviour (spec §3 chat store: messages, currentModel, isStreaming,
 * imageAttachment): asking with the last 10 messages as context, the answer streamed into the
 * list and spoken sentence by sentence, stop, retry, clear, and the history (≤ 100 messages, photos
 * by reference) kept on the device and restored on load. No React here: the page reads `store`.
 */
import type { ChatRequest, ChatStreamEvent } from '@sfm/protocol/chat';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ApiFailure, EventStream } from '../../api/http-client.ts';
import type { KeyValueStorage } from '../../platform/index.ts';
import type { SpeechOutput } from '../speech/index.ts';
import { capHistory, contextOf, persistable, type ChatMessage, type ImageInfo } from './chat-history.ts';
import type { ChatImageStore } from './chat-image-store.ts';
import { base64OfBlob } from './resize-photo.ts';
import { SentenceSpeaker } from './sentence-speaker.ts';

/** Where the conversation is kept (platform storage: localStorage on the web and in the app). */
export const CHAT_STORAGE_KEY = 'chatMessages';

/** A photo chosen for the next question, already resized. */
export interface Attachment {
  photo: Blob;
  /** An object URL for its preview. */
  url: string;
  /** 'camera' or the chosen file's name. */
  origin: string;
}

export interface ChatState {
  messages: ChatMessage[];
  /** Spec §3: the one model, provider qwen (the server picks the engine behind it). */
  currentModel: 'qwen';
  isStreaming: boolean;
  imageAttachment: Attachment | null;
  /** The stored conversation has been read (and its photos restored). */
  loaded: boolean;
}

export interface ChatDeps {
  stream(body: ChatRequest, signal: AbortSignal): Promise<EventStream<ChatStreamEvent> | ApiFailure>;
  images: ChatImageStore;
  storage: KeyValueStorage;
  speech: SpeechOutput;
  /** Texts the controller needs: the network failure and the question a photo alone stands for. */
  texts: { networkFailed: () => string; photoQuestion: () => string };
  now?: () => number;
  newId?: () => string;
  objectUrls?: { create(blob: Blob): string; revoke(url: string): void };
}

const browserUrls = {
  create: (blob: Blob) => URL.createObjectURL(blob),
  revoke: (url: string) => URL.revokeObjectURL(url),
};

/** Stored messages as far as they have the shape of one (anything else is dropped, not fatal). */
function parseStored(text: string | null): ChatMessage[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (m): m is ChatMessage =>
        typeof m === 'object' &&
        m !== null &&
        typeof (m as ChatMessage).id === 'string' &&
        ((m as ChatMessage).role === 'user' || (m as ChatMessage).role === 'assistant') &&
        typeof (m as ChatMessage).content === 'string',
    );
  } catch {
    return [];
  }
}

export class ChatController {
  readonly store: StoreApi<ChatState>;
  private answering: { id: string; abort: AbortController; speaker: SentenceSpeaker } | null = null;
  private readonly now: () => number;
  private readonly newId: () => string;
  private readonly urls: NonNullable<ChatDeps['objectUrls']>;

  constructor(private readonly deps: ChatDeps) {
    this.now = deps.now ?? Date.now;
    this.newId = deps.newId ?? (() => crypto.randomUUID());
    this.urls = deps.objectUrls ?? browserUrls;
    this.store = createStore<ChatState>(() => ({
      messages: [],
      currentModel: 'qwen',
      isStreaming: false,
      imageAttachment: null,
      loaded: false,
    }));
  }

  /** Reads the stored conversation and restores each message's photo from the device's store. */
  async load(): Promise<void> {
    const stored = parseStored(this.deps.storage.get(CHAT_STORAGE_KEY));
    const messages = await Promise.all(
      stored.map(async (m): Promise<ChatMessage> => {
        // an answer cut off when the page closed stays as far as it got
        const status = m.status === 'streaming' ? 'stopped' : m.status;
        if (!m.imageInfo) return { ...m, status };
        const photo = await this.deps.images.load(m.imageInfo.persistKey).catch(() => null);
        return { ...m, status, imageInfo: { ...m.imageInfo, url: photo ? this.urls.create(photo) : '' } };
      }),
    );
    this.store.setState({ messages, loaded: true });
  }

  attach(photo: Blob, origin: string): void {
    this.detach();
    this.store.setState({ imageAttachment: { photo, url: this.urls.create(photo), origin } });
  }

  detach(): void {
    const current = this.store.getState().imageAttachment;
    if (current) this.urls.revoke(current.url);
    this.store.setState({ imageAttachment: null });
  }

  /** Asks `text` (with the attached photo, if any); a question asked mid-answer stops that answer. */
  async send(text: string): Promise<void> {
    const attachment = this.store.getState().imageAttachment;
    const question = text.trim() || (attachment ? this.deps.texts.photoQuestion() : '');
    if (!question) return;
    this.stop();
    const asked: ChatMessage = {
      id: this.newId(),
      role: 'user',
      content: question,
      createdAt: this.now(),
      status: 'done',
    };
    if (attachment) {
      asked.imageInfo = await this.keepPhoto(attachment);
      // the preview's URL now belongs to the message
      this.store.setState({ imageAttachment: null });
    }
    await this.setMessages([...this.store.getState().messages, asked]);
    await this.ask(attachment?.photo ?? null);
  }

  /** Asks again the question whose answer failed (or was stopped). */
  async retry(answerId: string): Promise<void> {
    const { messages } = this.store.getState();
    const index = messages.findIndex((m) => m.id === answerId);
    const asked = messages[index - 1];
    if (index < 0 || asked?.role !== 'user') return;
    this.stop();
    await this.setMessages(messages.filter((m) => m.id !== answerId));
    const photo = asked.imageInfo ? await this.deps.images.load(asked.imageInfo.persistKey) : null;
    await this.ask(photo);
  }

  /** Stops the answer being written and its speech at once; the text so far stays, marked stopped. */
  stop(): void {
    const answering = this.answering;
    if (!answering) return;
    this.answering = null;
    answering.abort.abort();
    answering.speaker.stop();
    this.update(answering.id, { status: 'stopped' });
    this.store.setState({ isStreaming: false });
    this.save();
  }

  /** Stops the answer's speech only (the user is about to speak). */
  silence(): void {
    this.answering?.speaker.stop();
  }

  /** Deletes the whole conversation and its photos from the device. */
  async clear(): Promise<void> {
    this.stop();
    for (const m of this.store.getState().messages) if (m.imageInfo?.url) this.urls.revoke(m.imageInfo.url);
    this.store.setState({ messages: [] });
    this.save();
    await this.deps.images.clear();
  }

  private async keepPhoto(attachment: Attachment): Promise<ImageInfo> {
    const time = this.now();
    const persistKey = `chatimg_${time}.jpg`;
    await this.deps.images.save(persistKey, attachment.photo);
    return {
      url: attachment.url,
      persistKey,
      platform: this.deps.images.platform,
      originUrl: attachment.origin,
      type: attachment.photo.type || 'image/jpeg',
    };
  }

  private async ask(photo: Blob | null): Promise<void> {
    const context = contextOf(this.store.getState().messages);
    const answer: ChatMessage = {
      id: this.newId(),
      role: 'assistant',
      content: '',
      createdAt: this.now(),
      status: 'streaming',
    };
    const abort = new AbortController();
    const speaker = new SentenceSpeaker(this.deps.speech);
    this.answering = { id: answer.id, abort, speaker };
    await this.setMessages([...this.store.getState().messages, answer]);
    this.store.setState({ isStreaming: true });
    const mine = () => this.answering?.id === answer.id;
    try {
      const image = photo ? await base64OfBlob(photo) : undefined;
      const opened = await this.deps.stream({ messages: context, ...(image && { image }) }, abort.signal);
      if (!opened.ok) return this.fail(answer.id, opened.message, speaker);
      for await (const event of opened.events) {
        if (!mine()) return;
        if (event.type === 'delta') {
          this.append(answer.id, event.text);
          speaker.push(event.text);
        } else if (event.type === 'error') {
          return this.fail(answer.id, event.message, speaker);
        }
      }
      if (!mine()) return;
      speaker.finish();
      this.finish(answer.id, { status: 'done' });
    } catch {
      // a stop has already marked the answer; anything else is the network's failure
      if (mine()) this.fail(answer.id, this.deps.texts.networkFailed(), speaker);
    }
  }

  private fail(id: string, message: string, speaker: SentenceSpeaker): void {
    if (this.answering?.id !== id) return;
    speaker.stop();
    this.finish(id, { status: 'failed', error: message });
    void this.deps.speech.speak(message);
  }

  private finish(id: string, change: Partial<ChatMessage>): void {
    this.answering = null;
    this.update(id, change);
    this.store.setState({ isStreaming: false });
    this.save();
  }

  private append(id: string, text: string): void {
    this.store.setState(({ messages }) => ({
      messages: messages.map((m) => (m.id === id ? { ...m, content: m.content + text } : m)),
    }));
  }

  private update(id: string, change: Partial<ChatMessage>): void {
    this.store.setState(({ messages }) => ({
      messages: messages.map((m) => (m.id === id ? { ...m, ...change } : m)),
    }));
  }

  /** Sets the list, capped at 100: the photos of the messages that fall out are deleted with them. */
  private async setMessages(messages: ChatMessage[]): Promise<void> {
    const { kept, dropped } = capHistory(messages);
    this.store.setState({ messages: kept });
    this.save();
    const gone = dropped.flatMap((m) => (m.imageInfo ? [m.imageInfo] : []));
    for (const info of gone) if (info.url) this.urls.revoke(info.url);
    await this.deps.images.delete(gone.map((info) => info.persistKey));
  }

  private save(): void {
    this.deps.storage.set(CHAT_STORAGE_KEY, JSON.stringify(persistable(this.store.getState().messages)));
  }
}
