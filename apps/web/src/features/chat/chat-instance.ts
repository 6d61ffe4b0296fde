import { api } from '../../api/http-client.ts';
import { CHAT_NS } from '../../i18n/chat/index.ts';
import { tr } from '../../i18n/index.ts';
import { nativeChatImages, platform } from '../../platform/index.ts';
import { speechOutput } from '../speech/index.ts';
import { ChatController } from './chat-controller.ts';
import { IndexedDbChatImages } from './chat-image-store.ts';

let instance: ChatController | null = null;

/**
 * The app's one conversation, made at the first visit to /aichat and kept while the app runs (an
 * answer may go on while the user looks elsewhere). Its history is read from the device once.
 */
export function chatController(): ChatController {
  if (instance) return instance;
  instance = new ChatController({
    stream: (body, signal) => api.stream('chatStream', body, signal),
    images: nativeChatImages() ?? new IndexedDbChatImages(),
    storage: platform.storage,
    speech: speechOutput,
    texts: {
      networkFailed: () => tr(`${CHAT_NS}:network`),
      photoQuestion: () => tr(`${CHAT_NS}:photoQuestion`),
    },
  });
  void instance.load();
  return instance;
}
