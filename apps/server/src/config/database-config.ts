/** Where the server keeps its state: the data folder, and the embedded or an external PostgreSQL. */
import path from 'node:path';
import { z } from 'zod';
import { configSlice, type DocsOf, port } from './config-slice.ts';

export interface DatabaseConfig {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The tables' owner for migrations, when the server's own role (databaseUrl) is another. */
  databaseMigrationUrl: string | undefined;
  embeddedPgPort: number;
}

const postgresUrl = z.url({ protocol: /^postgres(ql)?$/ });

const DatabaseEnv = z
  .object({
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: postgresUrl.optional(),
    DATABASE_MIGRATION_URL: postgresUrl.optional(),
    EMBEDDED_PG_PORT: port.default(0),
  })
  // A migration owner means nothing without the server's own role beside it.
  .superRefine((e, ctx) => {
    if (e.DATABASE_MIGRATION_URL && !e.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_MIGRATION_URL'],
        message: 'needs DATABASE_URL (the embedded PostgreSQL sets up its own roles)',
      });
    }
  });

export const databaseConfig = configSlice({
  schema: DatabaseEnv,
  docs: {
    DATA_DIR: [
      './data',
      'Where local state lives (embedded PostgreSQL in `pg/`, `jwt-secret`); relative to the cwd.',
    ],
    DATABASE_URL: [
      '(unset)',
      'External PostgreSQL URL; unset starts the embedded PostgreSQL in `DATA_DIR/pg`.',
    ],
    DATABASE_MIGRATION_URL: [
      '(unset)',
      "With `DATABASE_URL`: the tables' owner, used only to migrate and to grant `DATABASE_URL`'s role what it may do (only adding to the audit log and points ledger). Unset, `DATABASE_URL` migrates too (and a warning says it owns the tables).",
    ],
    EMBEDDED_PG_PORT: [
      '0',
      'Port of the embedded PostgreSQL (127.0.0.1 only; the server itself uses its socket in `DATA_DIR/pg`); 0 picks a free port at each start.',
    ],
  } satisfies DocsOf<typeof DatabaseEnv>,
  read: (e, { cwd }): DatabaseConfig => ({
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseMigrationUrl: e.DATABASE_MIGRATION_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
  }),
});
