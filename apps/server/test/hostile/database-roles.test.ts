import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureLoginRole, ownsOrIsSuperuser } from '../../src/db/app-role.ts';
import { asRole, connect, withDatabase } from '../../src/db/connect.ts';
import { runMigrations } from '../../src/db/migrate.ts';
import { createLogger } from '../../src/logger.ts';
import { createTestDatabase, type TestDatabase } from '../harness/databases.ts';

/**
 * Security review, finding 9: the append-only audit log and points ledger could be rewritten by
 * the server's own database role, which owned the tables and was a superuser:
 * `SET LOCAL session_replication_role = replica` turned their triggers off and a DELETE went
 * through. The server now works as a role that may only read and add to them; the owner migrates.
 */
const logger = createLogger('silent');
const refused = { code: '42501' }; // insufficient_privilege
const name = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

async function clientOf(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/** An admin, an audit entry and a user with a ledger entry, written by the owner. */
async function seed(owner: pg.Client): Promise<{ adminId: string; userId: string }> {
  const { rows: admins } = await owner.query<{ id: string }>(
    `INSERT INTO admins (username, password_hash) VALUES ($1, 'x') RETURNING id`,
    [name('admin')],
  );
  const adminId = admins[0]!.id;
  await owner.query(
    `INSERT INTO audit_log (admin_id, action, target_type, target_id, target_label, ip)
     VALUES ($1, 'user.ban', 'user', '1', 'someone', '127.0.0.1')`,
    [adminId],
  );
  const { rows: users } = await owner.query<{ id: string }>(
    `INSERT INTO users (phone, nickname) VALUES ($1, 'u') RETURNING id`,
    [`139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`],
  );
  return { adminId, userId: users[0]!.id };
}

/** Every way round the append-only tables that the review tried, as the server's role. */
function itRefusesEveryBypass(app: () => pg.Client) {
  it('refuses DELETE, UPDATE and TRUNCATE on the audit log and the ledger', async () => {
    await expect(app().query('DELETE FROM audit_log')).rejects.toMatchObject(refused);
    await expect(app().query(`UPDATE audit_log SET action = 'nothing'`)).rejects.toMatchObject(refused);
    await expect(app().query('TRUNCATE audit_log')).rejects.toMatchObject(refused);
    await expect(app().query('DELETE FROM points_entries')).rejects.toMatchObject(refused);
    await expect(app().query('UPDATE points_entries SET amount = 0')).rejects.toMatchObject(refused);
    await expect(app().query('TRUNCATE points_entries')).rejects.toMatchObject(refused);
  });

  it('cannot turn the triggers off: neither by replication role nor by ALTER TABLE', async () => {
    await app().query('BEGIN');
    await expect(app().query('SET LOCAL session_replication_role = replica')).rejects.toMatchObject(refused);
    await app().query('ROLLBACK');
    await expect(app().query('ALTER TABLE audit_log DISABLE TRIGGER ALL')).rejects.toMatchObject(refused);
    await expect(app().query('ALTER TABLE points_entries DISABLE TRIGGER ALL')).rejects.toMatchObject(
      refused,
    );
  });

  it('cannot create tables, nor grant itself more (PostgreSQL only warns that nothing was granted)', async () => {
    await expect(app().query('CREATE TABLE mine (i int)')).rejects.toMatchObject(refused);
    await app().query('GRANT DELETE ON audit_log TO PUBLIC');
    await expect(app().query('DELETE FROM audit_log')).rejects.toMatchObject(refused);
    expect(await ownsOrIsSuperuser(app())).toBe(false);
  });

  it('still reads and adds to them, and works on the other tables as the server does', async () => {
    const { rows } = await app().query<{ admin_id: string }>('SELECT admin_id FROM audit_log LIMIT 1');
    const adminId = rows[0]!.admin_id;
    await app().query(
      `INSERT INTO audit_log (admin_id, action, target_type, target_id, target_label, ip)
       VALUES ($1, 'user.unban', 'user', '1', 'someone', '127.0.0.1')`,
      [adminId],
    );
    const { rows: users } = await app().query<{ id: string }>('SELECT id FROM users LIMIT 1');
    await app().query(`UPDATE users SET nickname = 'renamed' WHERE id = $1`, [users[0]!.id]);
    await app().query('SELECT pg_advisory_xact_lock(1)');
    expect((await app().query('SELECT count(*)::int AS n FROM audit_log')).rows[0]).toEqual({ n: 2 });
  });
}

describe('the embedded PostgreSQL: the server works as a role of its own', () => {
  let database: TestDatabase;
  let owner: pg.Client;
  let app: pg.Client;
  const role = name('sfm_app_test');

  beforeAll(async () => {
    database = await createTestDatabase('embedded');
    owner = await clientOf(database.url);
    await seed(owner);
    const password = randomBytes(12).toString('hex');
    await ensureLoginRole(owner, role, password);
    // what connect() does at every start: migrate as the owner, then grant under the same lock
    const ownerPool = new pg.Pool({ connectionString: database.url, max: 1 });
    await runMigrations(ownerPool, role);
    await ownerPool.end();
    app = await clientOf(asRole(database.url, role, password));
  });
  afterAll(async () => {
    await app?.end();
    await owner?.query(`DROP OWNED BY ${role}`);
    await owner?.end();
    await database?.drop();
    const cleanup = await clientOf(withDatabase(database.url, 'postgres'));
    await cleanup.query(`DROP ROLE IF EXISTS ${role}`);
    await cleanup.end();
  });

  it('the owner could step round the triggers (what the review did), which is why the server is not it', async () => {
    await owner.query('BEGIN');
    await owner.query('SET LOCAL session_replication_role = replica');
    const { rowCount } = await owner.query('DELETE FROM audit_log WHERE false');
    await owner.query('ROLLBACK');
    expect(rowCount).toBe(0);
    expect(await ownsOrIsSuperuser(owner)).toBe(true);
  });

  itRefusesEveryBypass(() => app);
});

const external = process.env.TEST_DATABASE_URL || undefined;
describe.skipIf(!external)(
  `an external PostgreSQL with DATABASE_MIGRATION_URL${external ? '' : ' (skipped: TEST_DATABASE_URL not set)'}`,
  () => {
    const ownerRole = name('sfm_owner_test');
    const appRole = name('sfm_app_test');
    const databaseName = name('sfm_roles_test');
    const password = randomBytes(12).toString('hex');
    let server: pg.Client;
    let app: pg.Client;
    let close: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      server = await clientOf(external!);
      await server.query(`CREATE ROLE ${ownerRole} LOGIN PASSWORD '${password}'`);
      await server.query(`CREATE ROLE ${appRole} LOGIN PASSWORD '${password}'`);
      await server.query(`CREATE DATABASE ${databaseName} OWNER ${ownerRole}`);
      const at = withDatabase(external!, databaseName);
      const connection = await connect(
        {
          dataDir: '/nonexistent',
          embeddedPgPort: 0,
          databaseUrl: asRole(at, appRole, password),
          databaseMigrationUrl: asRole(at, ownerRole, password),
        },
        logger,
      );
      close = connection.close;
      const owner = await clientOf(asRole(at, ownerRole, password));
      await seed(owner);
      await owner.end();
      app = await clientOf(asRole(at, appRole, password));
    });
    afterAll(async () => {
      await app?.end();
      await close?.();
      await server.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await server.query(`DROP ROLE IF EXISTS ${appRole}`);
      await server.query(`DROP ROLE IF EXISTS ${ownerRole}`);
      await server.end();
    });

    itRefusesEveryBypass(() => app);
  },
);
