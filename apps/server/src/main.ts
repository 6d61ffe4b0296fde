import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { createSynthesizer } from './engines/tts/create-synthesizer.ts';
import { createVisionEngine } from './engines/vision/create-vision-engine.ts';
import { createLogger } from './logger.ts';
import { loadJwtSecret } from './security/secrets.ts';
import { attachSockets } from './sockets/attach-sockets.ts';
import { connectRedisAdapter } from './sockets/redis-adapter.ts';
import { startUp } from './start-up.ts';

const startedAt = Date.now();
const config = loadConfig();
const logger = createLogger(config.logLevel);

// the speech workers warm (seconds of CPU) while the database starts (a process and its disk);
// startUp() waits for them before the port opens, and reports a failure
const speechSynthesizer = createSynthesizer(config.speech, logger);
speechSynthesizer.warmUp().catch(() => undefined);

const database = await connect(config, logger).catch((err: unknown) => {
  logger.fatal({ err }, 'database unavailable');
  process.exit(1);
});

// the engine's keys stay in config.vision; only its kind and model reach the log
const visionEngine = createVisionEngine(config.vision);
logger.info(
  {
    engine: visionEngine.name,
    ...(config.vision.engine !== 'embedded' && { model: config.vision.visionModel }),
  },
  'vision engine selected',
);

let shuttingDown = false;
/**
 * Stops in dependency order: no new requests, then the speech workers, the vision engine, the pool,
 * the embedded database.
 */
async function shutdown(signal: string, app?: { close(): Promise<void> }): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  // a hung close must not keep the database (and the terminal) hostage
  const force = setTimeout(() => {
    logger.error('shutdown timed out');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app?.close();
    // the app closes it too, unless the start failed before the app had it
    await speechSynthesizer.close();
    await visionEngine.close();
    await database.close();
    logger.info('stopped');
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
    process.exitCode = 1;
  }
  clearTimeout(force);
}

try {
  const app = await buildApp({
    config,
    db: database.db,
    dbMode: database.mode,
    jwtSecret: await loadJwtSecret(config.jwtSecret, config.dataDir),
    logger,
    visionEngine,
    speechSynthesizer,
  });
  // socket.io on the same HTTP server; app.close() disconnects the sockets first (preClose)
  const redis = config.redisUrl ? await connectRedisAdapter(config.redisUrl, logger) : undefined;
  const sockets = attachSockets(app, { corsOrigins: config.corsOrigins, redis });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown(signal, app));
  }
  await startUp({
    warmSpeech: () => sockets.ready(),
    listen: async () => {
      await app.listen({ port: config.port, host: config.host });
      logger.info({ ms: Date.now() - startedAt, db: database.mode }, 'listening');
    },
    vision: visionEngine,
    logger,
  });
} catch (err) {
  logger.fatal({ err }, 'start failed');
  await shutdown('start failure');
  process.exitCode = 1;
}
