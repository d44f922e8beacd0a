import { z } from 'zod';

/**
 * What the database can hold, as schemas every request schema is built from: a value outside
 * these is refused with 400 naming its field instead of failing in PostgreSQL (a 500) or being
 * stored as something else.
 */

/** PostgreSQL `integer`: ids, versions and every other integer column. */
export const MAX_INT = 2_147_483_647;
/** Ids are `integer` identity columns. */
export const MAX_ID = MAX_INT;
/** Weights are grams in `bigint` columns; a million tonnes is far above any load and exact in a JS number. */
export const MAX_GRAMS = 1e12;
/** Largest request body the server reads (a planning list save of 1,000 drafts stays well below). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/** Deepest JSON nesting the server parses; real bodies stay under 15 (a list of loads, stops, metadata). */
export const MAX_JSON_DEPTH = 32;

/** An integer an `integer` column holds, between `min` and `max` (within PostgreSQL's range). */
export function int(min = -MAX_INT - 1, max = MAX_INT) {
  return z.number().int().min(min).max(max);
}

/** A record id in a body: 1 … 2³¹−1. */
export const idSchema = int(1, MAX_ID);

/** A base version (`version` columns are `integer`). */
export const versionSchema = int(1, MAX_INT);

/** Grams in a `bigint` column. */
export const gramsSchema = z.number().int().min(0).max(MAX_GRAMS);

/** Cargo units of a stop (`double precision`); no load carries ten million units. */
export const quantitySchema = z.number().min(0).max(1e7);

/** An id written in a URL: decimal digits, no sign, no leading zero, at most 10 digits. */
export const DECIMAL_ID = /^[1-9]\d{0,9}$/;

/**
 * An id in a path or query string: plain decimal digits only (" 1", "0x10", "1e3", "01", "-1" and
 * "1.0" are refused, where a number coercion would accept most of them), within the id range.
 */
export const idTextSchema = z
  .string()
  .regex(DECIMAL_ID, 'an id is written as decimal digits without a leading zero')
  .transform(Number)
  .pipe(idSchema);

/** A whole number in a query string, decimal digits only, between `min` and `max`. */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9]\d{0,15})$/, 'a whole number written as decimal digits')
    .transform(Number)
    .pipe(int(min, max));
}

/**
 * Whether `value` can be stored as PostgreSQL text or jsonb: no NUL character (which neither
 * accepts) and no unpaired UTF-16 surrogate (jsonb refuses its escape; text would silently hold
 * U+FFFD instead). A loop rather than a look-behind regex, which older Safari cannot compile.
 */
export function isStorableText(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

const STORABLE_TEXT = 'must not contain NUL or unpaired surrogate characters';

/** Text a column holds: at most `max` characters (after trimming when `trim`), storable (`isStorableText`). */
export function text(max: number, options: { trim?: boolean } = {}) {
  return (options.trim ? z.string().trim() : z.string()).max(max).refine(isStorableText, STORABLE_TEXT);
}

/** Instants both PostgreSQL and JavaScript hold, and sane for loads: years 1900 to 2199. */
export const EARLIEST_INSTANT = '1900-01-01T00:00:00.000Z';
export const LATEST_INSTANT = '2199-12-31T23:59:59.999Z';
const earliestMs = Date.parse(EARLIEST_INSTANT);
const latestMs = Date.parse(LATEST_INSTANT);
/** UTC offsets in use on Earth (−12:00 … +14:00); PostgreSQL refuses some larger ones zod's format allows. */
const REAL_OFFSET = /(?:Z|[+-](?:0\d|1[0-3]):[0-5]\d|[+-]14:00)$/;

/** An ISO 8601 instant with its offset (spec 1 §7), between `EARLIEST_INSTANT` and `LATEST_INSTANT`. */
export const instantSchema = z.iso
  .datetime({ offset: true, abort: true })
  .regex(REAL_OFFSET, { message: 'the UTC offset must be between -12:00 and +14:00', abort: true })
  .refine(
    (value) => {
      const ms = Date.parse(value);
      return ms >= earliestMs && ms <= latestMs;
    },
    `must be between ${EARLIEST_INSTANT.slice(0, 10)} and ${LATEST_INSTANT.slice(0, 10)}`,
  );

/** How much free-form JSON (`metadata` columns, jsonb) one value may carry. */
export interface JsonLimits {
  /** Nesting levels below the value itself. */
  maxDepth: number;
  /** Length of its JSON text. */
  maxLength: number;
}

const METADATA_LIMITS: JsonLimits = { maxDepth: 8, maxLength: 16_384 };
const MAX_JSON_KEY = 200;

/**
 * A free-form JSON object for a jsonb column: every key and string storable, nested at most
 * `maxDepth` levels, at most `maxLength` characters of JSON. The walk is iterative, so a hostile
 * depth cannot exhaust the stack before it is refused; the issue names the offending member.
 */
export function jsonObject(limits: JsonLimits = METADATA_LIMITS) {
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    const pending: { node: unknown; path: (string | number)[] }[] = [{ node: value, path: [] }];
    while (pending.length) {
      const { node, path } = pending.pop() as (typeof pending)[number];
      if (typeof node === 'string') {
        if (!isStorableText(node)) return ctx.addIssue({ code: 'custom', path, message: STORABLE_TEXT });
        continue;
      }
      if (node === null || typeof node !== 'object') continue;
      if (path.length >= limits.maxDepth) {
        return ctx.addIssue({ code: 'custom', path, message: `nested deeper than ${limits.maxDepth} levels` });
      }
      const entries: [string | number, unknown][] = Array.isArray(node)
        ? node.map((item, index) => [index, item])
        : Object.entries(node);
      for (const [key, child] of entries) {
        if (typeof key === 'string' && (key.length > MAX_JSON_KEY || !isStorableText(key))) {
          return ctx.addIssue({
            code: 'custom',
            path: [...path, key],
            message: `a key must be storable text of at most ${MAX_JSON_KEY} characters`,
          });
        }
        pending.push({ node: child, path: [...path, key] });
      }
    }
    if (JSON.stringify(value).length > limits.maxLength) {
      ctx.addIssue({ code: 'custom', message: `at most ${limits.maxLength} characters of JSON` });
    }
  });
}

/** `metadata` of loads and stops. */
export const metadataSchema = jsonObject();
