import { z } from 'zod';
import type { ResourceKind } from '#core/resources/resource-list';
import { idSchema, idTextSchema } from './limits.ts';

/**
 * Tenancy of the ids a request names, declared in the contract itself. An id field is either
 * - a **reference** (`referenceId`): another record the request points at, which must belong to the
 *   caller's active organization — the server checks every declared reference of every request
 *   (server/tenancy) and answers 400 naming the field; or
 * - **not a reference** (`notAReference`): the record the request acts on (the service answers 404
 *   for another organization's), a filter that simply matches nothing of other organizations, or
 *   text that only looks like an id.
 * The server refuses to register a route whose body, query or path has a field named `id`, `…Id`
 * or `…Ids` declared neither way (`undeclaredIdFields`), so a new field cannot forget its check.
 * Both marks are zod metadata, so /api/docs shows them as `x-reference` and `x-not-a-reference`.
 */

/**
 * What a reference may point at, each checked against the active organization: a declared record
 * type (core/resources), or one of these two that are no record type of their own.
 */
export type ReferenceKind =
  | ResourceKind
  /** A sub-location of a site (written with its site). */
  | 'subLocation'
  /** The organization transporting a load: the owner itself or one of its active carriers. */
  | 'transporter';

const REFERENCE = 'x-reference';
const WITHIN = 'x-reference-within';
const NOT_A_REFERENCE = 'x-not-a-reference';

/**
 * An id (a body number) of a `kind` record of the caller's organization. `within` names the sibling
 * field holding the record it must also belong to (a sub-location of the stop's location). `kind` is
 * a ReferenceKind; typed as text because the declarations' schemas use it (the type would then
 * depend on itself): the server refuses to start with a referenced kind no feature checks.
 */
export function referenceId(kind: string, options: { within?: string } = {}) {
  return idSchema.meta({
    [REFERENCE]: kind,
    ...(options.within ? { [WITHIN]: options.within } : {}),
    description: `id of a ${kind} of the active organization${options.within ? ` (and of the record in ${options.within})` : ''}`,
  });
}

/** Marks an id field as not pointing at another record; `why` says what it is (shown in /api/docs). */
export function notAReference<Schema extends z.ZodType>(schema: Schema, why: string): Schema {
  return schema.meta({ [NOT_A_REFERENCE]: why, description: why });
}

/** The record a request acts on, by body id: another organization's answers 404. */
export const subjectIdSchema = notAReference(idSchema, 'the record acted on; another organization’s is not found (404)');

/** The record a request acts on, by path or query id. */
export const subjectIdTextSchema = notAReference(idTextSchema, 'the record acted on; another organization’s is not found (404)');

interface ReferenceMark {
  kind: ReferenceKind;
  within?: string;
}

function referenceMark(schema: z.core.$ZodType): ReferenceMark | undefined {
  const meta = z.globalRegistry.get(schema);
  const kind = meta?.[REFERENCE];
  if (typeof kind !== 'string') return undefined;
  const within = meta?.[WITHIN];
  return { kind: kind as ReferenceKind, ...(typeof within === 'string' ? { within } : {}) };
}

function isMarked(schema: z.core.$ZodType): boolean {
  const meta = z.globalRegistry.get(schema);
  return meta?.[REFERENCE] !== undefined || meta?.[NOT_A_REFERENCE] !== undefined;
}

/** The schemas a value passes through below `schema` (wrappers, the output side of pipes, both sides of intersections). */
function innerSchemas(schema: z.core.$ZodType): z.core.$ZodType[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return [def.innerType as z.core.$ZodType];
    case 'pipe':
      return [def.out as z.core.$ZodType];
    case 'intersection':
      return [def.left as z.core.$ZodType, def.right as z.core.$ZodType];
    case 'union':
      return def.options as z.core.$ZodType[];
    case 'lazy':
      return [(def.getter as () => z.core.$ZodType)()];
    default:
      return [];
  }
}

/** A reference found in a parsed value: where it is, what it names, and the object holding it. */
export interface FoundReference {
  path: (string | number)[];
  kind: ReferenceKind;
  id: number;
  /** The value of the `within` sibling (null when empty), for dependent checks. */
  within?: { field: string; id: number | null };
}

/**
 * Every declared reference in `value`, parsed by `schema`, with its path. Walks the schema and the
 * value together, so only fields the schema declares count (a number in free-form metadata never does).
 */
