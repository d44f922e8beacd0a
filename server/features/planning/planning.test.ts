import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inputFromOrder, type Order } from '#core/contract/orders';
import type { SavedOrder } from '#core/contract/conflicts';
import type { OrderListItem, ProjectionConfig } from '#core/contract/planning-actions';
import { mergeStopKey } from '#core/domain/planning/index';
import { changeLog } from '#server/db/schema';
import { type SeededDriver, seededDriver, seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
const cookies: Record<string, string> = {};
const USERNAMES = ['dispatcher', 'carrier', 'freemium', 'sitemanager'] as const;
type Username = (typeof USERNAMES)[number];

let prairie: number;
let littleCreek: number;
let hansen: SeededDriver;
let jensen: SeededDriver;
let millId: number;
let farmId: number;
let otherFarmId: number;

beforeAll(async () => {
  test = await createTestApp();
  for (const username of USERNAMES) cookies[username] = await signInAs(test.app, username);
  const orgId = await seededOrganizationIds(test.database.db);
  prairie = orgId('Prairie Feed Co.');
  littleCreek = orgId('Little Creek Farms');
  const driver = (username: string) => seededDriver(test.database.db, username);
  hansen = await driver('driver.hansen');
  jensen = await driver('driver.jensen');
  const listed = (await call('dispatcher', 'GET', '/api/locations')).json();
  millId = listed[0].id;
  farmId = listed[1].id;
  otherFarmId = listed[2].id;
});
afterAll(() => test.close());

function call(
  username: Username | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return test.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload: payload as object }),
    headers: { ...(username ? { cookie: cookies[username] ?? '' } : {}), ...headers },
  });
}

const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.UTC(2026, 11, 1, 12) + hours * HOUR).toISOString();

/** A complete draft by weight: 12 t of bulk feed from the mill to a farm, an hour and a half apart. */
async function createDraft(
  overrides: Record<string, unknown> = {},
  stopOverrides: Record<string, unknown>[] = [],
): Promise<Order> {
  const stops = [
    { sequence: 1, type: 'Origin', organizationLocationId: millId, cargoTypeId: 2, weight: 12_000_000, arrivalTime: at(1) },
    {
      sequence: 2,
      type: 'Destination',
      organizationLocationId: farmId,
      cargoTypeId: 2,
      weight: 12_000_000,
      arrivalTime: at(2.5),
    },
  ].map((stop, index) => ({ ...stop, ...stopOverrides[index] }));
  const response = await call('dispatcher', 'POST', '/api/orders', { date: at(0), isDraft: true, stops, ...overrides });
  expect(response.statusCode).toBe(201);
  // The answer's planning warnings belong to the save, not to the stored load.
  const { warnings: _warnings, ...load } = response.json();
  return load;
}

/** A load as `PUT /api/orders` takes it back: its fields, its stops with their ids, and its version. */
function asItem(load: Order, changes: Partial<OrderListItem> = {}): OrderListItem {
  return { ...inputFromOrder(load), id: load.id, version: load.version, ...changes };
}

