import type { ChatConfig } from '../../config/chat-config.ts';
import type { ChatModel } from './chat-model.ts';
import { OpenAiCompatibleChatModel } from './openai-compatible-chat-model.ts';

/**
 * Picks the chat model from configuration (CHAT_ENGINE and the keys beside it); null when none is
 * configured: no language model ships offline, so the chat says so. DashScope is reached through its
 * OpenAI-compatible mode, so both engines speak the same protocol with their own URL, key and models.
 */
export function createChatModel(config: ChatConfig): ChatModel | null {
  const { provider } = config;
  if (!provider) return null;
  return new OpenAiCompatibleChatModel({
    name: provider.engine,
    baseUrl: provider.baseUrl,
    apiKey: provider.apiKey,
    model: provider.model,
    visionModel: provider.visionModel,
    timeoutMs: config.timeoutMs,
  });
}
