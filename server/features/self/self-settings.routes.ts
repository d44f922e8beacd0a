import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { idParamsSchema } from '#core/contract/common';
import { contactPreferencesBodySchema, contactPreferencesSchema } from '#core/contract/people';
import { contactSettingsUpdateSchema, preferencesSchema, selfSchema } from '#core/contract/user';
import { contacts, users } from '#server/db/schema';
import { type ServerContext, zodRoutes } from '#server/context';
import { mirrorWrite } from '#server/resources/mirror-write';
import { contactPreferenceList, replaceContactPreferences } from '#server/features/people/contacts.service';
import { loadSelf } from '#server/features/self/self.service';
import { type AuthContext, guard, requireAuth } from '#server/plugins/auth';
import { forbidden, notFound } from '#server/plugins/error-handler';

export function registerSelfSettingsRoutes(app: FastifyInstance, { db, realtime }: ServerContext) {
  const api = zodRoutes(app);

  // Own user only: a colleague's id is 403, anyone else's is 404 (never confirm other tenants' ids).
  api.put(
    '/users/:id/preferences',
    {
      schema: { tags: ['users'], params: idParamsSchema, body: preferencesSchema, response: { 200: preferencesSchema } },
      onRequest: guard(),
    },
    async (request) => {
      const auth = requireAuth(request);
      if (request.params.id !== auth.userId) {
        const [colleague] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, request.params.id), eq(users.organizationId, auth.organizationId)));
        throw colleague ? forbidden('You can change only your own preferences') : notFound('User');
      }
      // The version moves, so the administration mirror's user row follows (else its next edit is stale).
      const updated = await mirrorWrite(db, realtime, async (tx, record) => {
        const [row] = await tx
          .update(users)
          .set({ preferences: request.body, version: sql`${users.version} + 1`, updatedAt: new Date() })
          .where(eq(users.id, auth.userId))
          .returning({ preferences: users.preferences, organizationId: users.organizationId });
        if (row) await record([{ entity: 'user', id: auth.userId, op: 'upsert', organizationIds: [row.organizationId] }]);
        return row;
      });
      return updated?.preferences ?? request.body;
    },
  );

  // The settings popover's language, timezone and units live on the user's own contact.
  api.put(
    '/self/contact',
    {
      schema: { tags: ['users'], body: contactSettingsUpdateSchema, response: { 200: selfSchema } },
      onRequest: guard(),
    },
    async (request) => {
      const auth = requireAuth(request);
      const [user] = await db
        .select({ contactId: users.contactId, organizationId: users.organizationId })
        .from(users)
        .where(eq(users.id, auth.userId));
      if (!user) throw notFound('User');
      await mirrorWrite(db, realtime, async (tx, record) => {
        await tx
          .update(contacts)
          .set({ ...request.body, version: sql`${contacts.version} + 1`, updatedAt: new Date() })
          .where(eq(contacts.id, user.contactId));
        await record([
          { entity: 'contact', id: user.contactId, op: 'upsert', organizationIds: [user.organizationId] },
          { entity: 'user', id: auth.userId, op: 'upsert', organizationIds: [user.organizationId] },
        ]);
      });
      return loadSelf(db, auth.userId, auth.organizationId);
    },
  );

  /**
   * The user's own contact, read with the organization it belongs to: a platform administrator who
   * switched company still has the contact of his own.
   */
  async function ownContact(auth: AuthContext) {
    const [user] = await db
      .select({ contactId: users.contactId, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.id, auth.userId));
    if (!user) throw notFound('User');
    return { ...user, auth: { ...auth, organizationId: user.organizationId } };
  }

  // The settings popover's own notification preferences (spec 1 §2): without the contact permissions
  // the administration routes need, and not for carriers (hidden there).
  api.get(
    '/self/notification-preferences',
    {
      schema: { tags: ['users'], response: { 200: contactPreferencesSchema } },
      onRequest: guard({ notForCarriers: true }),
    },
    async (request) => {
      const own = await ownContact(requireAuth(request));
      return contactPreferenceList(db, own.auth, own.organizationId, own.contactId);
    },
  );
  api.put(
    '/self/notification-preferences',
    {
      schema: { tags: ['users'], body: contactPreferencesBodySchema, response: { 200: contactPreferencesSchema } },
      onRequest: guard({ notForCarriers: true }),
    },
    async (request) => {
      const own = await ownContact(requireAuth(request));
      return replaceContactPreferences(db, realtime, own.auth, own.organizationId, own.contactId, request.body);
    },
  );
}