async function drafts(username: Username = 'dispatcher'): Promise<Order[]> {
  const response = await call(username, 'GET', '/api/self/drafts');
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function published(): Promise<Order[]> {
  const response = await call(
    'dispatcher',
    'GET',
    '/api/self/orders?startDate=2020-01-01T00:00:00.000Z&endDate=2035-01-01T00:00:00.000Z',
  );
  return response.json();
}

/** Any stored load, whatever its status or draft flag (the lists hide Merged ones). */
async function stored(id: number): Promise<Order | undefined> {
  const response = await call('dispatcher', 'GET', `/api/orders/merged-sources?mergedFromOrderIds=${id}`);
  if (response.statusCode !== 200) return undefined;
  const [merged] = response.json() as Order[];
  if (merged) return merged;
  return [...(await drafts()), ...(await published())].find((load) => load.id === id);
}

async function foreignLoadId(): Promise<number> {
  const { rows } = await test.database.pool.query('select id from orders where organization_id = $1 limit 1', [littleCreek]);
  return rows[0].id;
}

async function foreignLocationId(): Promise<number> {
  const { rows } = await test.database.pool.query('select id from locations where organization_id = $1 limit 1', [littleCreek]);
  return rows[0].id;
}

/** Everything a refused request must leave alone. */
async function fingerprint() {
  const { rows } = await test.database.pool.query(`select
    (select count(*)::int from orders) as orders,
    (select coalesce(sum(version), 0)::int from orders) as order_versions,
    (select md5(string_agg(o::text, ',' order by id)) from orders o) as order_rows,
    (select count(*)::int from stops) as stops,
    (select md5(string_agg(s::text, ',' order by id)) from stops s) as stop_rows,
    (select count(*)::int from change_log) as changes`);
  return rows[0];
}

async function expectRefused(
  response: { statusCode: number; json: () => { error: { rule?: string; issues?: { path: string; message: string }[] } } },
  before: unknown,
  status: number,
  detail?: { rule?: string; path?: string },
) {
  expect(response.statusCode).toBe(status);
  if (detail?.rule) expect(response.json().error.rule).toBe(detail.rule);
  if (detail?.path) expect(response.json().error.issues?.map((issue) => issue.path)).toContain(detail.path);
  expect(await fingerprint()).toEqual(before);
}

async function changeLogFor(orderId: number) {
  return test.database.db
    .select({ organizationId: changeLog.organizationId, op: changeLog.op })
    .from(changeLog)
    .where(and(eq(changeLog.entity, 'order'), eq(changeLog.entityId, orderId)))
    .orderBy(changeLog.seq);
}

/** Drafts of the active organization are planning material: the same guard for each route. */
async function expectGuarded(method: 'GET' | 'POST' | 'PUT', url: string, payload: unknown, noFeature: Username | null) {
  const before = await fingerprint();
  await expectRefused(await call(null, method, url, payload), before, 401);
  await expectRefused(await call('carrier', method, url, payload), before, 403);
  await expectRefused(await call('sitemanager', method, url, payload), before, 403);
  if (noFeature) await expectRefused(await call(noFeature, method, url, payload), before, 403);
}

describe('PUT /api/orders', () => {
  it('publishes complete drafts all at once: they leave the drafts and join the loads', async () => {
    const first = await createDraft();
    const second = await createDraft({
      transportedByUserId: hansen.id,
      tractorId: hansen.tractorId,
      trailerId: hansen.trailerId,
    });
    const response = await call('dispatcher', 'PUT', '/api/orders', [
      asItem(first, { isDraft: false }),
      asItem(second, { isDraft: false }),
    ]);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as Order[];
    expect(answer.map((load) => [load.id, load.isDraft, load.status, load.version])).toEqual([
      [first.id, false, 'Open', 2],
      [second.id, false, 'Assigned', 2],
    ]);
    // Stops untouched by a publish keep their rows and versions.
    expect(answer[0]?.stops).toEqual(first.stops);
    const draftIds = (await drafts()).map((load) => load.id);
    expect(draftIds).not.toContain(first.id);
    expect((await published()).map((load) => load.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect((await changeLogFor(second.id)).at(-1)).toEqual({ organizationId: prairie, op: 'upsert' });
  });

  it('refuses the whole list when one draft is incomplete, naming the draft and what it lacks (422)', async () => {
    const complete = await createDraft();
    const noDestination = await createDraft({}, [{}, { type: 'Weigh', cargoTypeId: null }]);
    const unbalanced = await createDraft({}, [{}, { weight: 11_000_000 }]);
    const outOfOrder = await createDraft({}, [{ arrivalTime: at(3) }, { arrivalTime: at(2) }]);
    const before = await fingerprint();
    const response = await call('dispatcher', 'PUT', '/api/orders', [
      asItem(complete, { isDraft: false }),
      asItem(noDestination, { isDraft: false }),
      asItem(unbalanced, { isDraft: false }),
    ]);
    await expectRefused(response, before, 422, { rule: 'draftIncomplete' });
    expect(response.json().error.issues).toEqual([
      { path: 'body.1', message: 'noDestination' },
      { path: 'body.1', message: 'weightUnbalanced' },
      { path: 'body.2', message: 'weightUnbalanced' },
    ]);
    // Publishing re-checks the time order the stop editor skips (the stored arrivals, not changed here).
    const late = await call('dispatcher', 'PUT', '/api/orders', [asItem(outOfOrder, { isDraft: false })]);
    await expectRefused(late, before, 422, { rule: 'draftIncomplete' });
    expect(late.json().error.issues).toEqual([{ path: 'body.0', message: 'timesOutOfOrder' }]);
    expect((await drafts()).map((load) => load.id)).toEqual(expect.arrayContaining([complete.id, noDestination.id]));
  });

  it('publishes the subset of a selection it is given; the incomplete drafts left out stay drafts, untouched', async () => {
    const complete = await createDraft();
    const alsoComplete = await createDraft();
    const unbalanced = await createDraft({}, [{}, { weight: 11_000_000 }]);
    const response = await call('dispatcher', 'PUT', '/api/orders', [
      asItem(complete, { isDraft: false }),
      asItem(alsoComplete, { isDraft: false }),
    ]);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Order[]).map((load) => [load.id, load.isDraft])).toEqual([
      [complete.id, false],
      [alsoComplete.id, false],
    ]);
    const left = (await drafts()).find((load) => load.id === unbalanced.id);
    expect(left).toEqual(unbalanced);
    // Named explicitly, the incomplete one is still refused with its reason.
    const before = await fingerprint();
    const named = await call('dispatcher', 'PUT', '/api/orders', [asItem(unbalanced, { isDraft: false })]);
    await expectRefused(named, before, 422, { rule: 'draftIncomplete' });
    expect(named.json().error.issues).toEqual([{ path: 'body.0', message: 'weightUnbalanced' }]);
  });

  it('saves a bulk schedule of drafts, and refuses arrivals that go back in time (422 timesNotMonotone)', async () => {
    const first = await createDraft();
    const second = await createDraft();
    const shifted = (load: Order, hours: number[]) =>
      asItem(load, {
        date: at(hours[0] as number),
        stops: asItem(load).stops.map((stop, index) => ({ ...stop, arrivalTime: at(hours[index] as number) })),
      });
    const response = await call('dispatcher', 'PUT', '/api/orders', [shifted(first, [5, 6]), shifted(second, [7, 8.5])]);
    expect(response.statusCode).toBe(200);
    const [one, two] = response.json() as Order[];
    expect(one?.stops.map((stop) => stop.arrivalTime)).toEqual([at(5), at(6)]);
    expect(two?.date).toBe(at(7));
    expect(two?.isDraft).toBe(true);

    const before = await fingerprint();
    await expectRefused(
      await call('dispatcher', 'PUT', '/api/orders', [shifted(one as Order, [9, 10]), shifted(two as Order, [12, 11])]),
      before,
      422,
      { rule: 'timesNotMonotone' },
    );
  });

  it('lets a draft whose stored arrivals are out of order be saved when the save leaves them as they are', async () => {
    const outOfOrder = await createDraft({}, [{ arrivalTime: at(3) }, { arrivalTime: at(2) }]);
    const item = asItem(outOfOrder);
    const windows = item.stops.map((stop) => ({ ...stop, requiredBegin: at(0), requiredEnd: at(4) }));
    const response = await call('dispatcher', 'PUT', '/api/orders', [{ ...item, stops: windows }]);
    expect(response.statusCode).toBe(200);
    expect(response.json()[0].stops.map((stop: Order['stops'][number]) => stop.requiredEnd)).toEqual([at(4), at(4)]);
  });

  it('answers 409 with the current load for a stale version, writing nothing of the list', async () => {
    const fresh = await createDraft();
    const stale = await createDraft();
    const moved = await call('dispatcher', 'PUT', `/api/orders/${stale.id}`, { ...asItem(stale), washOption: 'Full' });
    expect(moved.statusCode).toBe(200);
    const before = await fingerprint();
    const response = await call('dispatcher', 'PUT', '/api/orders', [asItem(fresh, { isDraft: false }), asItem(stale)]);
    await expectRefused(response, before, 409);
    expect(response.json().error.current).toMatchObject({ id: stale.id, version: 2, washOption: 'Full' });
  });

  it('refuses loads that are not the organization’s drafts (404, 422) and bad items (400 naming the field)', async () => {
    const draft = await createDraft();
    const other = await createDraft();
    const load = (await published())[0] as Order;
    const before = await fingerprint();
    const foreign = await foreignLoadId();
    await expectRefused(
      await call('dispatcher', 'PUT', '/api/orders', [asItem(draft), { ...asItem(draft), id: foreign }]),
      before,
      404,
    );
    await expectRefused(await call('dispatcher', 'PUT', '/api/orders', [asItem(draft), asItem(load)]), before, 422, {
      rule: 'notADraft',
    });
    const { version: _version, ...withoutVersion } = asItem(draft);
    await expectRefused(await call('dispatcher', 'PUT', '/api/orders', [withoutVersion]), before, 400, {
      path: 'body.0.version',
    });
    await expectRefused(await call('dispatcher', 'PUT', '/api/orders', [asItem(draft), asItem(draft)]), before, 400, {
      path: 'body.1.id',
    });
    await expectRefused(await call('dispatcher', 'PUT', '/api/orders', []), before, 400, { path: 'body' });
    const foreignSite = asItem(other);
    foreignSite.stops[1] = {
      ...(foreignSite.stops[1] as OrderListItem['stops'][number]),
      organizationLocationId: await foreignLocationId(),
    };
    await expectRefused(await call('dispatcher', 'PUT', '/api/orders', [asItem(draft), foreignSite]), before, 400, {
      path: 'body.1.stops.1.organizationLocationId',
    });
    await expectRefused(
      await call('dispatcher', 'PUT', '/api/orders', [asItem(draft, { transportedByUserId: 999_999 })]),
      before,
      400,
      { path: 'body.0.transportedByUserId' },
    );
  });

  it('is for dispatchers of organizations with drafts only (401, 403)', async () => {
    const draft = await createDraft();
    await expectGuarded('PUT', '/api/orders', [asItem(draft, { isDraft: false })], null);
  });

  it('applies a repeated Idempotency-Key once', async () => {
    const draft = await createDraft();
    const headers = { 'idempotency-key': 'publish-drafts-0c4d2e19' };
    const first = await call('dispatcher', 'PUT', '/api/orders', [asItem(draft, { isDraft: false })], headers);
    const before = await fingerprint();
    const again = await call('dispatcher', 'PUT', '/api/orders', [asItem(draft, { isDraft: false })], headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await fingerprint()).toEqual(before);
  });
});

describe('POST /api/orders/merge and /api/orders/unmerge', () => {
  /** Three drafts from the mill: two to the same farm (their stops combine), one to another farm. */
  async function threeDrafts(driver: { id: number; tractorId: number; trailerId: number } | null = hansen) {
    const resources = driver ? { transportedByUserId: driver.id, tractorId: driver.tractorId, trailerId: driver.trailerId } : {};
    const a = await createDraft({ ...resources, metadata: { cargo: { salmonellaResult: 'negative' } } }, [
      { notes: 'Gate code 12' },
      {},
    ]);
    const b = await createDraft({ ...resources, metadata: { cargo: { salmonellaResult: 'mildPositive' } } }, [
      { weight: 8_000_000, arrivalTime: at(1.5) },
      { weight: 8_000_000 },
    ]);
    const c = await createDraft(resources, [{ weight: 5_000_000 }, { organizationLocationId: otherFarmId, weight: 5_000_000 }]);
    return [a, b, c] as const;
  }

  it('merges three drafts into one new draft and the sources leave the list as Merged', async () => {
    const [a, b, c] = await threeDrafts();
    const response = await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${a.id},${b.id},${c.id}`);
    expect(response.statusCode).toBe(201);
    const merged = response.json() as Order;
    expect(merged).toMatchObject({
      isDraft: true,
      status: 'Assigned',
      transportedByUserId: hansen.id,
      tractorId: hansen.tractorId,
      mergedFromOrderIds: [a.id, b.id, c.id],
      version: 1,
      organizationId: prairie,
      transportingOrganizationId: prairie,
      metadata: { cargo: { salmonellaResult: 'mildPositive' } },
    });
    // The same key (type, location, sub-locations, cargo type, customer) combines: one mill pick-up of 25 t.
    expect(merged.stops.map((stop) => [stop.sequence, stop.type, stop.organizationLocationId, stop.weight])).toEqual([
      [1, 'Origin', millId, 25_000_000],
      [2, 'Destination', farmId, 20_000_000],
      [3, 'Destination', otherFarmId, 5_000_000],
    ]);
    expect(merged.stops[0]?.notes).toBe('Gate code 12');
    expect(merged.stops[0]?.arrivalTime).toBe(at(1));
    expect(merged.date).toBe(at(1));

    const listed = (await drafts()).map((load) => load.id);
    expect(listed).toContain(merged.id);
    expect(listed).not.toContain(a.id);
    const sources = await call('dispatcher', 'GET', `/api/orders/merged-sources?mergedFromOrderIds=${a.id},${b.id},${c.id}`);
    expect(sources.statusCode).toBe(200);
    expect((sources.json() as Order[]).map((load) => [load.id, load.status, load.version])).toEqual([
      [a.id, 'Merged', 2],
      [b.id, 'Merged', 2],
      [c.id, 'Merged', 2],
    ]);
    expect((await changeLogFor(merged.id)).at(-1)).toEqual({ organizationId: prairie, op: 'upsert' });
    expect((await changeLogFor(a.id)).length).toBe(2);
  });

  it('makes the merged draft Open without a driver when the sources do not share one', async () => {
    const a = await createDraft({ transportedByUserId: hansen.id });
    const b = await createDraft({ transportedByUserId: jensen.id });
    const response = await call('dispatcher', 'POST', `/api/orders/merge?orderIds=[${a.id},${b.id}]`);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'Open', transportedByUserId: null, tractorId: null });
  });

  it('recomputes the merge from the stored sources and keeps only the preview’s stop order', async () => {
    const [a, b, c] = await threeDrafts(null);
    const preview = {
      date: at(0),
      isDraft: true,
      stops: [
        // Values the client made up do not count; the order does.
        { sequence: 1, type: 'Origin', organizationLocationId: millId, cargoTypeId: 2, weight: 1 },
        { sequence: 2, type: 'Destination', organizationLocationId: otherFarmId, cargoTypeId: 2, weight: 1 },
        { sequence: 3, type: 'Destination', organizationLocationId: farmId, cargoTypeId: 2, weight: 1 },
      ],
    };
    const response = await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${a.id},${b.id},${c.id}`, preview);
    expect(response.statusCode).toBe(201);
    const merged = response.json() as Order;
    expect(merged.stops.map((stop) => [stop.sequence, stop.organizationLocationId, stop.weight])).toEqual([
      [1, millId, 25_000_000],
      [2, otherFarmId, 5_000_000],
      [3, farmId, 20_000_000],
    ]);
    expect(new Set(merged.stops.map((stop) => mergeStopKey(stop))).size).toBe(3);
  });

  it('unmerge restores the sources exactly and removes the merged draft', async () => {
    const sources = await threeDrafts();
    const ids = sources.map((load) => load.id);
    const merged = (await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${ids.join(',')}`)).json() as Order;
    const response = await call('dispatcher', 'POST', `/api/orders/unmerge?orderIds=${merged.id}`, ids);
    expect(response.statusCode).toBe(200);
    const answer = response.json() as { removedOrderIds: number[]; sources: SavedOrder[] };
    expect(answer.removedOrderIds).toEqual([merged.id]);
    for (const [index, source] of sources.entries()) {
      const { warnings, ...restored } = answer.sources[index] as SavedOrder;
      // The three are Hansen's at overlapping times (as are earlier tests' drafts): each restored draft
      // warns of the other two, as a save would.
      const others = ids.filter((id) => id !== source.id);
      expect(warnings).toContainEqual({
        kind: 'overlap',
        resource: 'driver',
        resourceId: hansen.id,
        orderIds: expect.arrayContaining(others),
      });
      const { version, updatedAt: _updatedAt, ...rest } = restored;
      const { version: before, updatedAt: _before, warnings: _warnings, ...original } = source as SavedOrder;
      // Stops were never touched: same rows, same versions. Only the load's version moved (merge, unmerge).
      expect(rest).toEqual(original);
      expect(version).toBe(before + 2);
      expect(await stored(source.id)).toEqual(restored);
    }
    expect(await stored(merged.id)).toBeUndefined();
    expect((await changeLogFor(merged.id)).at(-1)).toEqual({ organizationId: prairie, op: 'delete' });
    const listed = (await drafts()).map((load) => load.id);
    expect(listed).toEqual(expect.arrayContaining(ids));
    expect(listed).not.toContain(merged.id);
    // Unmerged drafts may be merged again.
    expect((await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${ids.join(',')}`)).statusCode).toBe(201);
  });

  it('refuses merges the rules refuse, naming the rule, and writes nothing', async () => {
    const [a, b] = await threeDrafts();
    const load = (await published())[0] as Order;
    const delivered = await createDraft();
    await test.database.pool.query(`update orders set status = 'Delivered' where id = $1`, [delivered.id]);
    const before = await fingerprint();
    const merge = (query: string) => call('dispatcher', 'POST', `/api/orders/merge?orderIds=${query}`);
    await expectRefused(await merge(`${a.id}`), before, 422, { rule: 'fewerThanTwoDrafts' });
    await expectRefused(await merge(`${a.id},${a.id}`), before, 422, { rule: 'fewerThanTwoDrafts' });
    await expectRefused(await merge(`${a.id},${load.id}`), before, 422, { rule: 'notADraft' });
    await expectRefused(await merge(`${a.id},${delivered.id}`), before, 422, { rule: 'statusNotMergeable' });
    await expectRefused(await merge(`${a.id},${await foreignLoadId()}`), before, 404);
    await expectRefused(await merge('abc'), before, 400, { path: 'querystring.orderIds' });
    await expectRefused(await call('dispatcher', 'POST', '/api/orders/merge'), before, 400, { path: 'querystring.orderIds' });
    await expectRefused(
      await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${a.id},${b.id}`, { date: 'soon', stops: [] }),
      before,
      400,
      { path: 'body.date' },
    );

    const merged = (await merge(`${a.id},${b.id}`)).json() as Order;
    const afterMerge = await fingerprint();
    // A source already merged cannot be merged again, nor edited through the list save.
    const c = await createDraft();
    const withC = await fingerprint();
    await expectRefused(await merge(`${a.id},${c.id}`), withC, 422, { rule: 'statusNotMergeable' });
    const source = (await stored(a.id)) as Order;
    await expectRefused(await call('dispatcher', 'PUT', '/api/orders', [asItem(source)]), withC, 422, {
      rule: 'mergedLoadLocked',
    });
    expect(afterMerge.orders).toBe(withC.orders - 1);
    expect(merged.mergedFromOrderIds).toEqual([a.id, b.id]);
  });

  it('refuses unmerges the rules refuse, naming the rule, and writes nothing', async () => {
    const [a, b] = await threeDrafts();
    const merged = (await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${a.id},${b.id}`)).json() as Order;
    const plain = await createDraft();
    const before = await fingerprint();
    const unmerge = (query: string, body?: unknown) => call('dispatcher', 'POST', `/api/orders/unmerge?orderIds=${query}`, body);
    await expectRefused(await unmerge(`${plain.id}`), before, 422, { rule: 'notAMergedDraft' });
    await expectRefused(await unmerge(`${merged.id}`, [a.id]), before, 422, { rule: 'mergedSourcesMismatch' });
    await expectRefused(await unmerge(`${merged.id}`, ['x']), before, 400, { path: 'body.0' });
    await expectRefused(await unmerge(`${await foreignLoadId()}`), before, 404);
    await expectRefused(await unmerge('0'), before, 400, { path: 'querystring.orderIds' });

    // A merged draft that was published is no longer a draft to split.
    const publish = await call('dispatcher', 'PUT', '/api/orders', [asItem(merged, { isDraft: false })]);
    expect(publish.statusCode).toBe(200);
    const published = await fingerprint();
    await expectRefused(await unmerge(`${merged.id}`), published, 422, { rule: 'notADraft' });
  });

  it('refuses to unmerge when a source is gone (422 sourceMissing)', async () => {
    const [a, b] = await threeDrafts();
    const merged = (await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${a.id},${b.id}`)).json() as Order;
    await test.database.pool.query('delete from orders where id = $1', [b.id]);
    const before = await fingerprint();
    await expectRefused(await call('dispatcher', 'POST', `/api/orders/unmerge?orderIds=${merged.id}`), before, 422, {
      rule: 'sourceMissing',
    });
  });

  it('guards merged drafts on the other routes: a source cannot be edited (422)', async () => {
    const sources = await threeDrafts();
    const ids = sources.map((load) => load.id);
    await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${ids.join(',')}`);
    const before = await fingerprint();
    const source = (await stored(ids[0] as number)) as Order;
    const { id: _id, ...edit } = asItem(source, { washOption: 'Rinse' });
    const edited = await call('dispatcher', 'PUT', `/api/orders/${source.id}`, edit);
    expect(edited.statusCode).toBe(422);
    expect(edited.json().error.rule).toBe('mergedLoadLocked');
    expect(await fingerprint()).toEqual(before);
  });

  it('deletes an Assigned merged draft with the sources it kept for unmerge, merged again or not', async () => {
    const [a, b, c] = await threeDrafts();
    const first = (await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${a.id},${b.id}`)).json() as Order;
    const merged = (await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${first.id},${c.id}`)).json() as Order;
    expect(merged.status).toBe('Assigned');
    const deleted = await call('dispatcher', 'DELETE', '/api/orders', [merged.id]);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().map((load: Order) => load.id)).toEqual([merged.id]);
    for (const id of [merged.id, first.id, a.id, b.id, c.id]) {
      expect(await stored(id)).toBeUndefined();
      expect((await changeLogFor(id)).at(-1)).toEqual({ organizationId: prairie, op: 'delete' });
    }
  });

  it('refuses publishing an incomplete draft through PUT /api/orders/{id} as well (422 draftIncomplete)', async () => {
    const draft = await createDraft({}, [{}, { weight: 5_000_000 }]);
    const before = await fingerprint();
    const { id: _id, ...publish } = asItem(draft, { isDraft: false });
    const response = await call('dispatcher', 'PUT', `/api/orders/${draft.id}`, publish);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      rule: 'draftIncomplete',
      issues: [{ path: 'body', message: 'weightUnbalanced' }],
    });
    expect(await fingerprint()).toEqual(before);
  });

  it('merge and unmerge need their feature, EditOrder and a non-carrier organization', async () => {
    const [a, b] = await threeDrafts();
    await expectGuarded('POST', `/api/orders/merge?orderIds=${a.id},${b.id}`, undefined, 'freemium');
    const merged = (await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${a.id},${b.id}`)).json() as Order;
    await expectGuarded('POST', `/api/orders/unmerge?orderIds=${merged.id}`, undefined, 'freemium');
  });

  it('merge applies a repeated Idempotency-Key once', async () => {
    const [a, b] = await threeDrafts();
    const headers = { 'idempotency-key': 'merge-drafts-7b1f44aa' };
    const url = `/api/orders/merge?orderIds=${a.id},${b.id}`;
    const first = await call('dispatcher', 'POST', url, undefined, headers);
    const before = await fingerprint();
    const again = await call('dispatcher', 'POST', url, undefined, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await fingerprint()).toEqual(before);
  });
});

describe('GET /api/orders/merged-sources', () => {
  it('answers the named loads still Merged; another organization’s id is 404', async () => {
    const a = await createDraft();
    const b = await createDraft();
    const plain = await createDraft();
    await call('dispatcher', 'POST', `/api/orders/merge?orderIds=${a.id},${b.id}`);
    const response = await call('dispatcher', 'GET', `/api/orders/merged-sources?mergedFromOrderIds=${b.id},${a.id},${plain.id}`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as Order[]).map((load) => load.id)).toEqual([a.id, b.id]);
    expect(
      (await call('dispatcher', 'GET', `/api/orders/merged-sources?mergedFromOrderIds=${a.id},${await foreignLoadId()}`))
        .statusCode,
    ).toBe(404);
    const bad = await call('dispatcher', 'GET', '/api/orders/merged-sources');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.issues[0].path).toBe('querystring.mergedFromOrderIds');
    expect((await call('carrier', 'GET', `/api/orders/merged-sources?mergedFromOrderIds=${a.id}`)).statusCode).toBe(403);
    expect((await call(null, 'GET', `/api/orders/merged-sources?mergedFromOrderIds=${a.id}`)).statusCode).toBe(401);
  });
});

describe('POST /api/orders/create-projections', () => {
  // Wednesday 2 December 2026, noon in Chicago (the dispatcher's zone): Sunday to Tuesday are past.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-02T18:00:00.000Z') });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  const config = (overrides: Partial<ProjectionConfig> = {}): ProjectionConfig => ({
    organizationLocationId: millId,
    cargoTypeId: 2,
    weightPerLoad: 20_000_000,
    quantityPerLoad: null,
    numberOfLoads: 2,
    date: '2026-12-06T06:00:00.000Z',
    isBasedOnOrigin: true,
    ...overrides,
  });

  it('creates one draft per load of each day, with the site as origin or destination', async () => {
    const response = await call('dispatcher', 'POST', '/api/orders/create-projections', [
      config(),
      config({ numberOfLoads: 0, date: '2026-12-07T06:00:00.000Z' }),
      config({
        organizationLocationId: farmId,
        cargoTypeId: 1,
        weightPerLoad: null,
        quantityPerLoad: 40,
        numberOfLoads: 3,
        date: '2026-12-08T06:00:00.000Z',
        isBasedOnOrigin: false,
      }),
    ]);
    expect(response.statusCode).toBe(201);
    const created = response.json() as Order[];
    expect(created).toHaveLength(5);
    const shape = (load: Order) => [
      load.date,
      load.isDraft,
      load.status,
      load.stops.map((stop) => [
        stop.sequence,
        stop.type,
        stop.organizationLocationId,
        stop.cargoTypeId,
        stop.quantity,
        stop.weight,
      ]),
    ];
    expect(shape(created[0] as Order)).toEqual([
      '2026-12-06T06:00:00.000Z',
      true,
      'Open',
      [
        [1, 'Origin', millId, 2, null, 20_000_000],
        [2, 'Destination', null, 2, null, 20_000_000],
      ],
    ]);
    expect(shape(created[4] as Order)).toEqual([
      '2026-12-08T06:00:00.000Z',
      true,
      'Open',
      [
        [1, 'Origin', null, 1, 40, null],
        [2, 'Destination', farmId, 1, 40, null],
      ],
    ]);
    const listed = (await drafts()).map((load) => load.id);
    expect(listed).toEqual(expect.arrayContaining(created.map((load) => load.id)));
    expect(await changeLogFor(created[4]?.id as number)).toEqual([{ organizationId: prairie, op: 'upsert' }]);
  });

  it('refuses counts outside 0–999 and unknown sites or cargo types (400 naming the field), writing nothing', async () => {
    const before = await fingerprint();
    const create = (body: unknown, username: Username = 'dispatcher') =>
      call(username, 'POST', '/api/orders/create-projections', body);
    await expectRefused(await create([config(), config({ numberOfLoads: 1000 })]), before, 400, { path: 'body.1.numberOfLoads' });
    await expectRefused(await create([config({ numberOfLoads: -1 })]), before, 400, { path: 'body.0.numberOfLoads' });
    await expectRefused(await create([config({ numberOfLoads: 1.5 })]), before, 400, { path: 'body.0.numberOfLoads' });
    await expectRefused(await create([config(), config({ cargoTypeId: 9999 })]), before, 400, { path: 'body.1.cargoTypeId' });
    await expectRefused(await create([config({ organizationLocationId: await foreignLocationId() })]), before, 400, {
      path: 'body.0.organizationLocationId',
    });
    await expectRefused(await create([config({ date: '2026-12-06' })]), before, 400, { path: 'body.0.date' });
    await expectRefused(await create([]), before, 400, { path: 'body' });
    // Little Creek is offered only some cargo types: another one is unknown to it.
    const [site] = (await call('freemium', 'GET', '/api/locations')).json();
    await expectRefused(await create([config({ organizationLocationId: site.id, cargoTypeId: 5 })], 'freemium'), before, 400, {
      path: 'body.0.cargoTypeId',
    });
  });

  it('refuses a load without a size or weight (422 loadInvalidStopValue), writing nothing', async () => {
    const before = await fingerprint();
    for (const amounts of [
      { weightPerLoad: null, quantityPerLoad: null },
      { weightPerLoad: 0, quantityPerLoad: 0 },
      { weightPerLoad: null, quantityPerLoad: 2.5 },
    ]) {
      await expectRefused(await call('dispatcher', 'POST', '/api/orders/create-projections', [config(amounts)]), before, 422, {
        rule: 'loadInvalidStopValue',
      });
    }
  });

  it('refuses loads on a day already past in the user’s zone (422 dayAlreadyPast), writing nothing, and takes today’s', async () => {
    const before = await fingerprint();
    const create = (configs: ProjectionConfig[]) => call('dispatcher', 'POST', '/api/orders/create-projections', configs);
    const wednesday = '2026-12-02T06:00:00.000Z';
    // Tuesday 00:00 and Tuesday 23:59 in Chicago, even beside today's loads.
    for (const tuesday of ['2026-12-01T06:00:00.000Z', '2026-12-02T05:59:00.000Z']) {
      await expectRefused(await create([config({ date: wednesday }), config({ date: tuesday })]), before, 422, {
        rule: 'dayAlreadyPast',
      });
    }
    // A past day without loads creates nothing, so it is no refusal.
    const today = await create([config({ date: '2026-11-30T06:00:00.000Z', numberOfLoads: 0 }), config({ date: wednesday })]);
    expect(today.statusCode).toBe(201);
    expect((today.json() as Order[]).map((load) => load.date)).toEqual([wednesday, wednesday]);

    // The wizard starts its days in the user's zone: Wednesday 00:00 in New York (Tuesday 23:00 in
    // Chicago, the company's zone) is today for a dispatcher there, Tuesday is past.
    const dispatcherContact = `(select contact_id from users where username = 'dispatcher')`;
    const { rows } = await test.database.pool.query(`select timezone from contacts where id = ${dispatcherContact}`);
    expect(rows[0].timezone).toBe('America/Chicago');
    await test.database.pool.query(`update contacts set timezone = 'America/New_York' where id = ${dispatcherContact}`);
    try {
      expect((await create([config({ date: '2026-12-02T05:00:00.000Z' })])).statusCode).toBe(201);
      const afterToday = await fingerprint();
      await expectRefused(await create([config({ date: '2026-12-01T05:00:00.000Z' })]), afterToday, 422, {
        rule: 'dayAlreadyPast',
      });
    } finally {
      await test.database.pool.query(`update contacts set timezone = 'America/Chicago' where id = ${dispatcherContact}`);
    }
  });

  it('needs CreateOrder and a non-carrier organization with drafts', async () => {
    await expectGuarded('POST', '/api/orders/create-projections', [config()], null);
  });
});

describe('OpenAPI', () => {
  it('documents the planning routes', async () => {
    const response = await call(null, 'GET', '/api/docs');
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    expect(paths['/orders']).toHaveProperty('put');
    for (const path of ['/orders/merge', '/orders/unmerge', '/orders/create-projections'])
      expect(paths[path]).toHaveProperty('post');
    expect(paths['/orders/merged-sources']).toHaveProperty('get');
  });
});
