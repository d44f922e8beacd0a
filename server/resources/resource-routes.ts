import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { intersection, object, type z, ZodObject } from 'zod';
import type { ChangeEntity } from '#core/contract/change-feed';
import { okSchema, organizationParamsSchema } from '#core/contract/common';
import { versionSchema } from '#core/contract/limits';
import { organizationRecordParamsSchema } from '#core/contract/master-data';
import type { ResourceDeclaration, ResourceWrites } from '#core/resources/resource';
import { writeRule } from '#core/resources/write-rule';
import type { ResourceKind } from '#core/resources/resource-list';
import { type ServerContext, zodRoutes } from '#server/context';
import type { Queryable, Transaction } from '#server/db/database';
import {
  assertActiveOrganization,
  assertUnused,
  mirrorWrite,
  type RecordMirrorChanges,
  staleVersion,
} from '#server/resources/mirror-write';
import { type FeedRowLoader, registerFeedLoader } from '#server/features/sync/feed-loaders';
import { ownedRowsOf, registerOwnedIds } from '#server/tenancy/references';
import { countsUsesBeforeDeleting, usesOf } from './uses.ts';
import { type AuthContext, guard, requireAuth } from '#server/plugins/auth';
import type { PermissionName } from '#core/domain/access';
import { forbidden, type HttpError, notFound } from '#server/plugins/error-handler';

