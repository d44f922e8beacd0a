/**
 * Every id a request names belongs to the caller's organization. The contract declares which
 * fields are references (`referenceId` in core/contract/references.ts); this module checks them all
 * in one query (a select per kind), scoped to the active organization, and answers 400 naming each field
 * that points elsewhere. `registerReferenceChecks` runs the check on every route before its handler,
 * so declaring a field is all a new reference needs, and it refuses to register a route with an id
 * field declared neither way.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';
import {
  collectReferences,
  declaresReferences,
  referencedKinds,
  type FoundReference,
  type ReferenceKind,
  undeclaredIdFields,
} from '#core/contract/references';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Queryable } from '#server/db/database';
import { type OrganizationCaller, requireCaller } from '#server/plugins/auth';
import { badRequest } from '#server/plugins/error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'service': the route's service checks its references itself (`assertReferencesBelong` inside
     * its transaction), because the record it changes may keep references of another organization
     * (a carried load's driver, the owner's stops a carrier sees).
     */
    references?: 'service';
  }
}

/** References the changed record already holds, kept whatever organization they belong to. */
export type HeldReference = (reference: FoundReference) => boolean;

/** For a list body: what the item holding each reference keeps (`heldOf(index)`, on the path within the item). */
export function heldByItem(heldOf: (index: number) => HeldReference): HeldReference {
  return (reference) => {
    const [index, ...path] = reference.path;
    return typeof index === 'number' && heldOf(index)({ ...reference, path });
  };
}

/**
 * Of `ids`, those of a kind the organization may name, each with the location it lies in
 * (sub-locations): a select of (id, location_id). Every kind a request names is asked in one query.
 */
export type OwnedIds = (organizationId: number, ids: number[]) => SQL;

export const idArray = (ids: number[]) => sql`${sql.param(ids)}::int[]`;

/** A table that carries its organization. */
type OrganizationTable = PgTable & { id: PgColumn; organizationId: PgColumn };

/** Records of a table that carries its organization: the organization's own. */
export function ownedRowsOf(table: OrganizationTable): OwnedIds {
  return (org, ids) =>
    sql`select ${table.id} as id, null::int as location_id from ${table}
         where ${table.organizationId} = ${org} and ${table.id} = any(${idArray(ids)})`;
}

/** Filled alike by every app a process builds (each feature registers the same pure lookups), so shared. */
const lookups = new Map<ReferenceKind, { owned: OwnedIds; label: string }>();

/**
 * Registers how a reference of `kind` is checked: by the feature owning the kind (the record routes
 * register theirs), like feed loaders, so tenancy imports no feature. `label` names it in messages
 * (default: its words, `cargoType` → "cargo type").
 */
export function registerOwnedIds(
  kind: ReferenceKind,
  lookup: OwnedIds,
  label = kind.replace(/[A-Z]/g, (letter: string) => ` ${letter.toLowerCase()}`),
) {
  lookups.set(kind, { owned: lookup, label });
}

function lookupOf(kind: ReferenceKind) {
  const lookup = lookups.get(kind);
  if (!lookup) throw new Error(`No feature registered how a ${kind} reference is checked`);
  return lookup;
}

const LABEL = (kind: ReferenceKind) => lookupOf(kind).label;

/** Of each kind's ids, those the organization may name, with their location: one round trip for every kind. */
async function ownedByKindOf(db: Queryable, organizationId: number, idsByKind: Map<ReferenceKind, Set<number>>) {
  const selects = [...idsByKind].map(
    ([kind, ids]) =>
      sql`select ${kind}::text as kind, id, location_id from (${lookupOf(kind).owned(organizationId, [...ids])}) as owned`,
  );
  const result = await db.execute<{ kind: ReferenceKind; id: number; location_id: number | null }>(
    sql.join(selects, sql` union all `),
  );
  const ownedByKind = new Map<ReferenceKind, Map<number, number | null>>();
  for (const row of result.rows) {
    const owned = ownedByKind.get(row.kind) ?? new Map<number, number | null>();
    owned.set(row.id, row.location_id);
    ownedByKind.set(row.kind, owned);
  }
  return ownedByKind;
}

