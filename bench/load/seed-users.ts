import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/config.ts';
import { connect } from '../../apps/server/src/db/connect.ts';
import { createLogger } from '../../apps/server/src/logger.ts';
import { systemClock } from '../../apps/server/src/security/clock.ts';
import { loadJwtSecret } from '../../apps/server/src/security/secrets.ts';
import { TokenService } from '../../apps/server/src/security/token-service.ts';

/**
 * Users made straight in a running server's embedded database (thousands of registrations through
 * the API would measure argon2, not the bench's subject), with access tokens signed with the
 * server's own secret. Phones are `prefix` + 8 digits.
 */
export async function seedUsers(dataDir: string, count: number, prefix: string): Promise<string[]> {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
  const database = await connect(config, createLogger('warn'), { attachToRunning: true });
  try {
    const { rows } = await database.db.execute<{ id: string }>(sql`
      insert into users (phone, nickname, user_type)
      select ${prefix} || lpad(g::text, 8, '0'), 'bench ' || g, 1 from generate_series(1, ${count}) g
      returning id`);
    const tokens = new TokenService({
      secret: await loadJwtSecret(undefined, dataDir),
      clock: systemClock,
      ttlSeconds: { user: 3600, admin: 3600 },
    });
    return Promise.all(rows.map((r) => tokens.sign('user', r.id, 0)));
  } finally {
    await database.close();
  }
}
