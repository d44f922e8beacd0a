import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import type pg from 'pg';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '#core/contract/errors';
import { MAX_BODY_BYTES } from '#core/contract/limits';
import { type Config, proxyTrust, trustedProxies } from './config.ts';
import type { ServerContext } from './context.ts';
import type { Database } from './db/database.ts';
import { registerCompaniesRoutes } from './features/companies/companies.routes.ts';
import { registerCompanyRoutes } from './features/company-settings/company-settings.routes.ts';
import { registerExportRoutes } from './features/exports/exports.routes.ts';
import { registerDevicePositionRoutes } from './features/device-positions/device-positions.routes.ts';
import { answerOsmandQueries, type BeforeRouting } from './features/device-positions/osmand-fast-path.ts';
import { createPositionIngest } from './features/device-positions/position-ingest.ts';
import { registerAvoidanceZoneRoutes } from './features/avoidance-zones/avoidance-zones.routes.ts';
import { registerStandardRouteRoutes } from './features/standard-routes/standard-routes.routes.ts';
import { registerProductionCardRoutes } from './features/production-cards/production-cards.routes.ts';
import { registerDeviceRoutes } from './features/devices/devices.routes.ts';
import { registerGeocodingRoutes } from './features/geocoding/geocoding.routes.ts';
import { registerHealthRoutes } from './features/health/health.routes.ts';
import { registerLocationRoutes } from './features/locations/locations.routes.ts';
import { registerMapTileRoutes } from './features/map-tiles/map-tiles.routes.ts';
import { registerMasterDataRoutes } from './features/master-data/master-data.routes.ts';
import { registerOnboardingRoutes } from './features/onboarding/onboarding.routes.ts';
import { registerLoadActionRoutes } from './features/orders/load-actions.routes.ts';
import { registerOrderRoutes } from './features/orders/orders.routes.ts';
import { registerNotificationConfigRoutes } from './features/notification-configs/notification-configs.routes.ts';
import { registerPeopleRoutes } from './features/people/people.routes.ts';
import { registerPlanningRoutes } from './features/planning/planning.routes.ts';
import { registerReferenceListRoutes } from './features/reference-lists/reference-lists.routes.ts';
import { registerRolePermissionRoutes } from './features/role-permissions/role-permissions.routes.ts';
import { registerRoutingRoutes } from './features/routing/routing.routes.ts';
import { registerSelfRoutes } from './features/self/self.routes.ts';
import { registerServiceAccountRoutes } from './features/service-accounts/service-accounts.routes.ts';
import { registerSessionRoutes } from './features/session/session.routes.ts';
import type { SignInThrottling } from './features/session/session.service.ts';
import { kindsWithoutFeedLoader } from './features/sync/feed-loaders.ts';
import { registerSyncRoutes } from './features/sync/sync.routes.ts';
import { registerTrackingRoutes } from './features/tracking/tracking.routes.ts';
import { registerTravelTimeRoutes } from './features/travel-times/travel-times.routes.ts';
import { registerSelfSettingsRoutes } from './features/self/self-settings.routes.ts';
import { registerAuth, SESSION_COOKIE } from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { answerFrameworkError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { registerRealtime, silentRealtime } from './plugins/realtime.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { createRoutingProvider } from './providers/routing.ts';
import { unregisteredUses } from './resources/uses.ts';
import { registerReferenceChecks } from './tenancy/references.ts';

export interface BuildAppOptions {
  db: Database;
  config: Config;
  /** Serve the built PWA from config.STATIC_DIR (off in API tests). */
  serveWebApp?: boolean;
  logger?: boolean;
  /** Attach socket.io at /socket.io, relayed between nodes through this pool (off in API tests). */
  realtime?: { pool: pg.Pool };
  /** Sign-in throttling thresholds and wait (tests inject a wait that only records); the product's by default. */
  signInThrottling?: SignInThrottling;
  /** Sees every route as it registers (the route matrix test lists the server's routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Handed what the features receive (the ingest, realtime), for what runs beside the routes (the demo simulator). */
  onContext?: (context: ServerContext) => void;
}

/** Whether a request URL names the API (`/api` or anything below it, whatever its query or extension). */
function isApiPath(url: string) {
  const path = url.split('?')[0] ?? '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape is not decoded; the path is judged as written.
  }
  return /^\/api(?:\/|$)/.test(decoded);
}

function answerNoApiRoute(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send({ error: { code: ERROR_CODES.notFound, message: `No API route ${request.method} ${request.url.slice(0, 200)}` } });
}

