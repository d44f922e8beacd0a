import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { and, eq, ne, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, orders, users } from '#server/db/schema';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';
import { winAnsiText } from './delivery-tickets.ts';
import { isoDate, isoWallClock } from './export-format.ts';

/** pdf.js reads the 14 standard fonts' data from its package to extract their text. */
const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

let test: TestApp;
const cookies: Record<string, string> = {};
let prairieId: number;
let swiftId: number;
/** Loads created here, with exactly known stops. */
let loadA: number;
let loadB: number;
let millName: string;

// 48,000 lb exactly: 24.00 US tons, 21.77 metric tons, 21,772 kg.
const GRAMS = 21_772_434;
const TRICKY_NOTES = 'Back gate, "dock 3"\nthen left, call ahead';

beforeAll(async () => {
  test = await createTestApp();
  for (const username of ['dispatcher', 'carrier', 'freemium', 'driver.hansen']) {
    cookies[username] = await signInAs(test.app, username);
  }
  const session = await get('/api/session', 'dispatcher');
  prairieId = session.json().user.activeOrganizationId;
  swiftId = (await get('/api/session', 'carrier')).json().user.activeOrganizationId;
  const listed = (await get('/api/locations', 'dispatcher')).json();
  const [mill, farm] = listed;
  millName = mill.name;
  // Two loads a day apart; B is created first but is the later one.
  loadB = await createLoad(mill.id, farm.id, '2026-11-25T15:00:00.000Z', null, 'plain');
  loadA = await createLoad(mill.id, farm.id, '2026-11-24T13:00:00.000Z', TRICKY_NOTES, '=SUM(A1:A9)', ['PF-7731', 'PF-7732']);
});
afterAll(() => test.close());

function get(url: string, username?: string) {
  return test.app.inject({ method: 'GET', url, headers: username ? { cookie: cookies[username] ?? '' } : {} });
}

function exportCsv(
  orgId: number,
  loadIds: unknown,
  query = 'language=en-US&timezone=America/Chicago&units=Imperial&unitsWeight=Pound',
  username = 'dispatcher',
) {
  return test.app.inject({
    method: 'POST',
    url: `/api/organizations/${orgId}/loads-csv-export?${query}`,
    payload: { loadIds } as object,
    headers: { cookie: cookies[username] ?? '' },
  });
}

function tickets(
  orderIds: string,
  query = 'language=en-US&timezone=America/Chicago&units=Imperial&unitsWeight=Pound',
  username = 'dispatcher',
) {
  return get(`/api/orders/delivery-tickets?orderIds=${orderIds}&${query}`, username);
}

