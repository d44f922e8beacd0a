import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ChangeEntity } from '#core/contract/change-feed';
import { okSchema, organizationParamsSchema } from '#core/contract/common';
import { versionSchema } from '#core/contract/limits';
import { organizationRecordParamsSchema, type RecordUse } from '#core/contract/master-data';
import { PAGE_RULES, type PageRule, type PermissionName } from '#core/domain/access';
import type { ResourceDeclaration, ResourceWrites } from '#core/resources/resource';
import { type ServerContext, zodRoutes } from '#server/context';
import type { Queryable, Transaction } from '#server/db/database';
import { assertActiveOrganization, assertUnused, mirrorWrite, staleVersion } from '#server/features/master-data/records';
import { type FeedRowLoader, registerFeedLoader } from '#server/features/sync/feed-loaders';
import { type AuthContext, guard, requireAuth } from '#server/plugins/auth';
import { notFound } from '#server/plugins/error-handler';

/** A table of organization-owned, versioned records (`versioned` columns of server/db/schema.ts). */
type RecordTable = PgTable & {
  id: PgColumn;
  organizationId: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

/**
 * What a record type keeps on the server beyond its declaration (core/resources): its table, how a
 * stored row becomes the contract's row, how an input becomes columns, and its own rules. Everything
 * else — the three routes with their guards and validation, the lock, the version check (409 with
 * the row as stored), version + 1, the change log, the socket poke, the feed loader and the "in use"
 * refusal — is the same for every record type and lives here once.
 */
export interface RecordStore<Row extends { id: number }, Input> {
  table: RecordTable;
  /** Singular, for messages ("The customer was changed by someone else"). */
  noun: string;
  toRow(stored: Record<string, unknown>): Row;
  /** The columns an input sets (the organization, version and timestamps are set here). */
  values(input: Input, auth: AuthContext): Record<string, unknown>;
  /** The feature's rules beyond the schema, inside the write's transaction (throw an HttpError to refuse). */
  check?(tx: Transaction, auth: AuthContext, input: Input, current: Row | null): Promise<void>;
  /** What still uses the record: a delete is refused (409 `inUse`) while any count is above zero. */
  uses?(tx: Transaction, id: number): Promise<Partial<Record<RecordUse, number>>>;
  /** Organizations whose mirrors hold the record besides its own (carriers of loads naming it). */
  alsoSeenBy?(tx: Queryable, organizationId: number, id: number): Promise<number[]>;
  /** What the change feed answers for the kind, when others than the organization see its rows (default: its own). */
  feed?: FeedRowLoader;
}

/** The page's tier, feature and carrier conditions with the write's own permission. */
function writeRule(writes: ResourceWrites, permission: PermissionName): PageRule {
  const page: PageRule = writes.page ? PAGE_RULES[writes.page] : {};
  return { ...page, permissions: [permission], anyPermission: undefined };
}

/** Registers a declared record type's writes and feed loader: POST, PUT …/{id} with `version`, DELETE …/{id}. */
export function registerResourceRoutes<Row extends { id: number }, Input>(
  app: FastifyInstance,
  { db, realtime }: ServerContext,
  declaration: ResourceDeclaration & { writes: ResourceWrites },
  store: RecordStore<Row, Input>,
) {
  const { writes, kind } = declaration;
  const { table } = store;
  const api = zodRoutes(app);
  const collection = `/organizations/:orgId/${writes.path}`;
  const tags = [writes.path];
  // Typed loosely for the route builder; the handlers name what the schemas guarantee.
  const inputSchema = writes.input as z.ZodObject;
  const updateSchema = inputSchema.extend({ version: versionSchema });
  const rowSchema = declaration.row as unknown as z.ZodObject;

  const read = async (database: Queryable, organizationId: number, ids: number[]) => {
    if (!ids.length) return [];
    const rows = await database
      .select()
      .from(table)
      .where(and(eq(table.organizationId, organizationId), sql`${table.id} = any(${sql.param(ids)}::int[])`));
    return rows.map((row) => store.toRow(row as Record<string, unknown>));
  };
  registerFeedLoader(kind as ChangeEntity, store.feed ?? ((database, auth, ids) => read(database, auth.organizationId, ids)));

  const locked = async (tx: Transaction, organizationId: number, id: number) => {
    const [row] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), eq(table.organizationId, organizationId)))
      .for('update');
    if (!row) throw notFound(capitalized(store.noun));
    return store.toRow(row as Record<string, unknown>);
  };
  const audience = async (tx: Queryable, organizationId: number, id: number) => [
    organizationId,
    ...((await store.alsoSeenBy?.(tx, organizationId, id)) ?? []),
  ];

  api.post(
    collection,
    {
      schema: { tags, params: organizationParamsSchema, body: inputSchema, response: { 201: rowSchema } },
      onRequest: guard(writeRule(writes, writes.permissions.create)),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      assertActiveOrganization(auth, request.params.orgId);
      const created = await mirrorWrite(db, realtime, async (tx, record) => {
        const input = request.body as Input;
        await store.check?.(tx, auth, input, null);
        const [row] = await tx
          .insert(table)
          .values({ ...store.values(input, auth), organizationId: auth.organizationId } as never)
          .returning();
        const saved = store.toRow(row as Record<string, unknown>);
        await record([{ entity: kind as ChangeEntity, id: saved.id, op: 'upsert', organizationIds: [auth.organizationId] }]);
        return saved;
      });
      return reply.code(201).send(created);
    },
  );

  api.put(
    `${collection}/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, body: updateSchema, response: { 200: rowSchema } },
      onRequest: guard(writeRule(writes, writes.permissions.edit)),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { orgId, id } = request.params;
      assertActiveOrganization(auth, orgId);
      return mirrorWrite(db, realtime, async (tx, record) => {
        const { version, ...input } = request.body as Input & { version: number };
        const current = await locked(tx, orgId, id);
        if ((current as Row & { version: number }).version !== version) throw staleVersion(store.noun, current);
        await store.check?.(tx, auth, input as Input, current);
        const [row] = await tx
          .update(table)
          .set({ ...store.values(input as Input, auth), version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
          .where(eq(table.id, id))
          .returning();
        const saved = store.toRow(row as Record<string, unknown>);
        await record([{ entity: kind as ChangeEntity, id, op: 'upsert', organizationIds: await audience(tx, orgId, id) }]);
        return saved;
      });
    },
  );

  api.delete(
    `${collection}/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } },
      onRequest: guard(writeRule(writes, writes.permissions.delete)),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { orgId, id } = request.params;
      assertActiveOrganization(auth, orgId);
      await mirrorWrite(db, realtime, async (tx, record) => {
        await locked(tx, orgId, id);
        if (store.uses) assertUnused(store.noun, await store.uses(tx, id));
        await record([{ entity: kind as ChangeEntity, id, op: 'delete', organizationIds: await audience(tx, orgId, id) }]);
        await tx.delete(table).where(eq(table.id, id));
      });
      return { ok: true as const };
    },
  );
}

const capitalized = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);
