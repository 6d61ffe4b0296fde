import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { createVisionEngine } from './engines/vision/create-vision-engine.ts';
import type { VisionEngine } from './engines/vision/vision-engine.ts';
import { createLogger } from './logger.ts';
import { withSharedWarmUp } from './modules/vision/engine-lifecycle.ts';
import { loadJwtSecret } from './security/secrets.ts';
import { attachSockets } from './sockets/attach-sockets.ts';

const startedAt = Date.now();
const config = loadConfig();
const logger = createLogger(config.logLevel);

const database = await connect(config, logger).catch((err: unknown) => {
  logger.fatal({ err }, 'database unavailable');
  process.exit(1);
});

// the engine's keys stay in config.vision; only its kind and model reach the log
const visionEngine: VisionEngine = withSharedWarmUp(createVisionEngine(config.vision));
logger.info(
  {
    engine: visionEngine.name,
    ...(config.vision.engine !== 'embedded' && { model: config.vision.visionModel }),
  },
  'vision engine selected',
);

let shuttingDown = false;
/** Stops in dependency order: no new requests, then the vision engine, the pool, the embedded database. */
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
  });
  // socket.io on the same HTTP server; app.close() disconnects the sockets first (preClose)
  attachSockets(app, { corsOrigins: config.corsOrigins });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown(signal, app));
  }
  await app.listen({ port: config.port, host: config.host });
  logger.info({ ms: Date.now() - startedAt, db: database.mode }, 'listening');
  // models load in the background; an analysis arriving meanwhile waits for the same warm-up
  const warmUpStartedAt = Date.now();
  visionEngine.warmUp().then(
    () => logger.info({ engine: visionEngine.name, ms: Date.now() - warmUpStartedAt }, 'vision engine ready'),
    (err: unknown) =>
      logger.error(
        { engine: visionEngine.name, reason: err instanceof Error ? err.message : String(err) },
        'vision engine warm-up failed (retried at the next analysis)',
      ),
  );
} catch (err) {
  logger.fatal({ err }, 'start failed');
  await shutdown('start failure');
  process.exitCode = 1;
}
