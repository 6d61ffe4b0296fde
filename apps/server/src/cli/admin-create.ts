/**
 * npm run admin:create -- <username>
 *
 * Creates an admin, or resets the password of an existing one. The password comes from
 * ADMIN_PASSWORD or is asked twice on the terminal. It uses the server's database settings:
 * DATABASE_URL, or the embedded PostgreSQL of DATA_DIR. If the server is running, the CLI attaches
 * to the embedded PostgreSQL the server started (and leaves it running); otherwise it starts it and
 * stops it again when done.
 */
import { PASSWORD_MIN_LENGTH, translateMessage } from '@sfm/protocol';
import { AppError } from '../app-error.ts';
import { loadConfig } from '../config.ts';
import { connect } from '../db/connect.ts';
import { createLogger } from '../logger.ts';
import { AdminRepo } from '../modules/admin/repo.ts';
import { AdminService } from '../modules/admin/service.ts';
import { systemClock } from '../security/clock.ts';
import { PasswordHasher } from '../security/password-hasher.ts';
import { loadJwtSecret } from '../security/secrets.ts';
import { TokenService } from '../security/token-service.ts';
import { promptHidden } from './prompt.ts';

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv) return fromEnv;
  const first = await promptHidden(`Password (at least ${PASSWORD_MIN_LENGTH} characters): `);
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) throw new Error('the two passwords differ');
  return first;
}

async function main(): Promise<number> {
  const username = process.argv[2]?.trim();
  if (!username) {
    console.error(
      'usage: npm run admin:create -- <username>   (password from ADMIN_PASSWORD or the terminal)',
    );
    return 2;
  }
  const password = await readPassword();
  if (password.length < PASSWORD_MIN_LENGTH) {
    console.error(translateMessage('errors.password_too_short', 'en'));
    return 1;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const database = await connect(config, logger, { attachToRunning: true });
  try {
    const tokens = new TokenService({
      secret: await loadJwtSecret(config.jwtSecret, config.dataDir),
      clock: systemClock,
      ttlSeconds: { user: config.accessTokenTtlSeconds, admin: config.adminTokenTtlSeconds },
    });
    const admins = new AdminService(new AdminRepo(database.db), new PasswordHasher(), tokens, systemClock);
    const outcome = await admins.createOrReset(username, password);
    console.log(
      outcome === 'created' ? `admin "${username}" created` : `password of admin "${username}" reset`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(
      err instanceof AppError ? translateMessage(err.key, 'en') : `admin:create failed: ${String(err)}`,
    );
    process.exit(1);
  },
);
