import type { FastifyInstance } from 'fastify';
import { okSchema, organizationParamsSchema } from '#core/contract/common';
import { organizationRecordParamsSchema } from '#core/contract/master-data';
import {
  contactPreferencesBodySchema,
  contactPreferencesParamsSchema,
  contactPreferencesSchema,
  userInputSchema,
  userRecordSchema,
  userUpdateSchema,
  usernameAvailableSchema,
  usernameQuerySchema,
} from '#core/contract/people';
import { type ServerContext, zodRoutes } from '#server/context';
import { sendOnboardingMail } from '#server/features/onboarding/onboarding.service';
import { guard, requireAuth } from '#server/plugins/auth';
import { writableResource } from '#core/resources/resource-list';
import { registerResourceRoutes } from '#server/resources/resource-routes';
import { contactPreferenceList, contactStore, replaceContactPreferences } from './contacts.service.ts';
import { loadingTeamStore } from './loading-teams.service.ts';
import { countUsernameCheck, UsernameCheckThrottledError } from './username-check.service.ts';
import {
  createUser,
  deleteUser,
  driversDefaulting,
  isUsernameAvailable,
  updateUser,
  usersHoldingContact,
  visibleUsers,
} from './users.service.ts';
import { registerUse } from '#server/resources/uses';
import { idArray, ownedRowsOf, registerOwnedIds } from '#server/tenancy/references';
import { userRoles, users } from '#server/db/schema';
import { ROLE_IDS } from '#core/domain/access';
import { sql } from 'drizzle-orm';
import { registerFeedLoader } from '#server/features/sync/feed-loaders';

const tags = ['people'];
// Contacts follow their page (spec 2 §2): not for carriers.
const contactRule = (permission: 'CreateContacts' | 'EditContacts' | 'DeleteContacts' | 'ViewContacts') => ({
  permissions: [permission],
  notForCarriers: true,
});

/**
 * People writes of spec 2 §7 under `/organizations/{orgId}/…`: users, contacts and loading teams
 * (create, update with the base version, delete), a contact's notification preferences, and the
 * username check. Each write is recorded in the change feed in its transaction.
 */
export function registerPeopleRoutes(app: FastifyInstance, context: ServerContext) {
  const { db, realtime } = context;
  // The administration tables' rows, only to callers with the matching View permission.
  registerFeedLoader('user', visibleUsers);
  registerOwnedIds('user', ownedRowsOf(users));
  registerOwnedIds(
    'driver',
    (org, ids) =>
      sql`select ${users.id} as id, null::int as location_id from ${users}
            join ${userRoles} on ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${ROLE_IDS.Driver}
           where ${users.organizationId} = ${org} and ${users.id} = any(${idArray(ids)})`,
  );
  const api = zodRoutes(app);
  const base = '/organizations/:orgId';

  // Says whether a name exists in any company: only for who creates or edits users, and throttled.
  api.get(
    '/users/username',
    {
      schema: { tags, querystring: usernameQuerySchema, response: { 200: usernameAvailableSchema } },
      onRequest: guard({ anyPermission: ['CreateUser', 'EditUser'] }),
    },
    async (request, reply) => {
      await countUsernameCheck(db, requireAuth(request).userId).catch((error: unknown) => {
        if (error instanceof UsernameCheckThrottledError) reply.header('Retry-After', String(error.retryAfterSeconds));
        throw error;
      });
      return isUsernameAvailable(db, request.query.username);
    },
  );

  api.post(
    `${base}/users`,
    {
      schema: { tags, params: organizationParamsSchema, body: userInputSchema, response: { 201: userRecordSchema } },
      onRequest: guard({ permissions: ['CreateUser'] }),
    },
    async (request, reply) => {
      const { user, activationMail } = await createUser(db, realtime, requireAuth(request), request.params.orgId, request.body);
      // The user is stored either way: a mail that fails is logged, and "send password email" sends another.
      if (activationMail)
        await sendOnboardingMail(request, activationMail).catch((error: unknown) =>
          request.log.error({ err: error }, 'activation mail not sent'),
        );
      return reply.code(201).send(user);
    },
  );
  api.put(
    `${base}/users/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, body: userUpdateSchema, response: { 200: userRecordSchema } },
      onRequest: guard({ permissions: ['EditUser'] }),
    },
    async (request) => updateUser(db, realtime, requireAuth(request), request.params.orgId, request.params.id, request.body),
  );
  api.delete(
    `${base}/users/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } },
      onRequest: guard({ permissions: ['DeleteUser'] }),
    },
    async (request) => {
      await deleteUser(db, realtime, requireAuth(request), request.params.orgId, request.params.id);
      return { ok: true as const };
    },
  );

  api.get(
    `${base}/contacts/:contactId/notification-preferences`,
    {
      schema: { tags, params: contactPreferencesParamsSchema, response: { 200: contactPreferencesSchema } },
      onRequest: guard(contactRule('ViewContacts')),
    },
    async (request) => contactPreferenceList(db, requireAuth(request), request.params.orgId, request.params.contactId),
  );
  api.post(
    `${base}/contacts/:contactId/notification-preferences`,
    {
      schema: {
        tags,
        params: contactPreferencesParamsSchema,
        body: contactPreferencesBodySchema,
        response: { 200: contactPreferencesSchema },
      },
      onRequest: guard(contactRule('EditContacts')),
    },
    async (request) =>
      replaceContactPreferences(db, realtime, requireAuth(request), request.params.orgId, request.params.contactId, request.body),
  );

  registerResourceRoutes(app, context, writableResource('contacts'), contactStore);
  registerResourceRoutes(app, context, writableResource('loadingTeams'), loadingTeamStore);
  // A driver's default equipment and a user's own contact stay while the user names them.
  registerUse('tractor', 'user', (tx, id) => driversDefaulting(tx, 'defaultTractorId', id));
  registerUse('trailer', 'user', (tx, id) => driversDefaulting(tx, 'defaultTrailerId', id));
  registerUse('contact', 'user', usersHoldingContact);
}
