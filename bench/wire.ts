import type { BrowserContext, Page } from 'playwright-core';
import { weekContaining } from '#core/domain/weeks';
import { roundMs } from './stats.ts';

/** What the server sends for the large company, fetched by Chromium with its own Accept-Encoding. */
export interface WireFigure {
  requests: number;
  /** The JSON as the server wrote it. */
  rawBytes: number;
  /** The bodies as they crossed the network (Content-Encoding as Chromium asked for it). */
  wireBytes: number;
  /** wireBytes / rawBytes. */
  ratio: number;
  goalRatio: number;
  met: boolean;
  contentEncoding: string;
  /** From the first request to the last byte, the page throttled to THROTTLE. */
  throttled10MbitMs: number;
}

export interface WireFigures {
  connection: typeof THROTTLE_REPORT;
  weekOf10kLoads: WireFigure;
  firstFullSync: WireFigure;
}

const GOAL_RATIO = 0.15;
const MBIT = 1_000_000 / 8;
/** Chromium's emulated network: 10 Mbit/s both ways, 20 ms of latency per request. */
const THROTTLE = { offline: false, downloadThroughput: 10 * MBIT, uploadThroughput: 10 * MBIT, latency: 20 };
const THROTTLE_REPORT = { downloadMbit: 10, uploadMbit: 10, latencyMs: THROTTLE.latency };
/** The client's page size (src/data/sync/pull-changes.ts). */
const FEED_PAGE_SIZE = 1000;

interface PageFetches {
  ms: number;
  requests: number;
  rawBytes: number;
  wireBytes: number;
  contentEncoding: string;
}

/**
 * Page script: fetches `urls` (the change feed when `feed`: every page, each asked for once the one
 * before it arrived, as the client does) and answers the time until the last body was read, and the
 * sizes Resource Timing reports for them (same origin, so both sizes are exposed).
 */
function fetchScript(url: string, feed: boolean): string {
  return `(async () => {
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(100000);
    const started = performance.now();
    const encodings = new Set();
    let next = ${JSON.stringify(url)};
    let requests = 0;
    while (next) {
      const response = await fetch(next);
      if (!response.ok) throw new Error(next + ' answered ' + response.status);
      encodings.add(response.headers.get('content-encoding') ?? 'identity');
      const body = await response.json();
      requests += 1;
      next = ${feed} && body.hasMore ? ${JSON.stringify(url)} + '&since=' + encodeURIComponent(body.cursor) : null;
    }
    const ms = performance.now() - started;
    const entries = performance.getEntriesByType('resource').filter((entry) => entry.initiatorType === 'fetch');
    if (entries.length !== requests) throw new Error('resource timing saw ' + entries.length + ' of ' + requests + ' requests');
    return {
      ms,
      requests,
      rawBytes: entries.reduce((total, entry) => total + entry.decodedBodySize, 0),
      wireBytes: entries.reduce((total, entry) => total + entry.encodedBodySize, 0),
      contentEncoding: [...encodings].join(','),
    };
  })()`;
}

async function measureUrl(page: Page, url: string, feed: boolean): Promise<WireFigure> {
  // Sizes from an unthrottled run; the time from a throttled one (the bodies are the same).
  const sizes = (await page.evaluate(fetchScript(url, feed))) as PageFetches;
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Network.enable');
    await session.send('Network.emulateNetworkConditions', THROTTLE);
    const throttled = (await page.evaluate(fetchScript(url, feed))) as PageFetches;
    if (throttled.wireBytes !== sizes.wireBytes) {
      throw new Error(`the throttled run received ${throttled.wireBytes} bytes, the first ${sizes.wireBytes}`);
    }
    const ratio = sizes.wireBytes / sizes.rawBytes;
    return {
      requests: sizes.requests,
      rawBytes: sizes.rawBytes,
      wireBytes: sizes.wireBytes,
      ratio: Math.round(ratio * 10_000) / 10_000,
      goalRatio: GOAL_RATIO,
      met: ratio <= GOAL_RATIO,
      contentEncoding: sizes.contentEncoding,
      throttled10MbitMs: roundMs(throttled.ms),
    };
  } finally {
    await session.detach();
  }
}

/**
 * Bytes on the wire for the large company's week of 10,000 loads (`GET /api/self/orders`, the loads
 * table's week) and its first full sync (every page of `/api/sync/changes`), against the JSON they
 * carry, and their time over a 10 Mbit/s connection. `context` holds the dispatcher's session.
 */
export async function measureWire(context: BrowserContext): Promise<WireFigures> {
  const page = await context.newPage();
  try {
    // A same-origin document that does not start the app, so only the fetches run.
    await page.goto('/api/health');
    // The table's own week: Sunday–Saturday in the dispatcher's zone.
    const week = weekContaining(new Date(), 'America/Chicago');
    const weekUrl = `/api/self/orders?startDate=${week.start.toISOString()}&endDate=${week.end.toISOString()}`;
    return {
      connection: THROTTLE_REPORT,
      weekOf10kLoads: await measureUrl(page, weekUrl, false),
      firstFullSync: await measureUrl(page, `/api/sync/changes?limit=${FEED_PAGE_SIZE}`, true),
    };
  } finally {
    await page.close();
  }
}
