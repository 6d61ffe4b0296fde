import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { IdentityResolver } from '../../http/identity.ts';
import { Router } from '../../http/router.ts';
import { RateLimitRepo } from '../../rate-limit/repo.ts';
import { RateLimiter } from '../../rate-limit/rate-limiter.ts';
import type { Clock } from '../../security/clock.ts';
import type { TokenService } from '../../security/token-service.ts';
import type { SpeechSynthesizer } from '../../engines/tts/speech-synthesizer.ts';
import { registerSocketModule } from '../../sockets/socket-registry.ts';
import { setupRecognitionNamespace } from './recognition-socket.ts';
import { registerSpeechRoutes } from './routes.ts';
import { SpeechService } from './service.ts';
import { createRecognizer, createSynthesizer } from './speech-engines.ts';
import { setupSynthesisNamespace } from './synthesis-socket.ts';

export interface SpeechModuleDeps {
  config: Config;
  db: Database;
  tokens: TokenService;
  clock: Clock;
  logger: Logger;
  /** Default: made from the config (main.ts passes one already warming). */
  synthesizer?: SpeechSynthesizer;
}

/**
 * Speech: the HTTP routes now, the socket namespaces when attachSockets() runs (main.ts), and the
 * engines' shutdown with the app. Engines start lazily: the embedded TTS workers spin up when the
 * sockets are attached (or at the first text), not in every test that builds an app; main.ts
 * starts its own before the database.
 */
export async function registerSpeech(app: FastifyInstance, deps: SpeechModuleDeps): Promise<void> {
  const { config, logger } = deps;
  const synthesizer = deps.synthesizer ?? createSynthesizer(config.speech, logger);
  const recognizer = createRecognizer(config.speech);
  const identities = new IdentityResolver(deps.tokens);
  const limiter = new RateLimiter(new RateLimitRepo(deps.db), deps.clock);
  const service = new SpeechService(synthesizer, recognizer, config.vision.engine, logger);

  await app.register(async (scope) => {
    const router = new Router(scope, { identities, limiter, validateResponses: !config.production });
    registerSpeechRoutes(scope, router, service, config.speech.asrRateLimitPerMinute);
  });
  app.addHook('onClose', () => synthesizer.close());

  registerSocketModule(app, {
    name: 'speech',
    setup(io) {
      void synthesizer
        .warmUp()
        .catch((err: unknown) => logger.error({ err }, 'speech synthesis warm-up failed'));
      setupSynthesisNamespace(io, {
        synthesizer,
        identities,
        limiter,
        ratePerMinute: config.speech.ttsRateLimitPerMinute,
        logger,
      });
      setupRecognitionNamespace(io, {
        recognizer,
        identities,
        limiter,
        ratePerMinute: config.speech.asrRateLimitPerMinute,
        logger,
      });
    },
    ready: () => synthesizer.warmUp(),
    close: () => synthesizer.close(),
  });
}
