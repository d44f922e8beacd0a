import type { RouteOptions } from 'fastify';
import { buildApp } from '#server/app';
import { readConfig } from '#server/config';
import type { Database } from '#server/db/database';

/** The zod schemas a route validates its input with (absent when it takes none). */
export interface RouteSchemas {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

export interface ServerRoute {
  /** "METHOD /api/path", with Fastify's `:param`s. */
  key: string;
  method: string;
  url: string;
  schema: RouteSchemas;
}

/**
 * The server's own route table: `buildApp` is built once more with an `onRoute` hook, which sees
 * every route as it registers, whichever feature adds it.
 */
export async function listServerRoutes(db: Database): Promise<ServerRoute[]> {
  const registered: RouteOptions[] = [];
  const app = await buildApp({ db, config: readConfig({ DEMO: 'false' }), onRoute: (route) => registered.push(route) });
  await app.ready();
  await app.close();
  return registered.flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method]).map((method) => {
      const { params, querystring, body } = (route.schema ?? {}) as RouteSchemas;
      return { key: `${method} ${route.url}`, method, url: route.url, schema: { params, querystring, body } };
    }),
  );
}
