import { medianAndP90 } from './stats.ts';

const RUNS = 3;
const CSV_LOADS = 10_000;
const TICKET_LOADS = 100;
const SETTINGS = 'language=en-US&timezone=America/Chicago&units=Imperial&unitsWeight=Pound';

/** One full request, body read to the end, as a browser saving the file would. */
async function timeRequest(url: string, init: RequestInit, expectedType: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.arrayBuffer();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}`);
  if (!response.headers.get('content-type')?.startsWith(expectedType) || body.byteLength === 0) {
    throw new Error(`${url} answered ${response.headers.get('content-type')} with ${body.byteLength} bytes`);
  }
  return elapsed;
}

/**
 * The exports under a large company: the loads CSV of 10,000 loads (goal ≤ 2 s) and the delivery
 * tickets PDF of 100 loads (goal ≤ 3 s), each the median of RUNS after one warm-up request.
 * `loadIds` must hold at least 10,000 loads visible to `organizationId`, the session's active organization.
 */
export async function measureExports(
  baseUrl: string,
  cookie: string,
  organizationId: number,
  loadIds: number[],
): Promise<{ csv10kMs: number; tickets100Ms: number }> {
  if (loadIds.length < CSV_LOADS) throw new Error(`measureExports needs ${CSV_LOADS} loads, got ${loadIds.length}`);
  const csvUrl = `${baseUrl}/api/organizations/${organizationId}/loads-csv-export?${SETTINGS}`;
  const csvInit: RequestInit = {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ loadIds: loadIds.slice(0, CSV_LOADS) }),
  };
  const ticketsUrl = `${baseUrl}/api/orders/delivery-tickets?orderIds=${loadIds.slice(0, TICKET_LOADS).join(',')}&${SETTINGS}`;
  const ticketsInit: RequestInit = { headers: { cookie } };

  const csvSamples: number[] = [];
  const ticketSamples: number[] = [];
  await timeRequest(csvUrl, csvInit, 'text/csv');
  for (let run = 0; run < RUNS; run++) csvSamples.push(await timeRequest(csvUrl, csvInit, 'text/csv'));
  await timeRequest(ticketsUrl, ticketsInit, 'application/pdf');
  for (let run = 0; run < RUNS; run++) ticketSamples.push(await timeRequest(ticketsUrl, ticketsInit, 'application/pdf'));
  return { csv10kMs: medianAndP90(csvSamples).median, tickets100Ms: medianAndP90(ticketSamples).median };
}