const FEATURE_ROUTES = [
  registerHealthRoutes,
  registerSessionRoutes,
  registerSelfRoutes,
  registerSelfSettingsRoutes,
  registerOnboardingRoutes,
  registerReferenceListRoutes,
  registerMasterDataRoutes,
  registerLocationRoutes,
  registerPeopleRoutes,
  registerNotificationConfigRoutes,
  registerDeviceRoutes,
  registerAvoidanceZoneRoutes,
  registerStandardRouteRoutes,
  registerProductionCardRoutes,
  registerDevicePositionRoutes,
  registerTrackingRoutes,
  registerServiceAccountRoutes,
  registerCompanyRoutes,
  registerCompaniesRoutes,
  registerRolePermissionRoutes,
  registerOrderRoutes,
  registerLoadActionRoutes,
  registerPlanningRoutes,
  registerSyncRoutes,
  registerTravelTimeRoutes,
  registerRoutingRoutes,
  registerGeocodingRoutes,
  registerExportRoutes,
  registerMapTileRoutes,
];

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  /** Requests answered before Fastify routes them: the phones' reports, once the ingest exists. */
  let beforeRouting: BeforeRouting | null = null;
  const app = Fastify({
    logger: options.logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: trustedProxies(config),
    bodyLimit: MAX_BODY_BYTES,
    frameworkErrors: answerFrameworkError,
    // Fastify's own HTTP server, with its timeouts, plus what is answered before routing.
    serverFactory: (route, settings) => {
      // Fastify has set its defaults in these by now.
      const timeouts = settings as {
        keepAliveTimeout: number;
        requestTimeout: number;
        connectionTimeout: number;
        maxRequestsPerSocket: number;
      };
      const server = http.createServer((request, response) => {
        if (!beforeRouting?.(request, response)) route(request, response);
      });
      server.keepAliveTimeout = timeouts.keepAliveTimeout;
      server.requestTimeout = timeouts.requestTimeout;
      server.setTimeout(timeouts.connectionTimeout);
      if (timeouts.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = timeouts.maxRequestsPerSocket;
      return server;
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  await app.register(fastifyCookie);
  // Before every route and @fastify/static, whose answers they must reach.
  await registerSecurityHeaders(app, config);
  await registerCompression(app);

  const realtime = options.realtime
    ? registerRealtime(app, {
        db,
        pool: options.realtime.pool,
        publicUrl: config.PUBLIC_URL,
        trustsProxy: proxyTrust(trustedProxies(config)),
      })
    : silentRealtime();
  const positions = createPositionIngest(db, realtime, app.log);
  let closing = false;
  beforeRouting = answerOsmandQueries(positions, app.log, () => !closing);
  // Queued fixes are stored (and their requests answered) before the server and the database close;
  // a report arriving meanwhile is Fastify's to refuse as it closes.
  app.addHook('preClose', () => {
    closing = true;
    return positions.close();
  });
  const context: ServerContext = {
    db,
    config,
    realtime,
    routing: createRoutingProvider(config, app.log),
    positions,
    signInThrottling: options.signInThrottling,
  };
  options.onContext?.(context);
  await app.register(
    async (api) => {
      await api.register(fastifySwagger, {
        openapi: {
          info: { title: 'Dispatch API', version: '1' },
          servers: [{ url: '/api' }],
          // The browser signs in with the session cookie; integrations send a service account's secret.
          components: {
            securitySchemes: {
              session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
              serviceAccount: {
                type: 'http',
                scheme: 'bearer',
                description:
                  'A service account secret (Administration › Service accounts). It acts in its organization only, on the routes whose security names one of its scopes: loads:read (GET /api/self/orders, GET /api/self/loads-summary), loads:write (POST /api/orders, PUT /api/orders/{id}, and the week lists), master-data:read (GET /api/tractors, /trailers, /locations, /customers, /drivers, /cargo-types).',
              },
            },
          },
          security: [{ session: [] }],
        },
        transform: jsonSchemaTransform,
      });
      registerOriginCheck(api, config.PUBLIC_URL);
      registerAuth(api, db);
      registerIdempotency(api, db);
      const references = registerReferenceChecks(api, db);
      for (const register of FEATURE_ROUTES) register(api, context);
      const unloaded = kindsWithoutFeedLoader();
      if (unloaded.length) throw new Error(`Declared record types no feature loads for the change feed: ${unloaded.join(', ')}`);
      const uncounted = unregisteredUses();
      if (uncounted.length) throw new Error(`References no feature counts before a delete: ${uncounted.join(', ')}`);
      const unchecked = references.kindsWithoutLookup();
      if (unchecked.length) throw new Error(`Referenced kinds no feature checks the tenancy of: ${unchecked.join(', ')}`);
      api.get('/docs', { schema: { hide: true } }, async () => api.swagger());
      api.setNotFoundHandler(answerNoApiRoute);
    },
    { prefix: '/api' },
  );

  const staticRoot = path.resolve(config.STATIC_DIR);
  if (options.serveWebApp && existsSync(staticRoot)) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      // The build writes .br and .gz twins of the assets (vite-plugin-compression2) at maximum levels.
      preCompressed: true,
      // Hashed assets never change; the service worker, manifest and shell must always revalidate.
      setHeaders: (reply, filePath) => {
        const cacheable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('Cache-Control', cacheable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // Client-side routes (/loads, /manage-company/users…) all answer the app shell.
    app.setNotFoundHandler((request, reply) => {
      // GET of an unknown API path reaches here through @fastify/static's catch-all route: never the shell.
      if (isApiPath(request.url)) return answerNoApiRoute(request, reply);
      // A missing file (an old hashed chunk) must fail as a 404, not arrive as HTML.
      if ((request.method !== 'GET' && request.method !== 'HEAD') || /\.\w+$/.test(request.url.split('?')[0] ?? '')) {
        return reply.code(404).send({ error: { code: ERROR_CODES.notFound, message: 'Not found' } });
      }
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    });
  }
  return app;
}
