import {
  HOSTILE_BOOLEANS,
  HOSTILE_DATES,
  HOSTILE_FOR_ARRAYS,
  HOSTILE_FOR_OBJECTS,
  HOSTILE_FREE_FORM,
  HOSTILE_KEYS,
  HOSTILE_NUMBERS,
  HOSTILE_PATH_IDS,
  HOSTILE_QUERY_VALUES,
  HOSTILE_RAW_BODIES,
  type Hostile,
  hostileEnumValues,
  hostileStrings,
  RawJson,
} from './hostile-values.ts';
import { ABSENT, getAt, jsonText, type MatrixRequest, type PathSegment, setAt } from './matrix-request.ts';
import type { RouteSchemas } from './route-table.ts';

/**
 * The fuzzer: it walks a route's own zod schemas (zod 4 keeps them in `_zod.def`) next to the
 * route's valid example and replaces one value at a time with each hostile value of its kind.
 * Arrays are entered through their first element only, which keeps a route to a few hundred requests.
 */

interface ZodDef {
  type: string;
  [key: string]: unknown;
}

function defOf(schema: unknown): ZodDef {
  return (schema as { _zod: { def: ZodDef } })._zod.def;
}

/** Modifiers that do not change what a value must look like. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema a client's value is first checked against: wrappers removed, a pipe's input side, a lazy schema resolved. */
function unwrap(schema: unknown): unknown {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type)) current = def.innerType;
    else if (def.type === 'pipe') current = def.in;
    else if (def.type === 'lazy') current = (def.getter as () => unknown)();
    else return current;
  }
}

/** The fields of an object schema, of both sides of an intersection, of every object of a union. */
export function objectShape(schema: unknown): Record<string, unknown> | null {
  const def = defOf(unwrap(schema));
  if (def.type === 'object') return def.shape as Record<string, unknown>;
  if (def.type === 'intersection') {
    const left = objectShape(def.left);
    const right = objectShape(def.right);
    return left || right ? { ...left, ...right } : null;
  }
  if (def.type === 'union') {
    const shapes = (def.options as unknown[]).map(objectShape);
    return shapes.every(Boolean) ? Object.assign({}, ...shapes) : null;
  }
  return null;
}

function maxLength(schema: unknown): number | undefined {
  const checks = (defOf(schema).checks ?? []) as { _zod: { def: { check: string; maximum?: number } } }[];
  return checks.map((check) => check._zod.def).find((check) => check.check === 'max_length')?.maximum;
}

const FREE_FORM_TYPES = new Set(['unknown', 'any', 'custom']);

/** One value of the body replaced, given the value there now. */
export interface BodyMutation {
  label: string;
  path: PathSegment[];
  replace: (current: unknown) => unknown;
}

