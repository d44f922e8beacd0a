import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_KINDS, RESOURCES, resourceOfKind } from '#core/resources/resource-list';
import { kindsWithoutFeedLoader } from '#server/features/sync/feed-loaders';
import { registeredUsers, unregisteredUses } from '#server/resources/uses';
import { pullChanges } from '#test/server/change-feed';
import { seededOrganizationIds } from '#test/server/seeded';
import { MATRIX } from '#test/server/route-matrix/routes';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

/**
 * Every record type declared in core/resources has each part derived or registered for it: a feed
 * loader (the app refuses to start without one), a count registered by each kind whose input names it,
 * rows its schema describes exactly (the device parses each row with it on the way in), and for the
 * written ones the route-matrix entries of their routes.
 */
let test: TestApp;
let admin = '';
let dispatcher = '';

beforeAll(async () => {
  test = await createTestApp();
  admin = await signInAs(test.app, 'admin');
  dispatcher = await signInAs(test.app, 'dispatcher');
});
afterAll(() => test.close());

describe('the declared record types', () => {
  it('each have a feed loader registered by their feature', () => {
    expect(kindsWithoutFeedLoader()).toEqual([]);
  });

  it('are answered by the feed exactly as their row schema describes them, every field kept', async () => {
    // The demo has no loading team, notification configuration or device: one of each, with what they name.
    const orgId = (await seededOrganizationIds(test.database.db))('Prairie Feed Co.');
    const post = async (collection: string, body: object) => {
      const response = await test.app.inject({
        method: 'POST',
        url: `/api/organizations/${orgId}/${collection}`,
        payload: body,
        headers: { cookie: admin },
      });
      expect(response.statusCode, collection).toBe(201);
      return response.json() as { id: number };
    };
    await post('loading-teams', { name: 'Night shift', email: 'night@example.com' });
    const contact = await post('contacts', { name: 'Dana Reyes', email: 'dana@example.com' });
    await post('notification-configs', { name: 'Arrivals', contactIds: [contact.id] });
    await post('devices', { clientId: 'declared-resources-phone', name: 'Phone 1', kind: 'phone' });
    const changes = [...(await pullChanges(test.app, admin)).changes, ...(await pullChanges(test.app, dispatcher)).changes];
    for (const kind of RESOURCE_KINDS) {
      const rows = changes.filter((change) => change.entity === kind && change.row).map((change) => change.row);
      expect(rows.length, `the demo holds no ${kind} the feed answers`).toBeGreaterThan(0);
      const schema = resourceOfKind(kind).row;
      for (const row of rows) expect(schema.parse(row), `a ${kind} row`).toEqual(row);
    }
  });

  it('that others reference each have a count of those others registered, refusing a delete while they name it', () => {
    expect(unregisteredUses()).toEqual([]);
    // The pairs the input schemas' referenceId marks give, registered by the feature of the one naming.
    expect(registeredUsers('customer')).toContain('notificationConfig');
    expect(registeredUsers('device')).toContain('trailer');
  });

  it('that are written through the generic routes each have the route matrix’s entries for them', () => {
    for (const resource of RESOURCES) {
      if (!('writes' in resource)) continue;
      const collection = `/api/organizations/:orgId/${resource.writes.path}`;
      for (const route of [`POST ${collection}`, `PUT ${collection}/:id`, `DELETE ${collection}/:id`]) {
        expect(Object.keys(MATRIX), resource.kind).toContain(route);
      }
    }
  });
});
