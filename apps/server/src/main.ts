import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connect } from './db/connect.ts';
import { createLogger } from './logger.ts';
import { loadJwtSecret } from './security/secrets.ts';

const startedAt = Date.now();
const config = loadConfig();
const logger = createLogger(config.logLevel);

const database = await connect(config, logger).catch((err: unknown) => {
  logger.fatal({ err }, 'database unavailable');
  process.exit(1);
});

let shuttingDown = false;
/** Stops in dependency order: no new requests, then the pool, then the embedded database. */
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
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown(signal, app));
  }
  await app.listen({ port: config.port, host: config.host });
  logger.info({ ms: Date.now() - startedAt, db: database.mode }, 'listening');
} catch (err) {
  logger.fatal({ err }, 'start failed');
  await shutdown('start failure');
  process.exitCode = 1;
}