function pathLabel(path: readonly PathSegment[]): string {
  return path.length ? `body.${path.join('.')}` : 'body';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

/** The object with a `__proto__` key first (JSON.parse makes it an own key; a careless merge makes it a prototype). */
function withProtoKey(current: unknown): RawJson {
  const rest = jsonText(isPlainObject(current) ? current : {}).slice(1);
  return new RawJson(`{"__proto__":{"polluted":true}${rest === '}' ? '' : ','}${rest}`);
}

function walkBody(schema: unknown, value: unknown, path: PathSegment[], out: BodyMutation[]) {
  const node = unwrap(schema);
  const def = defOf(node);
  const each = (values: readonly Hostile[]) => {
    for (const { label, value: hostile } of values)
      out.push({ label: `${pathLabel(path)} = ${label}`, path, replace: () => hostile });
  };

  const shape = objectShape(node);
  if (shape) {
    each(HOSTILE_FOR_OBJECTS);
    out.push({
      label: `${pathLabel(path)} + an unknown field`,
      path,
      replace: (current) => ({ ...(isPlainObject(current) ? current : {}), routeMatrixUnknownField: 'x' }),
    });
    out.push({ label: `${pathLabel(path)} + a __proto__ key`, path, replace: withProtoKey });
    const fields = isPlainObject(value) ? value : {};
    for (const [key, fieldSchema] of Object.entries(shape)) {
      if (key in fields)
        out.push({ label: `${pathLabel([...path, key])} left out`, path: [...path, key], replace: () => ABSENT });
      walkBody(fieldSchema, fields[key], [...path, key], out);
    }
    return;
  }

  switch (def.type) {
    case 'array': {
      each(HOSTILE_FOR_ARRAYS);
      each([{ label: '[]', value: [] }]);
      const max = maxLength(node);
      if (max !== undefined) {
        out.push({
          label: `${pathLabel(path)} with ${max + 1} elements`,
          path,
          replace: (current) => Array.from({ length: max + 1 }, () => (Array.isArray(current) ? current[0] : null) ?? 1),
        });
      }
      walkBody(def.element, Array.isArray(value) ? value[0] : undefined, [...path, 0], out);
      return;
    }
    case 'record': {
      if (FREE_FORM_TYPES.has(defOf(unwrap(def.valueType)).type)) {
        each(HOSTILE_FREE_FORM);
        return;
      }
      each(HOSTILE_FOR_OBJECTS);
      const [firstKey, firstValue] = Object.entries(isPlainObject(value) ? value : {})[0] ?? [];
      for (const key of HOSTILE_KEYS) {
        out.push({
          label: `${pathLabel(path)} with ${key.label}`,
          path,
          replace: () => ({ [key.value as string]: firstValue ?? {} }),
        });
      }
      if (firstKey !== undefined) walkBody(def.valueType, firstValue, [...path, firstKey], out);
      return;
    }
    case 'string':
      each(def.format === 'datetime' || def.format === 'date' ? HOSTILE_DATES : hostileStrings(maxLength(node)));
      return;
    case 'number':
    case 'int':
    case 'bigint':
      each(HOSTILE_NUMBERS);
      return;
    case 'boolean':
      each(HOSTILE_BOOLEANS);
      return;
    case 'enum':
      each(hostileEnumValues(Object.values(def.entries as Record<string, string>)));
      return;
    case 'literal':
      each(hostileEnumValues((def.values as unknown[]).map(String)));
      return;
    case 'union':
      each([...hostileStrings(undefined), ...HOSTILE_NUMBERS.filter((number) => typeof number.value === 'number')]);
      return;
    default:
      each(FREE_FORM_TYPES.has(def.type) ? HOSTILE_FREE_FORM : HOSTILE_FOR_OBJECTS);
  }
}

export function bodyMutations(schema: unknown, example: unknown): BodyMutation[] {
  const out: BodyMutation[] = [];
  walkBody(schema, example, [], out);
  return out;
}

/** A request changed in one place. `mustRefuse`: no answer but a 4xx is right (a non-canonical path id). */
export interface Mutation {
  label: string;
  mustRefuse: boolean;
  apply: (request: MatrixRequest) => MatrixRequest;
}

function describeValue(value: string): string {
  return value.length > 24 ? `${value.length} characters` : JSON.stringify(value);
}

/** Every mutation of a route's request: path ids, query values, body values, whole bodies. */
export function routeMutations(route: string, schema: RouteSchemas, example: MatrixRequest): Mutation[] {
  const mutations: Mutation[] = [];
  for (const [, name] of route.matchAll(/:(\w+)/g)) {
    for (const value of HOSTILE_PATH_IDS) {
      mutations.push({
        label: `path ${name} = ${describeValue(value)}`,
        mustRefuse: true,
        apply: (request) => ({ ...request, params: { ...request.params, [name as string]: value } }),
      });
    }
  }

  if (schema.querystring) {
    for (const key of Object.keys(objectShape(schema.querystring) ?? {})) {
      const setQuery = (label: string, value: string | readonly string[] | typeof ABSENT): Mutation => ({
        label: `query ${key} ${label}`,
        mustRefuse: false,
        apply: (request) => {
          const query = { ...request.query };
          if (value === ABSENT) delete query[key];
          else query[key] = value;
          return { ...request, query };
        },
      });
      for (const value of HOSTILE_QUERY_VALUES) mutations.push(setQuery(`= ${describeValue(value)}`, value));
      mutations.push(setQuery('left out', ABSENT));
      const current = example.query[key];
      if (current !== undefined) mutations.push(setQuery('repeated', [String(current), String(current)]));
    }
    mutations.push({
      label: 'query + an unknown parameter',
      mustRefuse: false,
      apply: (request) => ({ ...request, query: { ...request.query, routeMatrixUnknown: '1' } }),
    });
  }

  if (schema.body) {
    for (const mutation of bodyMutations(schema.body, example.body)) {
      mutations.push({
        label: mutation.label,
        mustRefuse: false,
        apply: (request) => ({
          ...request,
          body: setAt(request.body, mutation.path, mutation.replace(getAt(request.body, mutation.path))),
        }),
      });
    }
    mutations.push({
      label: 'no body',
      mustRefuse: false,
      apply: ({ body: _body, ...request }) => request,
    });
    for (const raw of HOSTILE_RAW_BODIES) {
      mutations.push({
        label: raw.label,
        mustRefuse: true,
        apply: (request) => ({ ...request, rawBody: { text: raw.text, contentType: raw.contentType } }),
      });
    }
  }
  return mutations;
}
