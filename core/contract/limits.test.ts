import { describe, expect, it } from 'vitest';
import { idTextSchema, instantSchema, isStorableText, jsonObject, MAX_ID, queryInt, text } from './limits.ts';

describe('ids in URLs', () => {
  it('accept plain decimals from 1 to 2³¹−1 only', () => {
    expect(idTextSchema.parse('1')).toBe(1);
    expect(idTextSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const written of [
      ' 1',
      '1 ',
      '0x10',
      '1e3',
      '01',
      '+1',
      '-1',
      '0',
      '1.0',
      '2147483648',
      '9007199254740993',
      'NaN',
      '١',
      '',
    ]) {
      expect(idTextSchema.safeParse(written).success, written).toBe(false);
    }
  });

  it('query numbers are decimal and bounded', () => {
    const limit = queryInt(1, 1000);
    expect(limit.parse('500')).toBe(500);
    for (const written of ['0', '1001', '1e3', ' 5', '5.0', '0x10'])
      expect(limit.safeParse(written).success, written).toBe(false);
  });
});

describe('text', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones', () => {
    expect(isStorableText('Hansen 🚚 ‮')).toBe(true);
    for (const value of ['\u0000', 'a\u0000b', '\ud800', 'a\udc00b', 'x\ud83d']) expect(isStorableText(value), value).toBe(false);
  });

  it('holds its length, after trimming when asked', () => {
    expect(text(3).safeParse('abcd').success).toBe(false);
    expect(text(3, { trim: true }).parse('  abc  ')).toBe('abc');
  });
});

describe('instants', () => {
  it('accept years 1900 to 2199 with a real UTC offset', () => {
    for (const value of [
      '1900-01-01T00:00:00.000Z',
      '2026-11-24T13:00:00-06:00',
      '2199-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00+14:00',
    ]) {
      expect(instantSchema.safeParse(value).success, value).toBe(true);
    }
  });

  it('refuse what PostgreSQL or Date cannot hold, impossible days and offsets', () => {
    for (const value of [
      '0000-01-01T00:00:00.000Z',
      '1899-12-31T23:59:59.999Z',
      '2200-01-01T00:00:00.000Z',
      '9999-12-31T23:59:59.999Z',
      '10000-01-01T00:00:00.000Z',
      '+010000-01-01T00:00:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T00:00:00.000+23:59',
      '2026-01-01T00:00:00',
    ]) {
      expect(instantSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('free-form JSON', () => {
  const metadata = jsonObject({ maxDepth: 3, maxLength: 100 });

  it('passes plain objects', () => {
    expect(metadata.parse({ a: { b: [1, 'x'] } })).toEqual({ a: { b: [1, 'x'] } });
  });

  it('names the member nested too deep, without recursion', () => {
    const result = metadata.safeParse({ a: { b: { c: { d: 1 } } } });
    expect(result.error?.issues[0]?.path).toEqual(['a', 'b', 'c']);
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = { a: deep };
    expect(jsonObject().safeParse({ deep }).success).toBe(false);
  });

  it('refuses unstorable keys and strings, and too much JSON', () => {
    expect(metadata.safeParse({ 'a\u0000': 1 }).error?.issues[0]?.path).toEqual(['a\u0000']);
    expect(metadata.safeParse({ list: ['ok', '\ud800'] }).error?.issues[0]?.path).toEqual(['list', 1]);
    expect(metadata.safeParse({ note: 'x'.repeat(100) }).success).toBe(false);
  });
});