async function createLoad(
  originId: number,
  destinationId: number,
  arrival: string,
  originNotes: string | null,
  destinationNotes: string,
  [originOrderNumber, destinationOrderNumber]: (string | null)[] = [null, null],
) {
  const later = new Date(Date.parse(arrival) + 90 * 60_000).toISOString();
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { cookie: cookies.dispatcher ?? '' },
    payload: {
      date: arrival,
      stops: [
        {
          sequence: 1,
          type: 'Origin',
          organizationLocationId: originId,
          cargoTypeId: 2,
          weight: GRAMS,
          arrivalTime: arrival,
          notes: originNotes,
          orderNumber: originOrderNumber,
        },
        {
          sequence: 2,
          type: 'Destination',
          organizationLocationId: destinationId,
          cargoTypeId: 2,
          weight: GRAMS,
          arrivalTime: later,
          notes: destinationNotes,
          orderNumber: destinationOrderNumber,
        },
      ],
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

function parseCsv(body: string): string[][] {
  return parse(body, { bom: true, relax_column_count: false });
}

/** Column values of the data rows by translated header. */
function byHeader(records: string[][]) {
  const [header, ...rows] = records;
  if (!header) throw new Error('no header row');
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

async function foreignLoadId() {
  const [row] = await test.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(ne(orders.organizationId, prairieId), ne(orders.transportingOrganizationId, prairieId)))
    .limit(1);
  if (!row) throw new Error('the seed has no load of another organization');
  return row.id;
}

async function pdfDocument(body: Buffer) {
  return getDocument({ data: new Uint8Array(body), standardFontDataUrl, isEvalSupported: false }).promise;
}

async function pageText(body: Buffer, pageNumber: number) {
  const document = await pdfDocument(body);
  const page = await document.getPage(pageNumber);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

describe('loads CSV export', () => {
  it('answers one row per stop, sorted by load date, quoted so notes with commas, quotes and newlines survive', async () => {
    const response = await exportCsv(prairieId, [loadB, loadA]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="loads-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const records = parseCsv(response.body);
    expect(records[0]).toEqual([
      'Load ID',
      'Load date',
      'Load status',
      'Driver',
      'Tractor',
      'Trailer',
      'Stop',
      'Stop type',
      'Stop status',
      'Location',
      'Address',
      'Order number',
      'Customer order number',
      'Customer',
      'Cargo',
      'Quantity',
      'Weight (lb)',
      'Actual quantity',
      'Actual weight (lb)',
      'Distance (mi)',
      'Arrival time',
      'Completed time',
      'Notes',
    ]);
    const rows = byHeader(records);
    expect(rows.map((row) => [row['Load ID'], row.Stop])).toEqual([
      [String(loadA), '1'],
      [String(loadA), '2'],
      [String(loadB), '1'],
      [String(loadB), '2'],
    ]);
    const [origin, destination] = rows;
    expect(origin).toMatchObject({
      'Load date': '2026-11-24',
      'Load status': 'Open',
      'Stop type': 'Origin',
      'Stop status': 'Not started',
      Location: millName,
      'Weight (lb)': '48000',
      // 13:00 UTC is 07:00 in Chicago in November (CST).
      'Arrival time': '2026-11-24 07:00',
      'Completed time': '',
      Notes: TRICKY_NOTES,
    });
    expect(origin?.Address).toMatch(/\S+, \S+/);
    // Text that a spreadsheet would run as a formula is defused.
    expect(destination?.Notes).toBe("'=SUM(A1:A9)");
    expect(destination?.['Arrival time']).toBe('2026-11-24 08:30');
  });

  it.each([
    ['es-MX', 'MetricTon', 'Europe/Amsterdam', 'Metric', 'Peso (t)', '21.77', '2026-11-24 14:00'],
    ['fr-CA', 'USTon', 'America/Toronto', 'Imperial', 'Poids (tn)', '24.00', '2026-11-24 08:00'],
    ['nl-NL', 'Kilogram', 'UTC', 'Metric', 'Gewicht (kg)', '21772', '2026-11-24 13:00'],
  ])(
    'writes %s headers, %s weights and %s times',
    async (language, unitsWeight, timezone, units, weightHeader, weight, arrival) => {
      const response = await exportCsv(
        prairieId,
        [loadA],
        `language=${language}&timezone=${timezone}&units=${units}&unitsWeight=${unitsWeight}`,
      );
      expect(response.statusCode).toBe(200);
      const records = parseCsv(response.body);
      const header = records[0] ?? [];
      expect(header).toContain(weightHeader);
      const row = byHeader(records)[0] ?? {};
      expect(row[weightHeader]).toBe(weight);
      // The arrival column is the 21st whatever the language.
      expect(records[1]?.[20]).toBe(arrival);
    },
  );

  it('translates labels: Spanish headers, status and stop type with their accents', async () => {
    const response = await exportCsv(
      prairieId,
      [loadA],
      'language=es-MX&timezone=America/Mexico_City&units=Metric&unitsWeight=Kilogram',
    );
    const rows = byHeader(parseCsv(response.body));
    expect(rows[0]).toMatchObject({
      'ID de carga': String(loadA),
      'Estado de la carga': 'Abierta',
      'Tipo de parada': 'Origen',
      Ubicación: millName,
    });
    expect(rows[1]?.['Tipo de parada']).toBe('Destino');
  });

  it('answers 404 for another organization or any load it cannot see, 403 without the permission, 401 signed out', async () => {
    expect((await exportCsv(swiftId, [loadA])).statusCode).toBe(404);
    expect((await exportCsv(987_654, [loadA])).statusCode).toBe(404);
    const foreign = await foreignLoadId();
    expect((await exportCsv(prairieId, [loadA, foreign])).statusCode).toBe(404);
    expect((await exportCsv(prairieId, [2_000_000_000])).statusCode).toBe(404);
    // The carrier sees only the loads it transports: prairie's own load is unknown to it.
    expect((await exportCsv(swiftId, [loadA], undefined, 'carrier')).statusCode).toBe(404);
    expect((await exportCsv(prairieId, [loadA], undefined, 'driver.hansen')).statusCode).toBe(403);
    const anonymous = await test.app.inject({
      method: 'POST',
      url: `/api/organizations/${prairieId}/loads-csv-export`,
      payload: { loadIds: [loadA] },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets a carrier export the loads it transports', async () => {
    const [carried] = await test.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.transportingOrganizationId, swiftId), ne(orders.organizationId, swiftId), eq(orders.isDraft, false)))
      .limit(1);
    expect(carried).toBeDefined();
    const response = await exportCsv(swiftId, [carried?.id], undefined, 'carrier');
    expect(response.statusCode).toBe(200);
    expect(byHeader(parseCsv(response.body)).every((row) => row['Load ID'] === String(carried?.id))).toBe(true);
  });

  it("never prints another organization's names, even for ids written behind the API's back", async () => {
    const [mill, farm] = (await get('/api/locations', 'dispatcher')).json();
    const loadId = await createLoad(mill.id, farm.id, '2026-11-26T13:00:00.000Z', null, 'plain');
    const { rows } = await test.database.pool.query(
      `select (select id from customers where organization_id = o.id limit 1) as customer,
              (select name from customers c where c.organization_id = o.id limit 1) as "customerName",
              (select id from sub_locations where organization_id = o.id limit 1) as "subLocation",
              (select name from sub_locations where organization_id = o.id limit 1) as "subLocationName",
              (select id from users where organization_id = o.id limit 1) as driver,
              (select id from tractors where organization_id = o.id limit 1) as tractor
       from organizations o where o.name = 'Little Creek Farms'`,
    );
    const foreign = rows[0];
    // The API refuses such ids (server/tenancy); an export must not print them if they get in anyway.
    await test.database.pool.query('update stops set customer_id = $1, sub_location_ids = array[$2::int] where order_id = $3', [
      foreign.customer,
      foreign.subLocation,
      loadId,
    ]);
    await test.database.pool.query('update orders set transported_by_user_id = $1, tractor_id = $2 where id = $3', [
      foreign.driver,
      foreign.tractor,
      loadId,
    ]);
    const response = await exportCsv(prairieId, [loadId]);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(foreign.customerName);
    expect(response.body).not.toContain(foreign.subLocationName);
    const rowsOut = byHeader(parseCsv(response.body));
    expect(rowsOut.map((row) => [row.Customer, row.Driver, row.Tractor])).toEqual([
      ['', '', ''],
      ['', '', ''],
    ]);
    expect(rowsOut.map((row) => row.Location)).toEqual([mill.name, farm.name]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const empty = await exportCsv(prairieId, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].path).toBe('body.loadIds');
    expect((await exportCsv(prairieId, ['x'])).json().error.issues[0].path).toBe('body.loadIds.0');
    const tooMany = await exportCsv(
      prairieId,
      Array.from({ length: 20_001 }, (_, index) => index + 1),
    );
    expect(tooMany.statusCode).toBe(400);
    const language = await exportCsv(prairieId, [loadA], 'language=de-DE');
    expect(language.statusCode).toBe(400);
    expect(language.json().error.issues[0].path).toBe('querystring.language');
    expect((await exportCsv(prairieId, [loadA], 'unitsWeight=Stone')).json().error.issues[0].path).toBe(
      'querystring.unitsWeight',
    );
  });

  it('exports every seeded load of the company with whole stops in bulk', async () => {
    const own = await test.database.db.select({ id: orders.id }).from(orders).where(eq(orders.organizationId, prairieId));
    const [stopCount] = await test.database.db
      .execute<{ count: number }>(
        sql`select count(*)::int as count from stops where order_id in (select id from orders where organization_id = ${prairieId})`,
      )
      .then((result) => result.rows);
    const response = await exportCsv(
      prairieId,
      own.map((row) => row.id),
    );
    expect(response.statusCode).toBe(200);
    const rows = byHeader(parseCsv(response.body));
    expect(new Set(rows.map((row) => row['Load ID'])).size).toBe(own.length);
    expect(rows.length).toBeGreaterThanOrEqual(stopCount?.count ?? Number.POSITIVE_INFINITY);
  });

  it("falls back to the user's contact settings when the query names none", async () => {
    const [dispatcher] = await test.database.db
      .select({ contactId: users.contactId })
      .from(users)
      .where(eq(users.username, 'dispatcher'));
    await test.database.db
      .update(contacts)
      .set({ language: 'nl-NL', unitsWeight: 'Kilogram', timezone: 'Europe/Amsterdam', units: 'Metric' })
      .where(eq(contacts.id, dispatcher?.contactId ?? 0));
    try {
      const response = await exportCsv(prairieId, [loadA], '');
      expect(response.statusCode).toBe(200);
      const row = byHeader(parseCsv(response.body))[0] ?? {};
      expect(row).toMatchObject({ 'Gewicht (kg)': '21772', 'Soort stop': 'Laadadres', Aankomsttijd: '2026-11-24 14:00' });
    } finally {
      await test.database.db
        .update(contacts)
        .set({ language: 'en-US', unitsWeight: 'Pound', timezone: 'America/Chicago', units: 'Imperial' })
        .where(eq(contacts.id, dispatcher?.contactId ?? 0));
    }
  });
});

describe('a merged load in the exports', () => {
  it('lists every source’s order, lot and customer order numbers in its stops, the CSV and the ticket', async () => {
    const [mill, farm] = (await get('/api/locations', 'dispatcher')).json();
    const draft = async (suffix: string) => {
      const stop = (sequence: number, type: string, organizationLocationId: number, hours: number) => ({
        sequence,
        type,
        organizationLocationId,
        cargoTypeId: 2,
        weight: GRAMS,
        arrivalTime: new Date(Date.UTC(2026, 10, 24, 13 + hours)).toISOString(),
        orderNumber: `PO-${suffix}`,
        lotId: `LOT-${suffix}`,
        customerOrderNumber: `C-${suffix}`,
      });
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: { cookie: cookies.dispatcher ?? '' },
        payload: {
          date: '2026-11-24T13:00:00.000Z',
          isDraft: true,
          stops: [stop(1, 'Origin', mill.id, 0), stop(2, 'Destination', farm.id, 2)],
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as number;
    };
    const [first, second] = [await draft('M1'), await draft('M2')];
    const merge = await test.app.inject({
      method: 'POST',
      url: `/api/orders/merge?orderIds=${first},${second}`,
      headers: { cookie: cookies.dispatcher ?? '' },
    });
    expect(merge.statusCode).toBe(201);
    const merged = merge.json() as { id: number; stops: Record<string, unknown>[] };
    const listed = { orderNumber: 'PO-M1, PO-M2', lotId: 'LOT-M1, LOT-M2', customerOrderNumber: 'C-M1, C-M2' };
    expect(merged.stops).toHaveLength(2);
    for (const stop of merged.stops) expect(stop).toMatchObject(listed);

    const rows = byHeader(parseCsv((await exportCsv(prairieId, [merged.id])).body));
    expect(rows.map((row) => [row['Order number'], row['Customer order number']])).toEqual([
      ['PO-M1, PO-M2', 'C-M1, C-M2'],
      ['PO-M1, PO-M2', 'C-M1, C-M2'],
    ]);
    const ticket = await tickets(String(merged.id));
    expect(ticket.statusCode).toBe(200);
    expect(await pageText(ticket.rawPayload, 1)).toContain('Order no. PO-M1, PO-M2');
  });
});

describe('delivery tickets', () => {
  it('answers a PDF with one page per load, in English', async () => {
    const response = await tickets(`${loadA},${loadB}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline; filename="delivery-tickets-\d{4}-\d{2}-\d{2}\.pdf"$/);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect((await pdfDocument(response.rawPayload)).numPages).toBe(2);
    const text = await pageText(response.rawPayload, 1);
    expect(text).toContain('Delivery ticket');
    // Headed by the load's order numbers (each stop's cell names only its own), never its internal id.
    expect(text).toContain('Order no. PF-7731, PF-7732');
    expect(text).not.toContain(`Load ${loadA}`);
    expect(await pageText(response.rawPayload, 2)).toContain('No order number');
    expect(text).toContain(millName);
    expect(text).toContain('48,000');
    expect(text).toContain('Driver signature');
    expect(text).toContain('Back gate, "dock 3"');
  });

  it('prints each seeded load of the company on its own page', async () => {
    const own = await test.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.organizationId, prairieId))
      .limit(40);
    expect(own.length).toBeGreaterThan(10);
    const response = await tickets(own.map((row) => row.id).join(','));
    expect(response.statusCode).toBe(200);
    expect((await pdfDocument(response.rawPayload)).numPages).toBe(own.length);
  });

  it.each([
    ['fr-CA', ['Bon de livraison', 'Arrêts', 'Reçu par', 'Poids (tn)', '24,00'], 'USTon'],
    ['es-MX', ['Boleta de entrega', 'Tractocamión', 'Ubicación', 'Peso (kg)', '21,772'], 'Kilogram'],
    ['nl-NL', ['Afleverbon', 'Handtekening chauffeur', 'Laadadres', 'Gewicht (t)', '21,77'], 'MetricTon'],
  ])('writes %s with its accents and the chosen weight unit', async (language, expected, unitsWeight) => {
    const response = await tickets(
      String(loadA),
      `language=${language}&timezone=America/Chicago&units=Metric&unitsWeight=${unitsWeight}`,
    );
    expect(response.statusCode).toBe(200);
    const text = await pageText(response.rawPayload, 1);
    for (const phrase of expected) expect(text).toContain(phrase);
  });

  it('answers 404 for loads of another organization, 403 without permission or feature, 400 for bad ids', async () => {
    expect((await tickets(`${loadA},${await foreignLoadId()}`)).statusCode).toBe(404);
    expect((await tickets('2000000000')).statusCode).toBe(404);
    expect((await tickets(String(loadA), undefined, 'driver.hansen')).statusCode).toBe(403);
    // Little Creek Farms does not have the DeliveryTickets feature.
    expect((await tickets(String(loadA), undefined, 'freemium')).statusCode).toBe(403);
    expect((await get(`/api/orders/delivery-tickets?orderIds=${loadA}`)).statusCode).toBe(401);
    for (const bad of ['abc', '', `${loadA},,${loadB}`, '-1', '1.5', '99999999999']) {
      const response = await tickets(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error.issues[0].path, bad).toBe('querystring.orderIds');
    }
    const tooMany = Array.from({ length: 501 }, (_, index) => index + 1).join(',');
    expect((await tickets(tooMany)).statusCode).toBe(400);
    expect((await get('/api/orders/delivery-tickets', 'dispatcher')).statusCode).toBe(400);
  });

  it('accepts the bracketed and repeated forms of the id list, without duplicates', async () => {
    const bracketed = await tickets(`[${loadA},${loadB},${loadA}]`);
    expect(bracketed.statusCode).toBe(200);
    expect((await pdfDocument(bracketed.rawPayload)).numPages).toBe(2);
    const repeated = await get(`/api/orders/delivery-tickets?orderIds=${loadA}&orderIds=${loadB}`, 'dispatcher');
    expect(repeated.statusCode).toBe(200);
    expect((await pdfDocument(repeated.rawPayload)).numPages).toBe(2);
  });
});

describe('OpenAPI', () => {
  it('documents both export routes', async () => {
    const docs = await get('/api/docs', 'dispatcher');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    expect(paths).toContain('/organizations/{orgId}/loads-csv-export');
    expect(paths).toContain('/orders/delivery-tickets');
  });
});

describe('winAnsiText', () => {
  it('keeps Latin-1 and typographic quotes, plain-spaces Unicode spaces, strips accents it cannot encode', () => {
    expect(winAnsiText('Crème brûlée – l’été')).toBe('Crème brûlée – l’été');
    expect(winAnsiText('1:00\u202fPM 1\u00a0000')).toBe('1:00 PM 1\u00a0000');
    expect(winAnsiText('Łódź Ștefan 漢')).toBe('?ódz Stefan ?');
    expect(winAnsiText('a\r\nb')).toBe('a\nb');
  });
});

describe('wall-clock formatting', () => {
  it('follows daylight saving time changes of the zone', () => {
    // Chicago springs forward at 08:00 UTC on 2026-03-08 (02:00 CST becomes 03:00 CDT).
    expect(isoWallClock(new Date('2026-03-08T07:59:00Z'), 'America/Chicago')).toBe('2026-03-08 01:59');
    expect(isoWallClock(new Date('2026-03-08T08:00:00Z'), 'America/Chicago')).toBe('2026-03-08 03:00');
    expect(isoWallClock(new Date('2026-10-25T00:59:00Z'), 'Europe/Amsterdam')).toBe('2026-10-25 02:59');
    expect(isoWallClock(new Date('2026-10-25T01:00:00Z'), 'Europe/Amsterdam')).toBe('2026-10-25 02:00');
    expect(isoDate(new Date('2026-11-25T05:30:00Z'), 'America/Chicago')).toBe('2026-11-24');
    expect(isoWallClock(null, 'UTC')).toBe('');
  });
});
