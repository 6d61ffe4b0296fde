/**
 * The conversation as the device keeps it (spec §3 chat message): at most 100 messages, the last
 * 10 (the streaming answer left out) sent as context. Pure functions, no storage.
 */
import { CHAT_CONTEXT_MESSAGES, CHAT_HISTORY_LIMIT, type ChatTurn } from '@sfm/protocol/chat';

/** Spec §3 imageInfo: a reference to the photo, never the photo (`url` is only valid in this page's life). */
export interface ImageInfo {
  /** An object URL made on load from the stored photo; '' when stored. */
  url: string;
  /** The photo's key: in IndexedDB `chat-image-db` on the web, its file name in the app's data folder. */
  persistKey: string;
  platform: 'app' | 'web';
  /** Where the photo came from: 'camera' or the chosen file's name. */
  originUrl: string;
  /** MIME type of the stored photo. */
  type: string;
}

export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'failed';

export interface ChatMessage {
  id: string;
  role: ChatTurn['role'];
  content: string;
  createdAt: number;
  status: MessageStatus;
  /** Why an answer failed (the server's or the network's message). */
  error?: string;
  imageInfo?: ImageInfo;
}

/** Keeps the last 100 messages; returns them and the ones that fell out (their photos go too). */
export function capHistory(messages: readonly ChatMessage[]): {
  kept: ChatMessage[];
  dropped: ChatMessage[];
} {
  const cut = Math.max(0, messages.length - CHAT_HISTORY_LIMIT);
  return { kept: messages.slice(cut), dropped: messages.slice(0, cut) };
}

/**
 * The context of the next question (spec §3 messageHistory): the last 10 messages without the one
 * streaming, and without answers that failed or are empty (they carry no conversation).
 */
export function contextOf(messages: readonly ChatMessage[]): ChatTurn[] {
  return messages
    .filter((m) => m.status !== 'streaming' && m.status !== 'failed' && m.content.trim() !== '')
    .slice(-CHAT_CONTEXT_MESSAGES)
    .map((m) => ({ role: m.role, content: m.content }));
}

/** What is written to storage: the message without the page-lived object URL. */
export function persistable(messages: readonly ChatMessage[]): ChatMessage[] {
  return messages.map((m) => (m.imageInfo ? { ...m, imageInfo: { ...m.imageInfo, url: '' } } : m));
}
