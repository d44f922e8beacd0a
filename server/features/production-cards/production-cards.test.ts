import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputFromOrder, type Order } from '#core/contract/orders';
import type { GroupPreview, OrderGroup, OrderGroupsAnswer, ProductionCard } from '#core/contract/production-cards';
import { pullChanges, pullChangesHaving } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let app: FastifyInstance;
const cookies: Record<string, string> = {};
let prairie: number;
let littleCreek: number;
/** Prairie Feed's sites by name, and one of Little Creek Farms'. */
const site: Record<string, number> = {};
let foreignSite: number;
let foreignCard: number;
let foreignGroup: string;

const DAY = '2026-11-24';

beforeAll(async () => {
  test = await createTestApp();
  app = test.app;
  for (const username of ['admin', 'dispatcher', 'sitemanager', 'carrier', 'freemium']) {
    cookies[username] = await signInAs(app, username);
  }
  const organizationId = await seededOrganizationIds(test.database.db);
  prairie = organizationId('Prairie Feed Co.');
  littleCreek = organizationId('Little Creek Farms');
  const { rows } = await test.database.pool.query<{ id: number; name: string; organization_id: number }>(
    'select id, name, organization_id from locations',
  );
  for (const row of rows) if (row.organization_id === prairie) site[row.name] = row.id;
  foreignSite = rows.find((row) => row.organization_id === littleCreek)?.id as number;
  // Little Creek Farms' own card and group, which Prairie Feed must never reach.
  const card = await test.database.pool.query<{ id: number }>(
    `insert into production_cards (organization_id, cargo_type_id, target_date, stops, cargo)
     values ($1, 27, $2, $3, '{"averageWeight": null, "weight": 20000000, "numberOfLoads": 1, "salmonellaResult": null}')
     returning id`,
    [
      littleCreek,
      DAY,
      JSON.stringify([
        { type: 'Origin', organizationLocationId: foreignSite, organizationSubLocationIds: [], lotId: null },
        { type: 'Destination', organizationLocationId: foreignSite, organizationSubLocationIds: [], lotId: null },
      ]),
    ],
  );
  foreignCard = card.rows[0]?.id as number;
  const group = await test.database.pool.query<{ guid: string }>(
    "insert into order_groups (organization_id, distribution_mode) values ($1, 'greedy') returning guid",
    [littleCreek],
  );
  foreignGroup = group.rows[0]?.guid as string;
});
afterAll(() => test.close());

function call(username: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return app.inject({ method, url: `/api${url}`, headers: { cookie: cookies[username] ?? '' }, ...(payload ? { payload } : {}) });
}

/** A ration by weight from the Nevada mill to a farm: `tons` metric tons in `loads` loads. */
function rationCard(tons: number, overrides: Record<string, unknown> = {}) {
  return {
    cargoTypeId: 27,
    targetDate: DAY,
    lotId: '  LOT-17  ',
    orderNumber: 'PF-9001',
    productionPlan: 'Finisher 3',
    stops: [
      { type: 'Origin', organizationLocationId: site['Nevada Mill'], organizationSubLocationIds: [], lotId: null },
      { type: 'Destination', organizationLocationId: site['Ridgeview Finisher 1'], organizationSubLocationIds: [] },
    ],
    metadata: { cargo: { weight: tons * 1_000_000, numberOfLoads: 2, salmonellaResult: 'negative' } },
    ...overrides,
  };
}

