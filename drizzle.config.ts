import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes SQL migrations that both PGlite and PostgreSQL run. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema/index.ts',
  out: './server/src/db/migrations',
});
