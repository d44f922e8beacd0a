import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';

/** What every feature's routes receive. */
export interface ServerContext {
  db: Database;
  config: Config;
}

/** The app typed so route handlers see their zod-parsed params, query and body. */
export function zodRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
