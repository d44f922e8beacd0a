import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** A change of `GET /api/sync/changes` as the tests read it. */
export interface FeedChange<Row = Record<string, unknown>> {
  entity: string;
  id: number;
  op: 'upsert' | 'delete';
  row?: Row;
}

/** A page of `GET /api/sync/changes`. */
export interface FeedPage<Row = Record<string, unknown>> {
  changes: FeedChange<Row>[];
  cursor: string;
  hasMore: boolean;
  reset?: boolean;
  heldBack?: boolean;
}

/**
 * Every page of the change feed from `since` (a snapshot of everything without it), as the signed-in
 * `cookie` sees it; `window` (the query's text) narrows the loads, `limit` sizes the pages.
 */
export async function pullChanges<Row>(
  app: FastifyInstance,
  cookie: string,
  since?: string,
  { window, limit = 100 }: { window?: string; limit?: number } = {},
) {
  let cursor = since;
  const changes: FeedChange<Row>[] = [];
  const pages: FeedPage<Row>[] = [];
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit), ...(cursor && { since: cursor }), ...(window && { window }) });
    const response = await app.inject({ method: 'GET', url: `/api/sync/changes?${query}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const page = response.json() as FeedPage<Row>;
    pages.push(page);
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor, pages };
  }
}

/**
 * Pulls from `since` until `done` holds for everything pulled so far (or 15 s pass). The feed rightly
 * holds back rows while any older transaction of the cluster runs, and other test files share it.
 */
export async function pullChangesUntil<Row>(
  app: FastifyInstance,
  cookie: string,
  since: string,
  done: (changes: FeedChange<Row>[]) => boolean,
) {
  const changes: FeedChange<Row>[] = [];
  let cursor = since;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await pullChanges<Row>(app, cookie, cursor);
    changes.push(...page.changes);
    cursor = page.cursor;
    if (done(changes) || Date.now() > deadline) return { changes, cursor };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Pulls from `since` until every wanted change is among those pulled (see pullChangesUntil). */
export function pullChangesHaving<Row>(
  app: FastifyInstance,
  cookie: string,
  since: string,
  wanted: readonly { entity: string; id: number; op?: 'upsert' | 'delete' }[],
) {
  return pullChangesUntil<Row>(app, cookie, since, (changes) =>
    wanted.every((want) =>
      changes.some((change) => change.entity === want.entity && change.id === want.id && (!want.op || change.op === want.op)),
    ),
  );
}
