import { eq, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChangeWindow, formatChangeWindow } from '#core/contract/change-feed';
import { changeLog, orders } from '#server/db/schema';
import { refreshOrderDocuments } from '#server/features/orders/orders-json';
import { type FeedChange, pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};
let prairie: number;

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['dispatcher', 'carrier', 'freemium']) cookies[username] = await signInAs(test.app, username);
  prairie = (await seededOrganizationIds(test.database.db))('Prairie Feed Co.');
});
afterAll(() => test.close());

type ChangeRow = { organizationId?: number; transportingOrganizationId?: number; date?: string; version?: number };
type Change = FeedChange<ChangeRow>;

const pull = (username: string, since?: string, options?: { window?: string; limit?: number }) =>
  pullChanges<ChangeRow>(test.app, cookies[username] ?? '', since, options);
const keyOf = (change: { entity: string; id: number }) => `${change.entity}:${change.id}`;
const upserts = (changes: Change[]) => changes.filter((change) => change.op === 'upsert').map(keyOf);

/** The loads an organization sees (owner or transporter), with their date and draft flag. */
async function visibleLoads(organizationId: number) {
  return test.database.db
    .select({ id: orders.id, date: orders.date, isDraft: orders.isDraft })
    .from(orders)
    .where(or(eq(orders.organizationId, organizationId), eq(orders.transportingOrganizationId, organizationId)))
    .orderBy(orders.date, orders.id);
}

/** A window over the middle third of Prairie's dated loads, so some lie before it and some after. */
async function middleWindow(): Promise<{ window: ChangeWindow; inside: number[]; outside: number[] }> {
  const loads = await visibleLoads(prairie);
  const dated = loads.filter((load) => !load.isDraft);
  const first = dated[Math.floor(dated.length / 3)];
  const last = dated[Math.floor((2 * dated.length) / 3)];
  if (!first || !last) throw new Error('the seed has too few loads');
  const window = [{ start: first.date.toISOString(), end: last.date.toISOString() }];
  const within = (load: (typeof loads)[number]) => load.isDraft || (load.date >= first.date && load.date <= last.date);
  return {
    window,
    inside: loads.filter(within).map((load) => load.id),
    outside: loads.filter((load) => !within(load)).map((load) => load.id),
  };
}

/** A snapshot, then the feed from its cursor until it is drained (it hands again what changed while the snapshot ran). */
async function caughtUp(username: string, window?: string) {
  const snapshot = await pull(username, undefined, { window });
  return (await pull(username, snapshot.cursor, { window })).cursor;
}

/** Writes a load's row, its served document and its change-log entry, as a service would. */
async function writeLoad(id: number, values: Partial<typeof orders.$inferInsert>) {
  await test.database.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ ...values, version: sql`${orders.version} + 1` })
      .where(eq(orders.id, id));
    await refreshOrderDocuments(tx, [id]);
    await tx.insert(changeLog).values({ organizationId: prairie, entity: 'order', entityId: id, op: 'upsert' });
  });
}

