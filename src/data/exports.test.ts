// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { deliveryTicketsUrl, downloadLoadsCsv, type ExportSettings } from './exports.ts';

const SETTINGS: ExportSettings = { language: 'fr-CA', timezone: 'America/Toronto', units: 'Metric', unitsWeight: 'MetricTon' };

interface Call {
  url: string;
  method: string;
  body: unknown;
}
let calls: Call[];
let answers: (() => Response)[];
let saved: { href: string; download: string }[];

beforeEach(() => {
  calls = [];
  answers = [];
  saved = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => {
      calls.push({ url: String(input), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = answers.shift();
      if (!answer) throw new TypeError('Failed to fetch');
      return answer();
    }),
  );
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const csv = (body: string, fileName: string) =>
  new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"` },
  });

describe('downloadLoadsCsv', () => {
  it('posts the ids with the settings to the active company and saves the file under the server’s name', async () => {
    answers.push(() => csv('\uFEFFLoad ID\r\n1\r\n', 'loads-2026-11-24.csv'));
    await downloadLoadsCsv([3, 1], SETTINGS, 7);
    expect(calls).toEqual([
      {
        url: '/api/organizations/7/loads-csv-export?language=fr-CA&timezone=America%2FToronto&units=Metric&unitsWeight=MetricTon',
        method: 'POST',
        body: { loadIds: [3, 1] },
      },
    ]);
    expect(saved).toEqual([{ href: 'blob:csv', download: 'loads-2026-11-24.csv' }]);
  });

  it('asks the session for the active company when none is given', async () => {
    answers.push(() => new Response(JSON.stringify({ user: null }), { status: 200 }));
    await expect(downloadLoadsCsv([1], SETTINGS)).rejects.toMatchObject({ status: 401 });
    expect(calls[0]?.url).toMatch(/\/api\/session$/);
  });

  it('throws ApiError with the server’s error body, and status 0 without a network', async () => {
    answers.push(
      () =>
        new Response(JSON.stringify({ error: { code: 'not_found', message: 'Load not found' } }), {
          status: 404,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const refused = await downloadLoadsCsv([1], SETTINGS, 7).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const offline = await downloadLoadsCsv([1], SETTINGS, 7).catch((error: unknown) => error);
    expect(offline).toBeInstanceOf(ApiError);
    expect((offline as ApiError).isNetworkError).toBe(true);
    expect(saved).toEqual([]);
  });
});

describe('deliveryTicketsUrl', () => {
  it('names the loads and the user’s settings in the query', () => {
    const url = new URL(deliveryTicketsUrl([5, 6, 7], SETTINGS), 'https://dispatch.example');
    expect(url.pathname).toBe('/api/orders/delivery-tickets');
    expect(Object.fromEntries(url.searchParams)).toEqual({ ...SETTINGS, orderIds: '5,6,7' });
  });
});
