/**
 * The server's database role owns nothing it must not change. Migrations run as the owner of the
 * tables; the server itself connects as a role that may read and write the tables but only add
 * to the audit log and the points ledger. Their triggers already refuse UPDATE, DELETE and
 * TRUNCATE, but an owner (or a superuser) can step round a trigger (`ALTER TABLE … DISABLE
 * TRIGGER`, `SET session_replication_role = replica`); a role without those privileges cannot,
 * so a bug or an injected query in the server cannot rewrite who did what or who paid what.
 */
import type pg from 'pg';

/** The embedded PostgreSQL's role for the server (the cluster's superuser runs the migrations). */
export const EMBEDDED_APP_ROLE = 'see_for_me_app';

/** Append-only tables: the server may read them and add rows, nothing else. */
const APPEND_ONLY_TABLES = ['audit_log', 'points_entries'] as const;

type Queryable = Pick<pg.ClientBase, 'query' | 'escapeIdentifier' | 'escapeLiteral'>;

/**
 * Makes `role` a plain login role (no superuser, no role or database creation, no replication,
 * no bypassing row security) with this password: created the first time, brought back to these
 * attributes on every start.
 */
export async function ensureLoginRole(owner: Queryable, role: string, password: string): Promise<void> {
  const { rowCount } = await owner.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  const attributes =
    'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT ' +
    `PASSWORD ${owner.escapeLiteral(password)}`;
  const verb = rowCount ? 'ALTER' : 'CREATE';
  await owner.query(`${verb} ROLE ${owner.escapeIdentifier(role)} WITH ${attributes}`);
}

/**
 * What the server's role may do in the current database, after every migration (new tables get
 * the same grants): read and write the tables and use their sequences, only SELECT and INSERT on
 * the append-only ones, and create nothing.
 */
export async function grantAppRole(owner: Queryable, role: string): Promise<void> {
  const who = owner.escapeIdentifier(role);
  const { rows } = await owner.query<{ db: string }>('SELECT current_database() AS db');
  const database = owner.escapeIdentifier(rows[0]?.db ?? '');
  const appendOnly = APPEND_ONLY_TABLES.map((t) => owner.escapeIdentifier(t)).join(', ');
  for (const statement of [
    `GRANT CONNECT ON DATABASE ${database} TO ${who}`,
    // PostgreSQL 15's default; older servers let every role create tables in public
    'REVOKE CREATE ON SCHEMA public FROM PUBLIC',
    `REVOKE CREATE ON SCHEMA public FROM ${who}`,
    `GRANT USAGE ON SCHEMA public TO ${who}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${who}`,
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${appendOnly} FROM ${who}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${who}`,
  ]) {
    await owner.query(statement);
  }
}

/** Whether the connected role could step round the append-only tables' triggers. */
export async function ownsOrIsSuperuser(client: Queryable): Promise<boolean> {
  const { rows } = await client.query<{ risky: boolean }>(
    `SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
         OR EXISTS (SELECT 1 FROM pg_tables WHERE tablename = ANY($1) AND tableowner = current_user)
       AS risky`,
    [APPEND_ONLY_TABLES],
  );
  return rows[0]?.risky ?? false;
}
