import type { FastifyInstance } from 'fastify';
import { okSchema, organizationParamsSchema } from '#core/contract/common';
import { organizationRecordParamsSchema } from '#core/contract/master-data';
import {
  contactInputSchema,
  contactPreferencesBodySchema,
  contactPreferencesParamsSchema,
  contactPreferencesSchema,
  contactRecordSchema,
  contactUpdateSchema,
  loadingTeamInputSchema,
  loadingTeamRecordSchema,
  loadingTeamUpdateSchema,
  userInputSchema,
  userRecordSchema,
  userUpdateSchema,
  usernameAvailableSchema,
  usernameQuerySchema,
} from '#core/contract/people';
import { type ServerContext, zodRoutes } from '#server/context';
import { sendOnboardingMail } from '#server/features/onboarding/onboarding.service';
import { guard, requireAuth } from '#server/plugins/auth';
import {
  contactPreferenceList,
  createContact,
  deleteContact,
  replaceContactPreferences,
  updateContact,
  visibleContacts,
} from './contacts.service.ts';
import { createLoadingTeam, deleteLoadingTeam, updateLoadingTeam, visibleLoadingTeams } from './loading-teams.service.ts';
import { countUsernameCheck, UsernameCheckThrottledError } from './username-check.service.ts';
import { createUser, deleteUser, isUsernameAvailable, updateUser, visibleUsers } from './users.service.ts';
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
export function registerPeopleRoutes(app: FastifyInstance, { db, realtime }: ServerContext) {
  // The administration tables' rows, only to callers with the matching View permission.
  registerFeedLoader('user', visibleUsers);
  registerFeedLoader('contact', visibleContacts);
  registerFeedLoader('loadingTeam', visibleLoadingTeams);
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

  api.post(
    `${base}/contacts`,
    {
      schema: { tags, params: organizationParamsSchema, body: contactInputSchema, response: { 201: contactRecordSchema } },
      onRequest: guard(contactRule('CreateContacts')),
    },
    async (request, reply) =>
      reply.code(201).send(await createContact(db, realtime, requireAuth(request), request.params.orgId, request.body)),
  );
  api.put(
    `${base}/contacts/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, body: contactUpdateSchema, response: { 200: contactRecordSchema } },
      onRequest: guard(contactRule('EditContacts')),
    },
    async (request) => updateContact(db, realtime, requireAuth(request), request.params.orgId, request.params.id, request.body),
  );
  api.delete(
    `${base}/contacts/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } },
      onRequest: guard(contactRule('DeleteContacts')),
    },
    async (request) => {
      await deleteContact(db, realtime, requireAuth(request), request.params.orgId, request.params.id);
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

  api.post(
    `${base}/loading-teams`,
    {
      schema: {
        tags,
        params: organizationParamsSchema,
        body: loadingTeamInputSchema,
        response: { 201: loadingTeamRecordSchema },
      },
      onRequest: guard({ permissions: ['CreateLoadingTeams'] }),
    },
    async (request, reply) =>
      reply.code(201).send(await createLoadingTeam(db, realtime, requireAuth(request), request.params.orgId, request.body)),
  );
  api.put(
    `${base}/loading-teams/:id`,
    {
      schema: {
        tags,
        params: organizationRecordParamsSchema,
        body: loadingTeamUpdateSchema,
        response: { 200: loadingTeamRecordSchema },
      },
      onRequest: guard({ permissions: ['EditLoadingTeams'] }),
    },
    async (request) =>
      updateLoadingTeam(db, realtime, requireAuth(request), request.params.orgId, request.params.id, request.body),
  );
  api.delete(
    `${base}/loading-teams/:id`,
    {
      schema: { tags, params: organizationRecordParamsSchema, response: { 200: okSchema } },
      onRequest: guard({ permissions: ['DeleteLoadingTeams'] }),
    },
    async (request) => {
      await deleteLoadingTeam(db, realtime, requireAuth(request), request.params.orgId, request.params.id);
      return { ok: true as const };
    },
  );
}
