/**
 * The hostile values the fuzzer puts in place of one valid value at a time: fixed lists, so every
 * run sends the same requests. Each has a label for the failure report.
 */

/** A JSON token sent as written: JSON.stringify cannot write 1e999, -0 or a `__proto__` key. */
export class RawJson {
  constructor(readonly text: string) {}
}

export interface Hostile {
  label: string;
  value: unknown;
}

const hostile = (label: string, value: unknown): Hostile => ({ label, value });

const deepObject = (depth: number) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** Values of another JSON type than the one expected. */
const WRONG_TYPES = {
  null: hostile('null', null),
  true: hostile('true', true),
  zero: hostile('0', 0),
  text: hostile('"x"', 'x'),
  array: hostile('[]', []),
  object: hostile('{}', {}),
};

/** For ids, counts, weights: beyond PostgreSQL's integer, beyond exact doubles, signs, fractions, non-numbers. */
export const HOSTILE_NUMBERS: readonly Hostile[] = [
  hostile('0', 0),
  hostile('-1', -1),
  hostile('-2^31', -(2 ** 31)),
  hostile('2^31-1', 2 ** 31 - 1),
  hostile('2^31', 2 ** 31),
  hostile('2^32', 2 ** 32),
  hostile('2^53', 2 ** 53),
  hostile('2^53+2', 2 ** 53 + 2),
  hostile('-2^53', -(2 ** 53)),
  hostile('1.5', 1.5),
  hostile('1e308', 1e308),
  hostile('1e999 (Infinity when parsed)', new RawJson('1e999')),
  hostile('-1e999', new RawJson('-1e999')),
  hostile('-0', new RawJson('-0')),
  hostile('"1"', '1'),
  hostile('" 1"', ' 1'),
  hostile('"0x10"', '0x10'),
  hostile('"1e3"', '1e3'),
  hostile('"NaN"', 'NaN'),
  WRONG_TYPES.null,
  WRONG_TYPES.true,
  hostile('[1]', [1]),
  WRONG_TYPES.object,
];

/** For text: characters PostgreSQL cannot store (NUL) or that are not Unicode (lone surrogates), and size. */
export function hostileStrings(maxLength: number | undefined): Hostile[] {
  return [
    hostile('""', ''),
    hostile('NUL', '\u0000'),
    hostile('NUL inside', 'a\u0000b'),
    hostile('lone high surrogate', '\ud800'),
    hostile('lone low surrogate inside', 'a\udc00b'),
    hostile('right-to-left override and emoji', '\u202e🚚'),
    hostile('100,000 characters', 'x'.repeat(100_000)),
    ...(maxLength === undefined ? [] : [hostile(`${maxLength + 1} characters`, 'y'.repeat(maxLength + 1))]),
    WRONG_TYPES.zero,
    WRONG_TYPES.null,
    WRONG_TYPES.true,
    WRONG_TYPES.array,
    WRONG_TYPES.object,
  ];
}

/** For ISO instants: years PostgreSQL or Date cannot hold, impossible days, odd offsets, non-dates. */
export const HOSTILE_DATES: readonly Hostile[] = [
  hostile('year 0', '0000-01-01T00:00:00.000Z'),
  hostile('year 1', '0001-01-01T00:00:00.000Z'),
  hostile('year -1', '-000001-01-01T00:00:00.000Z'),
  hostile('year 9999, last instant', '9999-12-31T23:59:59.999Z'),
  hostile('year 10000', '10000-01-01T00:00:00.000Z'),
  hostile('year +010000', '+010000-01-01T00:00:00.000Z'),
  hostile('February 30', '2026-02-30T00:00:00.000Z'),
  hostile('hour 24', '2026-01-01T24:00:00.000Z'),
  hostile('offset +23:59', '2026-01-01T00:00:00.000+23:59'),
  hostile('no offset', '2026-01-01T00:00:00'),
  hostile('epoch milliseconds', '1767225600000'),
  hostile('""', ''),
  hostile('NUL', '\u0000'),
  WRONG_TYPES.zero,
  WRONG_TYPES.null,
  WRONG_TYPES.array,
];

