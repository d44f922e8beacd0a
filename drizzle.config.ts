import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this: it diffs the shared tables (server/db/schema.ts) and each
// feature's own (server/features/<noun>/<noun>.schema.ts) into SQL migrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/features/*/*.schema.ts'],
  out: './server/db/migrations',
});
