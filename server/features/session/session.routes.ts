import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import { loginBodySchema, selfSchema, sessionAnswerSchema, switchOrganizationBodySchema } from '#core/contract/user';
import { organizations } from '#server/db/schema';
import { type ServerContext, zodRoutes } from '#server/context';
import { loadSelf } from '#server/features/self/self.service';
import { guard, requireAuth, SESSION_COOKIE, sessionCookieOptions } from '#server/plugins/auth';
import { HttpError, notFound } from '#server/plugins/error-handler';
import { SignInThrottledError, signIn, signOut, switchActiveOrganization } from './session.service.ts';

export function registerSessionRoutes(app: FastifyInstance, { db, config, signInThrottling }: ServerContext) {
  const api = zodRoutes(app);
  const secureCookie = config.PUBLIC_URL?.startsWith('https:') ?? false;

  api.post(
    '/session',
    { schema: { tags: ['session'], body: loginBodySchema, response: { 200: sessionAnswerSchema } } },
    async (request, reply) => {
      const { username, password } = request.body;
      const { token, userId, organizationId } = await signIn(db, username, password, request.ip, signInThrottling).catch(
        (error: unknown) => {
          if (error instanceof SignInThrottledError) reply.header('Retry-After', String(error.retryAfterSeconds));
          throw error;
        },
      );
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secureCookie));
      return { user: await loadSelf(db, userId, organizationId) };
    },
  );

  // On entry the app asks for the session; no user (not an error) means "go to login".
  api.get('/session', { schema: { tags: ['session'], response: { 200: sessionAnswerSchema } } }, async (request) => {
    const auth = request.auth;
    return { user: auth ? await loadSelf(db, auth.userId, auth.organizationId) : null };
  });

  api.delete('/session', { schema: { tags: ['session'] } }, async (request, reply) => {
    if (request.auth) await signOut(db, request.auth.tokenHash);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(204).send();
  });

  // Platform administrators switch the active company (header dropdown).
  api.put(
    '/session/organization',
    {
      schema: { tags: ['session'], body: switchOrganizationBodySchema, response: { 200: selfSchema } },
      onRequest: guard({ permissions: ['ViewAllCompanies'] }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const [organization] = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(sql`${organizations.id} = ${request.body.organizationId}`);
      if (!organization) throw notFound('Organization');
      const token = await switchActiveOrganization(db, auth.tokenHash, organization.id);
      if (!token) throw new HttpError(401, ERROR_CODES.unauthenticated, 'The session has ended');
      reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(secureCookie));
      return loadSelf(db, auth.userId, organization.id);
    },
  );
}
