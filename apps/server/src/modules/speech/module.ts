import { chatCapability } from '../../engines/chat/chat-model.ts';
import type { ModuleContext } from '../../module-context.ts';
import { speechPersonalData } from './personal-data.ts';
import { recognitionNamespace } from './recognition-socket.ts';
import { registerSpeechRoutes } from './routes.ts';
import { SpeechService } from './service.ts';
import { SpokenTextsRepo } from './spoken-texts-repo.ts';
import { synthesisNamespace } from './synthesis-socket.ts';

/**
 * Speech: the HTTP routes, and the socket namespaces set up when the sockets are attached
 * (main.ts). The embedded synthesis workers start then (or at the first text), not in every test
 * that builds an app; main.ts starts its own before the database.
 */
export function register({
  http,
  scope,
  sockets,
  engines,
  config,
  logger,
  db,
  clock,
  devices,
  personalData,
  dashboard,
}: ModuleContext): void {
  const spokenTexts = new SpokenTextsRepo(db);
  const speech = new SpeechService(
    engines.synthesizer,
    engines.recognizer,
    config.vision.engine,
    logger,
    spokenTexts,
    clock,
    chatCapability(engines.chat),
  );
  registerSpeechRoutes(scope, http, speech, config.speech.asrRateLimitPerMinute, devices);
  sockets.namespace(synthesisNamespace(speech, config.speech.ttsRateLimitPerMinute, devices));
  sockets.namespace(recognitionNamespace(speech, config.speech.asrRateLimitPerMinute, devices));
  personalData.register(speechPersonalData);
  dashboard.register({
    summary: async (today) => ({ speechTextsToday: await spokenTexts.countWithin(today) }),
  });
}
