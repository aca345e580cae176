import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes the Postgres migrations that openPostgresStorage applies on start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './adapters/storage/postgres/schema.ts',
  out: './drizzle/postgres',
});
