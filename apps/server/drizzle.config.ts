import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @sfm/server` writes a new SQL migration into ./drizzle after a schema change.
// It reads every table file by its name (core-schema.ts and each feature's <feature>-schema.ts), so
// a feature's new table file needs no line in a list of them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/*-schema.ts',
  out: './drizzle',
});
