import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this: it diffs server/db/schema.ts into SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
