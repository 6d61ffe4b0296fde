import type { ModuleContext } from '../../module-context.ts';
import { registerChatRoutes } from './routes.ts';
import { ChatService } from './service.ts';

/** The AI chat: its streamed answers. Its history lives on the device, so it keeps no tables. */
export function register({ http, engines, config, logger, points }: ModuleContext): void {
  const chat = new ChatService({ model: engines.chat, vision: engines.vision, logger, meter: points.meter });
  registerChatRoutes(http, chat, config.chat.ratePerMinute, logger);
}