export function collectReferences(schema: z.core.$ZodType, value: unknown): FoundReference[] {
  const found: FoundReference[] = [];
  const walk = (node: z.core.$ZodType, current: unknown, path: (string | number)[], holder: Record<string, unknown> | null) => {
    const mark = referenceMark(node);
    if (mark) {
      if (typeof current === 'number') {
        const withinValue = mark.within && holder ? holder[mark.within] : undefined;
        found.push({
          path,
          kind: mark.kind,
          id: current,
          ...(mark.within ? { within: { field: mark.within, id: typeof withinValue === 'number' ? withinValue : null } } : {}),
        });
      }
      return;
    }
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (def.type === 'object' && current && typeof current === 'object' && !Array.isArray(current)) {
      const record = current as Record<string, unknown>;
      for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        if (record[key] !== undefined) walk(field, record[key], [...path, key], record);
      }
      return;
    }
    if (def.type === 'array' && Array.isArray(current)) {
      for (const [index, item] of current.entries()) walk(def.element as z.core.$ZodType, item, [...path, index], holder);
      return;
    }
    if (def.type === 'record' && current && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) walk(def.valueType as z.core.$ZodType, item, [...path, key], holder);
      return;
    }
    for (const inner of innerSchemas(node)) walk(inner, current, path, holder);
  };
  walk(schema, value, [], null);
  // A union walks every option: the same reference may be found twice.
  const seen = new Set<string>();
  return found.filter((reference) => {
    const key = `${reference.path.join('.')}:${reference.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The kinds `schema` references, at any depth (a notification configuration's: contact, cargo type, location, customer). */
export function referencedKinds(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): Set<ReferenceKind> {
  const kinds = new Set<ReferenceKind>();
  const mark = referenceMark(schema);
  if (mark) kinds.add(mark.kind);
  if (seen.has(schema)) return kinds;
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const children: z.core.$ZodType[] =
    def.type === 'object'
      ? Object.values(def.shape as Record<string, z.core.$ZodType>)
      : def.type === 'array'
        ? [def.element as z.core.$ZodType]
        : def.type === 'record'
          ? [def.valueType as z.core.$ZodType]
          : def.type === 'pipe'
            ? [def.in as z.core.$ZodType]
            : innerSchemas(schema);
  for (const child of children) for (const kind of referencedKinds(child, seen)) kinds.add(kind);
  return kinds;
}

/** Whether `schema` declares any reference, at any depth (routes without one skip the check). */
export function declaresReferences(schema: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): boolean {
  if (referenceMark(schema)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const children: z.core.$ZodType[] =
    def.type === 'object'
      ? Object.values(def.shape as Record<string, z.core.$ZodType>)
      : def.type === 'array'
        ? [def.element as z.core.$ZodType]
        : def.type === 'record'
          ? [def.valueType as z.core.$ZodType]
          : innerSchemas(schema);
  return children.some((child) => declaresReferences(child, seen));
}

const ID_FIELD = /^(?:id|ids|.+Ids?)$/;

/**
 * Paths of object fields named `id`, `ids`, `…Id` or `…Ids` (any depth) that are declared neither
 * as a reference nor as not one; empty when `schema` declares every id field it has.
 */
export function undeclaredIdFields(schema: z.core.$ZodType): string[] {
  const undeclared: string[] = [];
  const visited = new Set<z.core.$ZodType>();
  const declaredBelow = (node: z.core.$ZodType, seen = new Set<z.core.$ZodType>()): boolean => {
    if (isMarked(node)) return true;
    if (seen.has(node)) return false;
    seen.add(node);
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (def.type === 'array') return declaredBelow(def.element as z.core.$ZodType, seen);
    const inner = innerSchemas(node);
    return inner.length > 0 && inner.every((child) => declaredBelow(child, seen));
  };
  const walk = (node: z.core.$ZodType, path: string) => {
    if (visited.has(node)) return;
    visited.add(node);
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    if (def.type === 'object') {
      for (const [key, field] of Object.entries(def.shape as Record<string, z.core.$ZodType>)) {
        const fieldPath = path ? `${path}.${key}` : key;
        if (ID_FIELD.test(key) && !declaredBelow(field)) undeclared.push(fieldPath);
        walk(field, fieldPath);
      }
      return;
    }
    if (def.type === 'array') return walk(def.element as z.core.$ZodType, `${path}[]`);
    if (def.type === 'record') return walk(def.valueType as z.core.$ZodType, `${path}{}`);
    if (def.type === 'pipe') walk(def.in as z.core.$ZodType, path);
    for (const inner of innerSchemas(node)) walk(inner, path);
  };
  walk(schema, '');
  return undeclared;
}
