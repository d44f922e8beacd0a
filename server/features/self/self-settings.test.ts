import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRecord, UserRecord } from '#core/contract/people';
import { users } from '#server/db/schema';
import { pullChanges, pullChangesUntil } from '#test/server/change-feed';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

let test: TestApp;
let cookie: string;
let selfId: number;
beforeAll(async () => {
  test = await createTestApp();
  cookie = await signInAs(test.app, 'dispatcher');
  selfId = (await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).json().id;
});
afterAll(() => test.close());

async function idOf(username: string) {
  const [row] = await test.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id ?? 0;
}

describe('preferences', () => {
  it('saves the own preferences and answers them', async () => {
    const preferences = {
      showLoadDate: false,
      showTractor: true,
      draftsLoadsDefaultSort: 'date:desc',
      tables: { loads: { pageSize: 25 } },
      presets2: [{ name: 'Mill A', default: true, fields: [{ field: 'origin', value: [1] }], table: 'loads' }],
    };
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${selfId}/preferences`,
      headers: { cookie },
      payload: preferences,
    });
    expect(response.statusCode).toBe(200);
    const self = (await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).json();
    expect(self.preferences).toEqual(preferences);
  });

  it('refuses duplicate preset names (case-insensitive) with 400 and keeps the stored ones', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${selfId}/preferences`,
      headers: { cookie },
      payload: {
        presets2: [
          { name: 'Mill A', default: false, fields: [], table: 'loads' },
          { name: 'mill a', default: false, fields: [], table: 'loads' },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toBe('body.presets2.1.name');
    const self = (await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).json();
    expect(self.preferences.presets2).toHaveLength(1);
  });

  it('refuses a malformed value with 400 naming the field', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${selfId}/preferences`,
      headers: { cookie },
      payload: { showLoadDate: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toBe('body.showLoadDate');
  });

  it('answers 403 for a colleague and 404 for a user of another organization', async () => {
    const colleague = await idOf('admin');
    const stranger = await idOf('carrier');
    const colleagueResponse = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${colleague}/preferences`,
      headers: { cookie },
      payload: {},
    });
    expect(colleagueResponse.statusCode).toBe(403);
    const strangerResponse = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${stranger}/preferences`,
      headers: { cookie },
      payload: {},
    });
    expect(strangerResponse.statusCode).toBe(404);
    const [carrierRow] = await test.database.db
      .select({ preferences: users.preferences })
      .from(users)
      .where(eq(users.id, stranger));
    expect(carrierRow?.preferences).toEqual({});
  });

  it('answers 400 for a non-numeric id', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/users/abc/preferences',
      headers: { cookie },
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toBe('params.id');
  });
});

describe('contact settings', () => {
  it('updates language, timezone and units of the own contact', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/self/contact',
      headers: { cookie },
      payload: { language: 'es-MX', timezone: 'America/Denver', units: 'Metric', unitsWeight: 'Kilogram' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().contact).toMatchObject({
      language: 'es-MX',
      timezone: 'America/Denver',
      units: 'Metric',
      unitsWeight: 'Kilogram',
    });
  });

  it('refuses an unsupported language and changes nothing', async () => {
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/self/contact',
      headers: { cookie },
      payload: { language: 'de-DE', timezone: 'America/Denver', units: 'Metric', unitsWeight: 'Kilogram' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues[0].path).toBe('body.language');
    const self = (await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).json();
    expect(self.contact.language).toBe('es-MX');
  });

  it('reach the administration mirror: the contact and the user row at their new versions', async () => {
    const adminCookie = await signInAs(test.app, 'admin');
    const { cursor } = await pullChanges(test.app, adminCookie);
    const settings = { language: 'fr-CA', timezone: 'America/Toronto', units: 'Metric', unitsWeight: 'MetricTon' };
    expect(
      (await test.app.inject({ method: 'PUT', url: '/api/self/contact', headers: { cookie }, payload: settings })).statusCode,
    ).toBe(200);
    const saved = await test.app.inject({
      method: 'PUT',
      url: `/api/users/${selfId}/preferences`,
      headers: { cookie },
      payload: { tables: { users: { pageSize: 5 } } },
    });
    expect(saved.statusCode).toBe(200);
    const [stored] = await test.database.db.select({ version: users.version }).from(users).where(eq(users.id, selfId));
    const feed = await pullChangesUntil<UserRecord | ContactRecord>(test.app, adminCookie, cursor, (changes) =>
      changes.some((change) => change.entity === 'user' && change.id === selfId && change.row?.version === stored?.version),
    );
    const user = feed.changes.find((change) => change.entity === 'user' && change.id === selfId)?.row as UserRecord;
    expect(user.contact).toMatchObject(settings);
    expect(feed.changes.find((change) => change.entity === 'contact' && change.id === user.contactId)?.row).toMatchObject(
      settings,
    );
  });
});

describe('own notification preferences', () => {
  it('are read and replaced by a user without the contact permissions, system ones kept', async () => {
    const empty = await test.app.inject({ method: 'GET', url: '/api/self/notification-preferences', headers: { cookie } });
    expect(empty.statusCode).toBe(200);
    const saved = await test.app.inject({
      method: 'PUT',
      url: '/api/self/notification-preferences',
      headers: { cookie },
      payload: [
        { notificationEventTypeId: 1, notificationType: 'Email' },
        { notificationEventTypeId: 14, notificationType: 'Push' },
        // A system event type is not the user's to choose: what is stored stays.
        { notificationEventTypeId: 12, notificationType: 'Email' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const expected = [
      { notificationEventTypeId: 1, notificationType: 'Email' },
      { notificationEventTypeId: 14, notificationType: 'Push' },
    ];
    expect(saved.json()).toEqual(expected);
    const read = await test.app.inject({ method: 'GET', url: '/api/self/notification-preferences', headers: { cookie } });
    expect(read.json()).toEqual(expected);
    // The dispatcher may not use the administration route for the same contact.
    const self = (await test.app.inject({ method: 'GET', url: '/api/self', headers: { cookie } })).json();
    const administration = await test.app.inject({
      method: 'GET',
      url: `/api/organizations/${self.activeOrganizationId}/contacts/${self.contact.id}/notification-preferences`,
      headers: { cookie },
    });
    expect(administration.statusCode).toBe(403);
  });

  it('refuse a not-yet-implemented event type and are hidden from carriers', async () => {
    const refused = await test.app.inject({
      method: 'PUT',
      url: '/api/self/notification-preferences',
      headers: { cookie },
      payload: [{ notificationEventTypeId: 17, notificationType: 'Email' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues[0].message).toBe('notYetImplemented');
    const carrier = await signInAs(test.app, 'carrier');
    const answer = await test.app.inject({
      method: 'GET',
      url: '/api/self/notification-preferences',
      headers: { cookie: carrier },
    });
    expect(answer.statusCode).toBe(403);
  });
});
