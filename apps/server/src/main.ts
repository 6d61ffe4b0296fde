import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';
import { buildApp, loadServerConfig } from './app.ts';
import { connect, type DatabaseConnection } from './db/connect.ts';
import { createSynthesizer } from './engines/tts/create-synthesizer.ts';
import { createVisionEngine } from './engines/vision/create-vision-engine.ts';
import { closeHttp, gracefulShutdown } from './lifecycle/graceful-shutdown.ts';
import { refuseWhileStopping, ServerLifecycle } from './lifecycle/server-lifecycle.ts';
import { createLogger } from './logger.ts';
import { loadJwtSecret } from './security/secrets.ts';
import { attachSockets, type AttachedSockets } from './sockets/attach-sockets.ts';
import { connectRedisAdapter } from './sockets/redis-adapter.ts';
import { startUp } from './start-up.ts';

/** SIGTERM to exit: a supervisor's own kill timer is usually 10 s or more. */
const SHUTDOWN_DEADLINE_MS = 9_500;
/** How long requests in flight (an analysis) may take to finish; what follows needs the rest. */
const DRAIN_MS = 7_000;

const startedAt = Date.now();
const config = loadServerConfig();
const logger = createLogger(config.logLevel);
const lifecycle = new ServerLifecycle();

// the speech workers warm (seconds of CPU) while the database starts (a process and its disk);
// startUp() waits for them before the port opens, and reports a failure
const speechSynthesizer = createSynthesizer(config.speech, logger);
speechSynthesizer.warmUp().catch(() => undefined);

// the engine's keys stay in config.vision; only its kind and model reach the log
const visionEngine = createVisionEngine(config.vision);
logger.info(
  {
    engine: visionEngine.name,
    ...(config.vision.engine !== 'embedded' && { model: config.vision.visionModel }),
  },
  'vision engine selected',
);

// filled in as the start gets there: a signal during the start stops only what exists
let database: DatabaseConnection | undefined;
let app: FastifyInstance | undefined;
let sockets: AttachedSockets | undefined;

/**
 * Stops in dependency order: readiness off; every socket client told why; no new connections, the
 * sockets closed (their speech streams cancelled) and the requests in flight (an analysis) finished
 * or, past DRAIN_MS, cut off; then the speech workers, the vision engine, the pool, the embedded database.
 */
const shutdown = gracefulShutdown({
  lifecycle,
  logger,
  deadlineMs: SHUTDOWN_DEADLINE_MS,
  exit: (code) => process.exit(code),
  steps: [
    {
      name: 'tell the socket clients',
      run: () => sockets?.farewell(new AppError(503, 'errors.server_stopping')),
    },
    { name: 'http and sockets', run: () => app && closeHttp(app, DRAIN_MS, logger) },
    // the app closes it too, unless the start failed before the app had it
    { name: 'speech synthesis', run: () => speechSynthesizer.close() },
    { name: 'vision engine', run: () => visionEngine.close() },
    { name: 'database', run: () => database?.close() },
  ],
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void shutdown(signal));

try {
  database = await connect(config, logger);
  app = await buildApp({
    config,
    db: database.db,
    dbMode: database.mode,
    jwtSecret: await loadJwtSecret(config.jwtSecret, config.dataDir),
    logger,
    visionEngine,
    speechSynthesizer,
    lifecycle,
  });
  refuseWhileStopping(app, lifecycle);
  // socket.io on the same HTTP server; app.close() disconnects the sockets first (preClose)
  const redis = config.redisUrl ? await connectRedisAdapter(config.redisUrl, logger) : undefined;
  const attached = attachSockets(app, { corsOrigins: config.corsOrigins, redis });
  sockets = attached;
  const listening = app;
  await startUp({
    warmSpeech: () => attached.ready(),
    listen: async () => {
      await listening.listen({ port: config.port, host: config.host });
      logger.info({ ms: Date.now() - startedAt, db: database?.mode }, 'listening');
    },
    vision: visionEngine,
    logger,
    ready: () => {
      lifecycle.markReady();
      if (lifecycle.phase === 'ready') logger.info({ ms: Date.now() - startedAt }, 'ready');
    },
  });
} catch (err) {
  logger.fatal({ err }, 'start failed');
  await shutdown('start failure', 1);
}
