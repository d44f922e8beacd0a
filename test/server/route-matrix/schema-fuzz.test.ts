import { describe, expect, it } from 'vitest';
import { orderInputSchema, ordersQuerySchema } from '#core/contract/orders';
import { RawJson } from './hostile-values.ts';
import { encodeComponent, injectOptions, jsonText, type MatrixRequest } from './matrix-request.ts';
import { bodyMutations, routeMutations } from './schema-fuzz.ts';

const LOAD = {
  date: '2026-11-24T12:00:00.000Z',
  metadata: {},
  stops: [{ sequence: 1, type: 'Origin', organizationLocationId: 1, cargoTypeId: 2, notes: 'bin 2', metadata: {} }],
};

describe('the schema fuzzer', () => {
  it('reaches every kind of value of a load body with hostile values of its kind', () => {
    const labels = bodyMutations(orderInputSchema, LOAD).map((mutation) => mutation.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'body.date = year 0',
        'body.date = year 10000',
        'body.isDraft = "true"',
        'body.transportedByUserId = 2^31',
        'body.transportedByUserId = 2^53',
        'body.stops.0.notes = NUL',
        'body.stops.0.notes = lone high surrogate',
        'body.stops.0.notes = 100,000 characters',
        'body.stops.0.type = an unknown value',
        'body.metadata = objects nested 10,000 deep',
        'body.stops.0.metadata = a __proto__ key',
        'body + an unknown field',
        'body.stops.0 + a __proto__ key',
        'body.stops.0.sequence left out',
      ]),
    );
    expect(labels.some((label) => /^body\.stops with \d+ elements$/.test(label))).toBe(true);
  });

  it('changes one place of the example and leaves the example itself alone', () => {
    const example: MatrixRequest = { method: 'POST', route: '/api/orders', params: {}, query: {}, body: LOAD };
    const notes = routeMutations('/api/orders', { body: orderInputSchema }, example).find(
      (mutation) => mutation.label === 'body.stops.0.notes = NUL',
    );
    const changed = notes?.apply(example);
    expect(changed?.body).toEqual({ ...LOAD, stops: [{ ...LOAD.stops[0], notes: '\u0000' }] });
    expect(LOAD.stops[0]?.notes).toBe('bin 2');
  });

  it('sends non-canonical path ids, which must be refused, and hostile, repeated and missing query values', () => {
    const example: MatrixRequest = { method: 'GET', route: '/api/orders/:id', params: { id: 7 }, query: { startDate: 'x' } };
    const mutations = routeMutations('/api/orders/:id', { querystring: ordersQuerySchema }, example);
    const pathIds = mutations.filter((mutation) => mutation.label.startsWith('path id = '));
    expect(pathIds.map((mutation) => mutation.label)).toEqual(
      expect.arrayContaining(['path id = " 1"', 'path id = "0x10"', 'path id = "1e3"']),
    );
    expect(pathIds.every((mutation) => mutation.mustRefuse)).toBe(true);
    expect(mutations.map((mutation) => mutation.label)).toEqual(
      expect.arrayContaining(['query startDate = "\\u0000"', 'query startDate repeated', 'query endDate left out']),
    );
  });

  it('writes what JSON.stringify cannot, and URLs with what careless clients send', () => {
    expect(jsonText({ big: new RawJson('1e999'), text: '\ud800' })).toBe('{"big":1e999,"text":"\\ud800"}');
    expect(encodeComponent(' 1\ud800\u0000')).toBe('%201%ED%A0%80%00');
    const request: MatrixRequest = {
      method: 'GET',
      route: '/api/orders/:id',
      params: { id: '0x10' },
      query: { ids: ['1', '2'] },
    };
    expect(injectOptions(request, undefined).url).toBe('/api/orders/0x10?ids=1&ids=2');
  });
});