/** A table of organization-owned, versioned records (`versioned` columns of server/db/schema.ts). */
type RecordTable = PgTable & {
  id: PgColumn;
  organizationId: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

/** One entry of the change log a write records (the row's own is recorded here). */
export type RecordChange = Parameters<RecordMirrorChanges>[0][number];

/** What a write hook is given besides the input: the transaction, the caller and the row as stored before (null on create). */
export interface WriteContext {
  tx: Transaction;
  auth: AuthContext;
  /** The table's row as stored before the write, locked (null on create). */
  stored: Record<string, unknown> | null;
}

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
  /** The contract's row of a stored one (default: the stored row as it is). */
  toRow?(stored: Record<string, unknown>): Row;
  /** Reads rows matching `where` when a row is more than its table's columns (sub-tables, counts); default: `toRow` of the table's. */
  rows?(db: Queryable, where: SQL): Promise<Row[]>;
  /** The columns an input sets (the organization, version and timestamps are set here). */
  values(input: Input, context: WriteContext): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** Refuses a caller the guard lets through (a carrier whose clients keep their equipment), before every write. */
  authorize?(tx: Transaction, auth: AuthContext): Promise<void>;
  /** The feature's rules beyond the schema, inside the write's transaction (throw an HttpError to refuse). */
  check?(tx: Transaction, auth: AuthContext, input: Input, current: Row | null, values: Record<string, unknown>): Promise<void>;
  /** After the row is written (create and edit): the sub-tables an input names (members, contacts). */
  written?(tx: Transaction, id: number, input: Input): Promise<void>;
  /** Other rows a write of this one changes in the mirrors (the user holding a contact). */
  alsoChanged?(tx: Transaction, organizationId: number, id: number): Promise<RecordChange[]>;
  /**
   * Before a delete, after the lock and before the "in use" count: refusals the counts cannot say
   * (throw), and the changes of rows that go with it (`record` their deletions before the cascade).
   */
  beforeDelete?(tx: Transaction, id: number, record: RecordMirrorChanges, organizationId: number): Promise<void>;
  /**
   * What still uses the record besides the kinds registered with `registerUse` (./uses.ts), by kind
   * (`{ order: 3 }`): a delete is refused (409 `inUse`) while any count is above zero.
   */
  uses?(tx: Transaction, id: number): Promise<Partial<Record<ResourceKind, number>>>;
  /**
   * The answer to a unique index the write ran into (PostgreSQL 23505), by the index's name: two
   * concurrent writes may both pass `check` before either commits.
   */
  uniqueViolations?: Record<string, () => HttpError>;
  /** Organizations whose mirrors hold the record besides its own (carriers of loads naming it). */
  alsoSeenBy?(tx: Queryable, organizationId: number, id: number): Promise<number[]>;
  /** What the change feed answers for the kind, when others than the organization see its rows (default: its own). */
  feed?: FeedRowLoader;
  /**
   * Rows without an organization are every organization's (global avoidance zones): they reach every
   * mirror, and creating, editing, deleting one, or moving a row to or from global, needs this
   * permission. `values` answers `organizationId: null` to make a row global.
   */
  globalRows?: PermissionName;
  /**
   * Deleting keeps the row with these columns set (a standard route's `deletedAt`, spec 1 §3): the
   * mirrors receive it as an edit. Given the row as stored, locked; throw to refuse.
   */
  softDelete?(stored: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Registers a declared record type's writes and feed loader: POST, PUT …/{id} with `version`, DELETE …/{id}.
 * Answers the create and the delete, for a feature whose spec names other paths to the same writes.
 */
export function registerResourceRoutes<Row extends { id: number }, Input>(
  app: FastifyInstance,
  { db, realtime }: ServerContext,
  declaration: ResourceDeclaration & { writes: ResourceWrites },
  store: RecordStore<Row, Input>,
) {
  const { writes, kind } = declaration;
  const entity = kind as ChangeEntity;
  const { table } = store;
  const api = zodRoutes(app);
  const collection = `/organizations/:orgId/${writes.path}`;
  const tags = [writes.path];
  // Typed loosely for the route builder; the handlers name what the schemas guarantee.
  const inputSchema = writes.input as z.ZodObject;
  // An input that transforms (a contact's methods) is no object to extend: the version joins it.
  const updateSchema =
    inputSchema instanceof ZodObject
      ? inputSchema.extend({ version: versionSchema })
      : intersection(inputSchema, object({ version: versionSchema }));
  const rowSchema = declaration.row as unknown as z.ZodObject;

  const rowsWhere = async (database: Queryable, where: SQL) => {
    if (store.rows) return store.rows(database, where);
    const rows = await database.select().from(table).where(where).orderBy(table.id);
    return rows.map((row) => (store.toRow ? store.toRow(row as Record<string, unknown>) : (row as unknown as Row)));
  };
  /** The organization's rows, and the global ones when the kind has them. */
  const visibleTo = (organizationId: number) =>
    store.globalRows
      ? or(eq(table.organizationId, organizationId), isNull(table.organizationId))
      : eq(table.organizationId, organizationId);
  const read = async (database: Queryable, organizationId: number, ids: number[]) => {
    if (!ids.length) return [];
    return rowsWhere(database, and(visibleTo(organizationId), sql`${table.id} = any(${sql.param(ids)}::int[])`) as SQL);
  };
  /** The owner a write gives the row: the caller's organization, or none for a global row the caller may write. */
  const ownerOf = (auth: AuthContext, values: Record<string, unknown>): number | null =>
    store.globalRows && values.organizationId === null ? null : auth.organizationId;
  const assertMayWriteGlobal = (auth: AuthContext, ...owners: (number | null)[]) => {
    if (owners.includes(null) && !(store.globalRows && auth.permissions.includes(store.globalRows))) {
      throw forbidden(`Only ${store.globalRows ?? 'a platform permission'} writes a ${store.noun} of every company`);
    }
  };
  const readOne = async (tx: Queryable, id: number) => {
    const [row] = await rowsWhere(tx, eq(table.id, id));
    if (!row) throw notFound(capitalized(store.noun));
    return row;
  };
  countsUsesBeforeDeleting(kind as ResourceKind);
  // A reference to a record of the kind names one of the organization's own rows.
  registerOwnedIds(kind as ResourceKind, ownedRowsOf(table));
  const view = writes.permissions.view;
  registerFeedLoader(
    entity,
    store.feed ??
      ((database, auth, ids) =>
        view && !auth.permissions.includes(view) ? Promise.resolve([]) : read(database, auth.organizationId, ids)),
  );

  const locked = async (tx: Transaction, organizationId: number, id: number) => {
    const [row] = await tx
      .select()
      .from(table)
      .where(and(eq(table.id, id), visibleTo(organizationId)))
      .for('update');
    if (!row) throw notFound(capitalized(store.noun));
    return row as Record<string, unknown> & { version: number; organizationId: number | null };
  };
  /** The organizations whose mirrors hold the row: its own and those the store names, or every one (null) for a global row. */
  const audience = async (tx: Queryable, owner: number | null, id: number): Promise<(number | null)[]> =>
    owner === null ? [null] : [owner, ...((await store.alsoSeenBy?.(tx, owner, id)) ?? [])];
  /** A concurrent write's unique violation as the store words it; anything else as it was. */
  const refusingDuplicates = (error: unknown): never => {
    const cause = (error as { cause?: unknown })?.cause ?? error;
    const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
    const answer = code === UNIQUE_VIOLATION && constraint ? store.uniqueViolations?.[constraint] : undefined;
    throw answer ? answer() : error;
  };
  const upserted = async (
    tx: Transaction,
    organizationId: number,
    id: number,
    owners: (number | null)[],
  ): Promise<RecordChange[]> => [
    // A row moved to or from global reaches both audiences: the mirrors that held it drop or keep it.
    {
      entity,
      id,
      op: 'upsert',
      organizationIds: [...new Set((await Promise.all(owners.map((owner) => audience(tx, owner, id)))).flat())],
    },
    ...((await store.alsoChanged?.(tx, organizationId, id)) ?? []),
  ];

  /** A create as the POST route makes it, for a feature's own path to the same write (spec paths by guid). */
  const create = async (auth: AuthContext, input: Input): Promise<Row> =>
    mirrorWrite(db, realtime, async (tx, record) => {
      await store.authorize?.(tx, auth);
      const values = await store.values(input, { tx, auth, stored: null });
      const owner = ownerOf(auth, values);
      assertMayWriteGlobal(auth, owner);
      await store.check?.(tx, auth, input, null, values);
      const [row] = await tx
        .insert(table)
        .values({ ...values, organizationId: owner } as never)
        .returning({ id: table.id });
      const id = (row as { id: number }).id;
      await store.written?.(tx, id, input);
      await record(await upserted(tx, auth.organizationId, id, [owner]));
      return readOne(tx, id);
    }).catch(refusingDuplicates);

  api.post(
    collection,
    {
      schema: { tags, params: organizationParamsSchema, body: inputSchema, response: { 201: rowSchema } },
      onRequest: guard(writeRule(writes, 'create')),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      assertActiveOrganization(auth, request.params.orgId);
      return reply.code(201).send(await create(auth, request.body as Input));
    },
  );

  api.put(
    `${collection}/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, body: updateSchema, response: { 200: rowSchema } },
      onRequest: guard(writeRule(writes, 'edit')),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { orgId, id } = request.params;
      assertActiveOrganization(auth, orgId);
      return mirrorWrite(db, realtime, async (tx, record) => {
        const { version, ...input } = request.body as Input & { version: number };
        await store.authorize?.(tx, auth);
        const stored = await locked(tx, orgId, id);
        const current = await readOne(tx, id);
        if (stored.version !== version) throw staleVersion(store.noun, current);
        const values = await store.values(input as Input, { tx, auth, stored });
        const owner = store.globalRows ? ownerOf(auth, values) : stored.organizationId;
        assertMayWriteGlobal(auth, stored.organizationId, owner);
        await store.check?.(tx, auth, input as Input, current, values);
        await tx
          .update(table)
          .set({ ...values, organizationId: owner, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
          .where(eq(table.id, id));
        await store.written?.(tx, id, input as Input);
        await record(await upserted(tx, orgId, id, [stored.organizationId, owner]));
        return readOne(tx, id);
      }).catch(refusingDuplicates);
    },
  );

  /** A delete as the DELETE route makes it, of the active organization's record `id`. */
  const remove = async (auth: AuthContext, id: number): Promise<void> => {
    const orgId = auth.organizationId;
    await mirrorWrite(db, realtime, async (tx, record) => {
      await store.authorize?.(tx, auth);
      const stored = await locked(tx, orgId, id);
      assertMayWriteGlobal(auth, stored.organizationId);
      await store.beforeDelete?.(tx, id, record, orgId);
      assertUnused(store.noun, { ...(await store.uses?.(tx, id)), ...(await usesOf(tx, kind as ResourceKind, id)) });
      if (store.softDelete) {
        await tx
          .update(table)
          .set({ ...store.softDelete(stored), version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
          .where(eq(table.id, id));
        await record(await upserted(tx, orgId, id, [stored.organizationId]));
        return;
      }
      await record([{ entity, id, op: 'delete', organizationIds: await audience(tx, stored.organizationId, id) }]);
      await tx.delete(table).where(eq(table.id, id));
    });
  };

  api.delete(
    `${collection}/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } },
      onRequest: guard(writeRule(writes, 'delete')),
    },
    async (request) => {
      const auth = requireAuth(request);
      assertActiveOrganization(auth, request.params.orgId);
      await remove(auth, request.params.id);
      return { ok: true as const };
    },
  );

  return { create, remove };
}

/** PostgreSQL's code for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';

const capitalized = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);
