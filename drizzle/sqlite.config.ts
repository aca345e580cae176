import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes the SQLite migrations that openSqliteStorage applies on start. */
export default defineConfig({
  dialect: 'sqlite',
  schema: './adapters/storage/sqlite/schema.ts',
  out: './drizzle/sqlite',
});
