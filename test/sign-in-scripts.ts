import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

/**
 * What the sign-in screen may download before the user can type: its JavaScript, gzip level 9,
 * 200 KB as the issue counts them (bench bytes / 1000). Held by test/e2e/bundle-budget.spec.ts;
 * `npm run bench` reports the same figure (bundleGzipBytes.signIn).
 */
export const SIGN_IN_SCRIPT_BUDGET_BYTES = 200_000;

type AssetKind = 'script' | 'stylesheet';

export interface AssetSize {
  /** Path on the server, e.g. /assets/index-abc123.js. */
  path: string;
  gzipBytes: number;
}

export interface AssetTotal {
  files: number;
  gzipBytes: number;
  /** Largest first. */
  sizes: AssetSize[];
}

/**
 * Bodies of every distinct script and stylesheet URL a page receives, captured as they arrive.
 * Shared by the bundle budget (e2e) and the bench, so both measure the same thing.
 */
export class AssetRecorder {
  private readonly bodies = new Map<string, { kind: AssetKind; body: Promise<Buffer> }>();

  constructor(page: Page) {
    page.on('response', (response) => this.record(response));
  }

  private record(response: Response) {
    const kind = response.request().resourceType();
    if ((kind !== 'script' && kind !== 'stylesheet') || this.bodies.has(response.url())) return;
    // Ask for the body at once: Chromium may evict it after the page moves on.
    const body = response.body();
    // A chunk fetched after the last snapshot (the home screen preloading Loads) is never awaited:
    // its body fails when the context closes, which must not end the run.
    body.catch(() => undefined);
    this.bodies.set(response.url(), { kind, body });
  }

  /** Freezes which URLs count (those seen so far), so later lazy chunks do not leak into an earlier figure. */
  async snapshot(): Promise<{ scripts: AssetTotal; css: AssetTotal }> {
    const entries = [...this.bodies].map(([url, entry]) => ({ url, ...entry }));
    const [scripts, css] = await Promise.all([gzipTotal(entries, 'script'), gzipTotal(entries, 'stylesheet')]);
    return { scripts, css };
  }
}

async function gzipTotal(
  entries: { url: string; kind: AssetKind; body: Promise<Buffer> }[],
  kind: AssetKind,
): Promise<AssetTotal> {
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.kind === kind)
      // Gzip ourselves at level 9: transfer sizes depend on the server's compression settings, not on the bundle.
      .map(async (entry) => ({ path: new URL(entry.url).pathname, gzipBytes: gzipSync(await entry.body, { level: 9 }).length })),
  );
  sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files: sizes.length, gzipBytes: sizes.reduce((total, size) => total + size.gzipBytes, 0), sizes };
}

/**
 * Opens /login (or `path`, which sends a first-time visitor there) and returns once the user could
 * type: the form shows and the network has been idle for 500 ms. What is fetched by then is what
 * the sign-in screen costs.
 */
export async function openSignInScreen(page: Page, path = '/login') {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.getByLabel('Username').waitFor({ state: 'visible' });
}

/** One line per file, largest first, then the total: what a failed budget prints. */
export function describeAssets(total: AssetTotal): string {
  const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(7)} KB`;
  return [
    ...total.sizes.map((size) => `${kilobytes(size.gzipBytes)}  ${size.path}`),
    `${kilobytes(total.gzipBytes)}  total of ${total.files} files`,
  ].join('\n');
}