async function createCard(body: object = rationCard(40)): Promise<ProductionCard> {
  const response = await call('admin', 'POST', `/organizations/${prairie}/production-cards`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as ProductionCard;
}

async function preview(ids: number[], mode = 'greedy'): Promise<GroupPreview> {
  const response = await call('admin', 'GET', `/production-cards/group-preview?distributionMode=${mode}&ids=${ids.join(',')}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as GroupPreview;
}

async function generate(ids: number[], mode = 'greedy'): Promise<OrderGroup> {
  const { drafts } = await preview(ids, mode);
  const response = await call('admin', 'POST', '/production-cards/groups', {
    productionCardIds: ids,
    distributionMode: mode,
    expectedDraftCount: drafts.length,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as OrderGroup;
}

async function groupsOfDay(): Promise<OrderGroup[]> {
  const response = await call('dispatcher', 'GET', `/production-cards/groups?from=${DAY}&to=${DAY}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as OrderGroupsAnswer).data;
}

async function loadCount() {
  const { rows } = await test.database.pool.query<{ count: string }>('select count(*) from orders');
  return Number(rows[0]?.count);
}

describe('production cards', () => {
  it('are created with the lot id trimmed and the amounts of their basis, mirrored, and read by date range and cargo type', async () => {
    const { cursor } = await pullChanges(app, cookies.admin as string);
    const card = await createCard(
      rationCard(40, { quantity: 12, metadata: { cargo: { weight: 40_000_000, numberOfLoads: 2, averageWeight: 30 } } }),
    );
    expect(card).toMatchObject({
      organizationId: prairie,
      cargoTypeId: 27,
      lotId: 'LOT-17',
      targetDate: DAY,
      orderGroupGuid: null,
      // By weight: the counted pair is cleared.
      quantity: null,
      metadata: { cargo: { weight: 40_000_000, numberOfLoads: 2, averageWeight: null, salmonellaResult: null } },
    });
    expect(card.guid).toMatch(/^[0-9a-f-]{36}$/);

    const { changes } = await pullChangesHaving(app, cookies.admin as string, cursor, [
      { entity: 'productionCard', id: card.id, op: 'upsert' },
    ]);
    expect(changes).toContainEqual(expect.objectContaining({ entity: 'productionCard', id: card.id, op: 'upsert' }));

    const inRange = await call('dispatcher', 'GET', `/production-cards?startDate=${DAY}&endDate=${DAY}&cargoTypeId=27`);
    expect(inRange.statusCode).toBe(200);
    expect((inRange.json() as ProductionCard[]).map((row) => row.id)).toContain(card.id);
    const otherType = await call('dispatcher', 'GET', `/production-cards?startDate=${DAY}&endDate=${DAY}&cargoTypeId=28`);
    expect((otherType.json() as ProductionCard[]).map((row) => row.id)).not.toContain(card.id);
    const otherDays = await call('dispatcher', 'GET', '/production-cards?startDate=2026-11-25&endDate=2026-11-28');
    expect((otherDays.json() as ProductionCard[]).map((row) => row.id)).not.toContain(card.id);
    // Little Creek Farms' card of the same day is not Prairie Feed's.
    expect((inRange.json() as ProductionCard[]).map((row) => row.id)).not.toContain(foreignCard);
  });

  it('keep the guid a client chose offline', async () => {
    const guid = '2f1d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b';
    const card = await createCard({ ...rationCard(20), guid });
    expect(card.guid).toBe(guid);
    const again = await call('admin', 'POST', `/organizations/${prairie}/production-cards`, { ...rationCard(20), guid });
    expect(again.statusCode).toBe(409);
  });

  it('are created and deleted through spec 3’s paths too, the delete by guid', async () => {
    const created = await call('admin', 'POST', '/production-cards', rationCard(20));
    expect(created.statusCode, created.body).toBe(201);
    const card = created.json() as ProductionCard;
    expect(card).toMatchObject({ organizationId: prairie, lotId: 'LOT-17' });
    expect((await call('dispatcher', 'DELETE', `/production-cards/${card.guid}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/production-cards/${card.guid}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/production-cards/${card.guid}`)).statusCode).toBe(404);
    const { rows } = await test.database.pool.query<{ guid: string }>('select guid from production_cards where id = $1', [
      foreignCard,
    ]);
    expect((await call('admin', 'DELETE', `/production-cards/${rows[0]?.guid}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', '/production-cards/not-a-guid')).statusCode).toBe(400);
  });

  it('refuse amounts their cargo type does not have and locations that do not ship or receive it, naming the field', async () => {
    const noLoads = await call('admin', 'POST', `/organizations/${prairie}/production-cards`, {
      ...rationCard(20),
      metadata: { cargo: { weight: 20_000_000 } },
    });
    expect(noLoads.statusCode).toBe(400);
    expect(noLoads.json().error.issues).toContainEqual({ path: 'body.metadata.cargo.numberOfLoads', message: 'required' });

    // Bagged feed is counted: a quantity and an average weight.
    const counted = await call('admin', 'POST', `/organizations/${prairie}/production-cards`, {
      ...rationCard(20),
      cargoTypeId: 1,
      metadata: { cargo: { averageWeight: 22.68 } },
    });
    expect(counted.statusCode).toBe(400);
    expect(counted.json().error.issues).toContainEqual({ path: 'body.quantity', message: 'required' });

    // A farm ships no ration: the origin is an invalid location.
    const fromFarm = await call('admin', 'POST', `/organizations/${prairie}/production-cards`, {
      ...rationCard(20),
      stops: [
        { type: 'Origin', organizationLocationId: site['Colo Nursery'] },
        { type: 'Destination', organizationLocationId: site['Ridgeview Finisher 1'] },
      ],
    });
    expect(fromFarm.statusCode).toBe(400);
    expect(fromFarm.json().error.issues).toEqual([{ path: 'body.stops.0.organizationLocationId', message: 'invalidLocation' }]);

    const swapped = await call('admin', 'POST', `/organizations/${prairie}/production-cards`, {
      ...rationCard(20),
      stops: [...rationCard(20).stops].reverse(),
    });
    expect(swapped.statusCode).toBe(400);

    const badDay = await call('admin', 'POST', `/organizations/${prairie}/production-cards`, {
      ...rationCard(20),
      targetDate: '2026-13-01',
    });
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().error.issues[0].path).toBe('body.targetDate');
  });

  it('need their permissions, the ProductionPlanning feature and a non-carrier organization', async () => {
    // The dispatcher views cards but does not create them (spec 3 default roles).
    expect((await call('dispatcher', 'POST', `/organizations/${prairie}/production-cards`, rationCard(20))).statusCode).toBe(403);
    expect((await call('sitemanager', 'POST', `/organizations/${prairie}/production-cards`, rationCard(20))).statusCode).toBe(
      201,
    );
    const card = await createCard();
    expect((await call('sitemanager', 'DELETE', `/organizations/${prairie}/production-cards/${card.id}`)).statusCode).toBe(403);
    expect((await call('carrier', 'GET', `/production-cards?startDate=${DAY}&endDate=${DAY}`)).statusCode).toBe(403);
    expect((await call('freemium', 'GET', `/production-cards?startDate=${DAY}&endDate=${DAY}`)).statusCode).toBe(403);
    expect((await call('carrier', 'GET', `/production-cards/groups?from=${DAY}&to=${DAY}`)).statusCode).toBe(403);
    // Generating creates loads (CreateOrder); the site manager may create cards but not loads.
    const body = { productionCardIds: [card.id], distributionMode: 'greedy', expectedDraftCount: 1 };
    expect((await call('sitemanager', 'POST', '/production-cards/groups', body)).statusCode).toBe(403);
  });

  it('of another organization are not found, and its sites are refused by field', async () => {
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/production-cards/${foreignCard}`)).statusCode).toBe(404);
    expect((await call('admin', 'GET', `/production-cards/group-preview?ids=${foreignCard}`)).statusCode).toBe(404);
    const own = await createCard();
    const beside = await call('admin', 'POST', '/production-cards/groups', {
      productionCardIds: [own.id, foreignCard],
      distributionMode: 'greedy',
      expectedDraftCount: 2,
    });
    expect(beside.statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/production-cards/groups/${foreignGroup}`)).statusCode).toBe(404);

    const foreignOrigin = await call('admin', 'POST', `/organizations/${prairie}/production-cards`, {
      ...rationCard(20),
      stops: [
        { type: 'Origin', organizationLocationId: foreignSite },
        { type: 'Destination', organizationLocationId: site['Ridgeview Finisher 1'] },
      ],
    });
    expect(foreignOrigin.statusCode).toBe(400);
    expect(foreignOrigin.json().error.issues[0].path).toBe('body.stops.0.organizationLocationId');
  });

  it('keep a site that a card names', async () => {
    const { rows } = await test.database.pool.query<{ id: number }>(
      `insert into locations (organization_id, name, location_type_id, address1, city, state, postal_code, geofence)
       select organization_id, 'Card farm', location_type_id, address1, city, state, postal_code, geofence
       from locations where id = $1 returning id`,
      [site['Ridgeview Finisher 1']],
    );
    const farm = rows[0]?.id as number;
    await createCard({
      ...rationCard(20),
      stops: [rationCard(20).stops[0], { type: 'Destination', organizationLocationId: farm }],
    });
    const refused = await call('admin', 'DELETE', `/organizations/${prairie}/locations/${farm}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.issues).toContainEqual({ path: 'uses.productionCard', message: '1' });
  });
});

describe('order groups', () => {
  it('preview the drafts with the trailer profile of the most restrictive enabled trailer, writing nothing', async () => {
    const cards = [await createCard(rationCard(40)), await createCard(rationCard(7))];
    const before = await loadCount();
    const answer = await preview(cards.map((card) => card.id));
    expect(await loadCount()).toBe(before);
    // Prairie Feed's smallest enabled bulk-feed trailer, with its fewest compartments.
    const { rows } = await test.database.pool.query<{ grams: string; compartments: number }>(
      `select min(max_cargo_weight_grams) as grams, min((entry->>'compartmentCount')::int) as compartments
       from trailers, jsonb_array_elements(trailer_cargo_types) entry
       where organization_id = $1 and enabled and max_cargo_weight_grams is not null and (entry->>'cargoTypeId')::int = 27`,
      [prairie],
    );
    expect(answer.trailerProfile).toEqual({
      cargoTypeId: 27,
      maxCargoWeightGrams: Number(rows[0]?.grams),
      compartmentCount: rows[0]?.compartments,
    });
    expect(answer.unplaced).toEqual([]);
    const moved = answer.drafts.flatMap((draft) => draft.parts).reduce((sum, part) => sum + part.weightGrams, 0);
    expect(moved).toBe(47_000_000);
    for (const draft of answer.drafts)
      expect(draft.weightGrams).toBeLessThanOrEqual(answer.trailerProfile?.maxCargoWeightGrams ?? 0);
  });

  it('are refused when the client expected another number of drafts: the server recomputes, writes nothing and answers its own preview', async () => {
    const card = await createCard(rationCard(40));
    const { drafts } = await preview([card.id]);
    const before = await loadCount();
    const tampered = await call('admin', 'POST', '/production-cards/groups', {
      productionCardIds: [card.id],
      distributionMode: 'greedy',
      expectedDraftCount: drafts.length + 1,
    });
    expect(tampered.statusCode).toBe(409);
    expect(tampered.json().error).toMatchObject({ rule: 'groupChanged', current: { drafts: expect.any(Array) } });
    expect(tampered.json().error.current.drafts).toHaveLength(drafts.length);
    expect(await loadCount()).toBe(before);
    const stored = await call('admin', 'GET', `/production-cards?startDate=${DAY}&endDate=${DAY}`);
    expect((stored.json() as ProductionCard[]).find((row) => row.id === card.id)?.orderGroupGuid).toBeNull();
  });

  it('refuse a card no enabled trailer carries, with its reason', async () => {
    // Limestone (33) is carried by no trailer of Prairie Feed's as the mill ships it: make it so.
    await test.database.pool.query(
      "update trailers set trailer_cargo_types = (select coalesce(jsonb_agg(entry), '[]') from jsonb_array_elements(trailer_cargo_types) entry where (entry->>'cargoTypeId')::int <> 33) where organization_id = $1",
      [prairie],
    );
    const card = await createCard({
      ...rationCard(10),
      cargoTypeId: 33,
      stops: [rationCard(10).stops[0], { type: 'Destination', organizationLocationId: site['Nevada Mill'] }],
    });
    expect((await preview([card.id])).unplaced).toEqual([{ cardId: card.id, reason: 'noTrailer' }]);
    const refused = await call('admin', 'POST', '/production-cards/groups', {
      productionCardIds: [card.id],
      distributionMode: 'greedy',
      expectedDraftCount: 1,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      rule: 'cardsUnplaced',
      issues: [{ path: 'body.productionCardIds.0', message: 'noTrailer' }],
    });
  });

  it('create draft loads whose stops carry the cards’ lot id, order number and production plan, and link the cards', async () => {
    const { cursor } = await pullChanges(app, cookies.dispatcher as string);
    const cards = [
      await createCard(rationCard(40)),
      await createCard(rationCard(9, { lotId: 'LOT-B', orderNumber: 'PF-9002', productionPlan: 'Grower 1' })),
    ];
    const ids = cards.map((card) => card.id);
    const group = await generate(ids, 'equitable');
    expect(group).toMatchObject({
      dateRange: [DAY, DAY],
      pickups: [site['Nevada Mill']],
      dropoffs: [site['Ridgeview Finisher 1']],
      orderNumbers: ['PF-9001', 'PF-9002'],
      lotIds: ['LOT-17', 'LOT-B'],
      productionCardIds: ids,
      numberOfScheduledLoads: 0,
      numberOfHistoricLoads: 0,
      isUnlinkable: true,
    });
    expect(group.numberOfDraftLoads).toBe(group.orderIds.length);
    expect(group.orderIds.length).toBeGreaterThanOrEqual(2);

    const drafts = (await call('admin', 'GET', '/self/drafts')).json() as Order[];
    const created = drafts.filter((draft) => group.orderIds.includes(draft.id));
    expect(created).toHaveLength(group.orderIds.length);
    const stops = created.flatMap((draft) => draft.stops);
    expect(
      stops.filter((stop) => stop.type === 'Origin').every((stop) => stop.organizationLocationId === site['Nevada Mill']),
    ).toBe(true);
    expect(
      stops
        .filter((stop) => stop.lotId === 'LOT-B')
        .every((stop) => stop.orderNumber === 'PF-9002' && stop.productionPlan === 'Grower 1'),
    ).toBe(true);
    expect(stops.some((stop) => stop.lotId === 'LOT-B')).toBe(true);
    expect(stops.filter((stop) => stop.lotId === 'LOT-17').every((stop) => stop.productionPlan === 'Finisher 3')).toBe(true);
    // Every gram of both cards is picked up once and dropped once.
    const picked = stops.filter((stop) => stop.type === 'Origin').reduce((sum, stop) => sum + (stop.weight ?? 0), 0);
    const dropped = stops.filter((stop) => stop.type === 'Destination').reduce((sum, stop) => sum + (stop.weight ?? 0), 0);
    expect([picked, dropped]).toEqual([49_000_000, 49_000_000]);

    // Every mirror follows: the drafts and the cards, now in their group.
    // The feed holds back rows while an older transaction of the shared test cluster runs: pull until they come.
    const { changes } = await pullChangesHaving<ProductionCard>(app, cookies.dispatcher as string, cursor, [
      ...group.orderIds.map((id) => ({ entity: 'order', id })),
      ...ids.map((id) => ({ entity: 'productionCard', id })),
    ]);
    for (const id of group.orderIds) expect(changes).toContainEqual(expect.objectContaining({ entity: 'order', id }));
    // Each card's last change (pulls that met the cards' creation apart from the group may hold two).
    const cardRows = ids.map((id) => changes.findLast((change) => change.entity === 'productionCard' && change.id === id));
    expect(cardRows.map((change) => change?.row?.orderGroupGuid)).toEqual([group.guid, group.guid]);

    // A grouped card is neither grouped again nor deleted.
    const again = await call('admin', 'POST', '/production-cards/groups', {
      productionCardIds: [ids[0]],
      distributionMode: 'greedy',
      expectedDraftCount: 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.rule).toBe('cardsGrouped');
    const edited = await call('admin', 'PUT', `/organizations/${prairie}/production-cards/${ids[0]}`, {
      ...rationCard(41),
      version: 2,
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error.rule).toBe('cardGrouped');
    const deleted = await call('admin', 'DELETE', `/organizations/${prairie}/production-cards/${ids[0]}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.rule).toBe('cardGrouped');
  });

  it('count drafts, scheduled and delivered loads from the loads, and unlink only while none has left the schedule', async () => {
    const card = await createCard(rationCard(60));
    const group = await generate([card.id]);
    expect(group.orderIds.length).toBeGreaterThanOrEqual(2);
    const [first, second] = group.orderIds as [number, number];

    // Published as the drafts page publishes: arrivals set, through the list save.
    const draft = ((await call('admin', 'GET', '/self/drafts')).json() as Order[]).find((row) => row.id === first) as Order;
    const publish = await call('admin', 'PUT', '/orders', [
      {
        ...inputFromOrder(draft),
        isDraft: false,
        stops: inputFromOrder(draft).stops.map((stop, index) => ({
          ...stop,
          arrivalTime: new Date(Date.parse('2026-11-24T12:00:00Z') + index * 3_600_000).toISOString(),
        })),
        id: draft.id,
        version: draft.version,
      },
    ]);
    expect(publish.statusCode, publish.body).toBe(200);
    let listed = (await groupsOfDay()).find((row) => row.guid === group.guid) as OrderGroup;
    expect(listed).toMatchObject({
      numberOfDraftLoads: group.orderIds.length - 1,
      numberOfScheduledLoads: 1,
      isUnlinkable: true,
    });

    await test.database.pool.query("update orders set is_draft = false, status = 'Delivered' where id = $1", [second]);
    listed = (await groupsOfDay()).find((row) => row.guid === group.guid) as OrderGroup;
    expect(listed).toMatchObject({ numberOfScheduledLoads: 1, numberOfHistoricLoads: 1, isUnlinkable: false });
    const refused = await call('dispatcher', 'DELETE', `/production-cards/groups/${group.guid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.rule).toBe('groupNotUnlinkable');
  });

  it('are unlinked with DeleteOrder: the group goes, its loads stay and its cards return to the board', async () => {
    const card = await createCard(rationCard(30));
    const group = await generate([card.id]);
    expect((await call('sitemanager', 'DELETE', `/production-cards/groups/${group.guid}`)).statusCode).toBe(403);
    const before = await loadCount();
    const unlinked = await call('dispatcher', 'DELETE', `/production-cards/groups/${group.guid}`);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(await loadCount()).toBe(before);
    expect((await groupsOfDay()).map((row) => row.guid)).not.toContain(group.guid);
    const stored = await call('admin', 'GET', `/production-cards?startDate=${DAY}&endDate=${DAY}`);
    expect((stored.json() as ProductionCard[]).find((row) => row.id === card.id)).toMatchObject({
      orderGroupGuid: null,
      version: 3,
    });
    expect((await call('dispatcher', 'DELETE', `/production-cards/groups/${group.guid}`)).statusCode).toBe(404);
    // Back on the board, it may be deleted.
    expect((await call('admin', 'DELETE', `/organizations/${prairie}/production-cards/${card.id}`)).statusCode).toBe(200);
  });
});