function unknownMessage(kind: ReferenceKind) {
  return kind === 'transporter' ? 'not an active carrier of your organization' : `unknown ${LABEL(kind)}`;
}

/**
 * Checks every reference `schema` declares in `value` (already parsed by it) against the active
 * organization, in one query for every kind named; a sub-location must also lie in the location its
 * `within` field names. Throws 400 listing each offending field as `<path>.<field path>`;
 * references `held` says the changed record keeps are not checked.
 */
export async function assertReferencesBelong(
  db: Queryable,
  auth: OrganizationCaller,
  schema: z.core.$ZodType,
  value: unknown,
  options: { path?: string; held?: HeldReference } = {},
): Promise<void> {
  const { path = 'body', held } = options;
  const references = collectReferences(schema, value).filter((reference) => !held?.(reference));
  if (!references.length) return;
  const idsByKind = new Map<ReferenceKind, Set<number>>();
  for (const reference of references) {
    const ids = idsByKind.get(reference.kind) ?? new Set<number>();
    ids.add(reference.id);
    idsByKind.set(reference.kind, ids);
  }
  const ownedByKind = await ownedByKindOf(db, auth.organizationId, idsByKind);
  const issues = references.flatMap((reference) => {
    const where = [path, ...reference.path].join('.');
    const found = ownedByKind.get(reference.kind);
    if (!found?.has(reference.id)) return [{ path: where, message: unknownMessage(reference.kind) }];
    if (reference.within && found.get(reference.id) !== reference.within.id) {
      return [{ path: where, message: `not a ${LABEL(reference.kind)} of the record in ${reference.within.field}` }];
    }
    return [];
  });
  if (issues.length) throw badRequest(issues);
}

const CHECKED_PARTS = [
  { part: 'querystring', value: (request: FastifyRequest) => request.query },
  { part: 'body', value: (request: FastifyRequest) => request.body },
] as const;

function asList<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (!hooks) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * For every route registered on `app` from now on: refuses (throws) a route whose params, query or
 * body has an id field declared neither as a reference nor as not one, and adds a preHandler that
 * checks the references of its query and body (unless its service does, `config.references`).
 * Answers `kindsWithoutLookup`: the kinds the app's routes reference that no feature registered a
 * lookup for (none once all have), of this app's routes only.
 */
export function registerReferenceChecks(app: FastifyInstance, db: Database): { kindsWithoutLookup: () => ReferenceKind[] } {
  const referenced = new Set<ReferenceKind>();
  app.addHook('onRoute', (route) => {
    const schemas = route.schema ?? {};
    for (const part of ['params', 'querystring', 'body'] as const) {
      const schema = schemas[part] as z.core.$ZodType | undefined;
      if (schema) for (const kind of referencedKinds(schema)) referenced.add(kind);
      const undeclared = schema ? undeclaredIdFields(schema) : [];
      if (undeclared.length) {
        throw new Error(
          `${route.method} ${route.url}: ${undeclared.map((field) => `${part}.${field}`).join(', ')} must be declared ` +
            'with referenceId or notAReference (core/contract/references.ts)',
        );
      }
    }
    if (route.config?.references === 'service') return;
    const checked = CHECKED_PARTS.flatMap(({ part, value }) => {
      const schema = schemas[part] as z.core.$ZodType | undefined;
      return schema && declaresReferences(schema) ? [{ part, schema, value }] : [];
    });
    if (!checked.length) return;
    const checkReferences: preHandlerHookHandler = async (request) => {
      const auth = requireCaller(request);
      for (const { part, schema, value } of checked) {
        await assertReferencesBelong(db, auth, schema, value(request), { path: part });
      }
    };
    route.preHandler = [...asList(route.preHandler), checkReferences];
  });
  return { kindsWithoutLookup: () => [...referenced].filter((kind) => !lookups.has(kind)) };
}
