import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { PositionIngest } from './features/device-positions/position-ingest.ts';
import type { SignInThrottling } from './features/session/session.service.ts';
import type { RealtimePublisher } from './plugins/realtime.ts';
import type { RoutingProvider } from './providers/routing.ts';

/** What every feature's routes receive. */
export interface ServerContext {
  db: Database;
  config: Config;
  /** Announces committed changes over socket.io; does nothing when realtime is not attached. */
  realtime: RealtimePublisher;
  /** Routes the legs a saved load names that no editor asked for yet (ROUTING_URL, else the embedded estimate). */
  routing: RoutingProvider;
  /** Where every device fix comes in; live tracking listens to it. */
  positions: PositionIngest;
  /** Sign-in throttling thresholds and wait; absent means the product's (tests inject a wait that only records). */
  signInThrottling?: SignInThrottling;
}

/** The app typed so route handlers see their zod-parsed params, query and body. */
export function zodRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ZodTypeProvider>();
}