describe('snapshot', () => {
  it('gives every visible row once, in pages, starting with reset, as walking the whole change log does', async () => {
    const snapshot = await pull('dispatcher', undefined, { limit: 7 });
    expect(snapshot.pages.length).toBeGreaterThan(3);
    expect(snapshot.pages.map((page) => page.reset)).toEqual([true, ...snapshot.pages.slice(1).map(() => undefined)]);
    for (const page of snapshot.pages.slice(0, -1)) expect(page.cursor).toMatch(/^s\d+\.\d+\.\d+$/);
    expect(snapshot.cursor).toMatch(/^\d+\.0$/);
    const rows = upserts(snapshot.changes);
    expect(new Set(rows).size).toBe(rows.length);
    expect(snapshot.changes.every((change) => change.op === 'upsert')).toBe(true);
    // The history from its very start (no compaction has run) names the same rows.
    const history = await pull('dispatcher', '0.0');
    expect(history.pages[0]?.reset).toBeUndefined();
    expect([...rows].sort()).toEqual([...new Set(upserts(history.changes))].sort());
    const loads = await visibleLoads(prairie);
    expect(snapshot.changes.filter((change) => change.entity === 'order').length).toBe(loads.length);
  });

  it('gives only the loads in the window, and drafts', async () => {
    const { window, inside, outside } = await middleWindow();
    expect(outside.length).toBeGreaterThan(0);
    const snapshot = await pull('dispatcher', undefined, { window: formatChangeWindow(window), limit: 7 });
    const loads = snapshot.changes.filter((change) => change.entity === 'order');
    expect(loads.map((change) => change.id).sort()).toEqual([...inside].sort());
    for (const load of loads) {
      const row = load.row as ChangeRow & { isDraft: boolean; date: string };
      if (!row.isDraft) expect(row.date >= (window[0]?.start ?? '') && row.date <= (window[0]?.end ?? '')).toBe(true);
    }
    // The other kinds are all there.
    const whole = await pull('dispatcher');
    const others = (changes: Change[]) => upserts(changes.filter((change) => change.entity !== 'order')).sort();
    expect(others(snapshot.changes)).toEqual(others(whole.changes));
  });

  it('never hands a carrier or another company the rows of others, windowed or not', async () => {
    for (const username of ['carrier', 'freemium']) {
      const organizationId = (
        await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie: cookies[username] ?? '' } })
      ).json().activeOrganizationId as number;
      const ids = (await visibleLoads(organizationId)).map((load) => load.id).sort();
      const wide = formatChangeWindow([{ start: '1900-01-01T00:00:00.000Z', end: '2199-12-31T00:00:00.000Z' }]);
      for (const window of [undefined, wide]) {
        const { changes } = await pull(username, undefined, { window, limit: 5 });
        expect(
          changes
            .filter((change) => change.entity === 'order')
            .map((change) => change.id)
            .sort(),
        ).toEqual(ids);
        for (const change of changes.filter((entry) => ['tractor', 'trailer', 'driver', 'downtime'].includes(entry.entity)))
          expect(change.row?.organizationId, keyOf(change)).toBe(organizationId);
      }
    }
  });

  it('ends on a feed cursor that misses no change written while the snapshot ran', async () => {
    const { window } = await middleWindow();
    const text = formatChangeWindow(window);
    const query = (since?: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/sync/changes?${new URLSearchParams({ limit: '3', window: text, ...(since && { since }) })}`,
        headers: { cookie: cookies.dispatcher ?? '' },
      });
    const first = (await query()).json() as { changes: Change[]; cursor: string; hasMore: boolean };
    const handedOut = first.changes.find((change) => change.entity === 'order');
    if (!handedOut) throw new Error('the first page holds no load');
    // Written after the first page read it: the rest of the snapshot does not read it again.
    await writeLoad(handedOut.id, { washOption: 'written during the snapshot' });
    const rest = await pull('dispatcher', first.cursor, { window: text, limit: 3 });
    expect(rest.pages.every((page) => page.reset === undefined)).toBe(true);
    const version = (handedOut.row?.version ?? 0) + 1;
    const { changes } = await pullChangesUntil<ChangeRow>(test.app, cookies.dispatcher ?? '', rest.cursor, (pulled) =>
      pulled.some((change) => change.id === handedOut.id && change.row?.version === version),
    );
    expect(changes.some((change) => change.id === handedOut.id && change.row?.version === version)).toBe(true);
  });
});

describe('window in the feed', () => {
  it('answers a load moved out of the window as a deletion, moved back in as the load, and drafts always', async () => {
    const { window, inside, outside } = await middleWindow();
    const text = formatChangeWindow(window);
    const loads = await visibleLoads(prairie);
    const moved = loads.find((load) => !load.isDraft && inside.includes(load.id));
    const outsideDate = loads.find((load) => outside.includes(load.id))?.date;
    if (!moved || !outsideDate) throw new Error('the seed has no load to move');
    const since = await caughtUp('dispatcher', text);

    await writeLoad(moved.id, { date: outsideDate });
    const out = await pullChangesUntil<ChangeRow>(test.app, cookies.dispatcher ?? '', since, (pulled) =>
      pulled.some((change) => change.id === moved.id),
    );
    // Pulled without the window (an older build), the same change is the load itself.
    expect(out.changes.find((change) => change.id === moved.id)?.op).toBe('upsert');
    const windowed = await pull('dispatcher', since, { window: text });
    expect(windowed.changes.filter((change) => change.id === moved.id)).toEqual([
      { entity: 'order', id: moved.id, op: 'delete' },
    ]);

    await writeLoad(moved.id, { date: moved.date, isDraft: false });
    const back = await pullUntilWindowed(windowed.cursor, text, moved.id);
    expect(back).toMatchObject({ entity: 'order', id: moved.id, op: 'upsert', row: { date: moved.date.toISOString() } });

    await writeLoad(moved.id, { date: outsideDate, isDraft: true });
    const draft = await pullUntilWindowed(windowed.cursor, text, moved.id, (change) => change.op === 'upsert');
    expect(draft).toMatchObject({ op: 'upsert', row: { isDraft: true, date: outsideDate.toISOString() } });
  });

  it('refuses a malformed window or cursor with 400 naming the field', async () => {
    const range = (start: string, end: string) => `${start}_${end}`;
    const monday = '2026-11-23T00:00:00.000Z';
    const sunday = '2026-11-29T23:59:59.999-06:00';
    const cases: [string, Record<string, string>][] = [
      ['window', { window: 'abc' }],
      ['window', { window: range(sunday, monday) }],
      ['window', { window: range(monday, '2026-13-01T00:00:00Z') }],
      ['window', { window: `${range(monday, sunday)}_${monday}` }],
      ['window', { window: Array.from({ length: 21 }, () => range(monday, sunday)).join(',') }],
      ['since', { since: 's1.2' }],
      ['since', { since: 's01.0.0' }],
      ['since', { since: 's1.0.99999999999999999' }],
      ['since', { since: 'x1.0.0' }],
    ];
    for (const [field, query] of cases) {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/sync/changes?${new URLSearchParams(query)}`,
        headers: { cookie: cookies.dispatcher ?? '' },
      });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error.issues[0].path, JSON.stringify(query)).toBe(`querystring.${field}`);
    }
    const twenty = Array.from({ length: 20 }, () => range(monday, sunday)).join(',');
    const accepted = await pull('dispatcher', 's0.99.0', { window: twenty });
    expect(accepted.changes).toEqual([]);
  });
});

/** Pulls with the window until the load's change that `wanted` accepts arrives, and answers it. */
async function pullUntilWindowed(since: string, window: string, id: number, wanted = (_: Change) => true) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { changes } = await pull('dispatcher', since, { window });
    const change = changes.findLast((entry) => entry.id === id && entry.entity === 'order');
    if ((change && wanted(change)) || Date.now() > deadline) return change;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