export const HOSTILE_BOOLEANS: readonly Hostile[] = [
  hostile('"true"', 'true'),
  hostile('1', 1),
  WRONG_TYPES.zero,
  WRONG_TYPES.null,
  WRONG_TYPES.array,
  WRONG_TYPES.object,
];

export function hostileEnumValues(options: readonly string[]): Hostile[] {
  const first = options[0] ?? '';
  return [
    hostile('""', ''),
    hostile('an unknown value', 'RouteMatrixUnknown'),
    hostile('another case', first === first.toLowerCase() ? first.toUpperCase() : first.toLowerCase()),
    hostile('a value with NUL', `${first}\u0000`),
    hostile('lone high surrogate', '\ud800'),
    WRONG_TYPES.zero,
    WRONG_TYPES.null,
    WRONG_TYPES.array,
  ];
}

/** For free-form JSON (metadata): depth, breadth, size, characters jsonb refuses, prototype keys. */
export const HOSTILE_FREE_FORM: readonly Hostile[] = [
  hostile('objects nested 10,000 deep', deepObject(10_000)),
  hostile('arrays nested 10,000 deep', new RawJson(`{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`)),
  hostile('objects nested 100 deep', deepObject(100)),
  hostile('50,000 keys', Object.fromEntries(Array.from({ length: 50_000 }, (_, index) => [`k${index}`, index]))),
  hostile('a 1,000,000-character value', { note: 'x'.repeat(1_000_000) }),
  hostile('NUL in a key and a value', { '\u0000': 'a\u0000b' }),
  hostile('lone surrogates in a key and a value', { '\ud800': '\udc00' }),
  hostile('a __proto__ key', new RawJson('{"__proto__":{"polluted":true}}')),
  hostile('constructor.prototype', { constructor: { prototype: { polluted: true } } }),
  hostile('numbers beyond doubles', new RawJson('{"big":1e999,"small":-1e999,"long":123456789012345678901234567890}')),
  WRONG_TYPES.null,
  WRONG_TYPES.array,
  WRONG_TYPES.text,
  WRONG_TYPES.zero,
];

export const HOSTILE_FOR_OBJECTS: readonly Hostile[] = [WRONG_TYPES.null, WRONG_TYPES.array, WRONG_TYPES.text, WRONG_TYPES.zero];
export const HOSTILE_FOR_ARRAYS: readonly Hostile[] = [
  WRONG_TYPES.null,
  WRONG_TYPES.object,
  WRONG_TYPES.text,
  hostile('[null]', [null]),
];

/** Hostile keys for records whose values are typed (a record of table settings). */
export const HOSTILE_KEYS: readonly Hostile[] = [
  hostile('an empty key', ''),
  hostile('a NUL key', '\u0000'),
  hostile('a lone surrogate key', '\ud800'),
  hostile('a 10,000-character key', 'k'.repeat(10_000)),
];

/** Path ids that are not the canonical decimal of an existing id: all must be refused. */
export const HOSTILE_PATH_IDS: readonly string[] = [
  ' 1',
  '1 ',
  '0x10',
  '1e3',
  '01',
  '+1',
  '-1',
  '0',
  '1.0',
  '1.5',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  'NaN',
  'Infinity',
  '\u0000',
  '\ud800',
  '١',
  '1/2',
  '9'.repeat(10_000),
];

/** Query values (always text in a URL), then repeated and missing parameters. */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  '',
  ' 1',
  '0x10',
  '1e3',
  '-1',
  '0',
  '2147483648',
  '9007199254740993',
  'NaN',
  '\u0000',
  '\ud800',
  'x'.repeat(10_000),
  '0000-01-01T00:00:00.000Z',
  '10000-01-01T00:00:00.000Z',
  '+010000-01-01T00:00:00.000Z',
  '1,,2',
  '[1,2]',
  ',',
];

/** Whole bodies of the wrong kind, sent as written. */
export const HOSTILE_RAW_BODIES: readonly { label: string; text: string; contentType: string }[] = [
  { label: 'invalid JSON', text: '{"a":', contentType: 'application/json' },
  { label: 'JSON sent as text/plain', text: '{}', contentType: 'text/plain' },
  { label: 'a 6 MB body (over the limit)', text: JSON.stringify('z'.repeat(6 * 1024 * 1024)), contentType: 'application/json' },
];
