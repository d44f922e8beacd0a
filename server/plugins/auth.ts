import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// `request.cookies` is typed by @fastify/cookie's augmentation, wherever this file is compiled from.
import type {} from '@fastify/cookie';
import { type AccessSubject, decidePageAccess, type PageRule, type TierName } from '#core/domain/access';
import type { Database } from '#server/db/database';
import { organizations, sessions, users } from '#server/db/schema';
import { forbidden, unauthenticated } from './error-handler.ts';

export const SESSION_COOKIE = 'dispatch_session';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface AuthContext extends AccessSubject {
  userId: number;
  tokenHash: string;
  homeOrganizationId: number;
  /** The active organization: every scoped query answers for it. */
  organizationId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Resolves the session cookie to the user, their permissions and the active company's access facts. */
export async function loadAuthContext(db: Database, token: string): Promise<AuthContext | null> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      userId: users.id,
      homeOrganizationId: users.organizationId,
      organizationId: sessions.activeOrganizationId,
      tier: organizations.tier,
      isCarrier: organizations.isCarrier,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct p.name) from user_roles ur
        join role_permissions rp on rp.role_id = ur.role_id
        join permissions p on p.id = rp.permission_id
        where ur.user_id = ${users.id}), '{}')`,
      features: sql<string[]>`coalesce((
        select array_agg(f.name) from organization_features ofe
        join features f on f.id = ofe.feature_id
        where ofe.organization_id = ${sessions.activeOrganizationId}), '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, sessions.activeOrganizationId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), eq(users.enabled, true)));
  if (!row) return null;
  return {
    userId: row.userId,
    tokenHash,
    homeOrganizationId: row.homeOrganizationId,
    organizationId: row.organizationId,
    permissions: row.permissions,
    organization: { tier: row.tier as TierName, isCarrier: row.isCarrier, features: row.features },
  };
}

export function registerAuth(app: FastifyInstance, db: Database): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await loadAuthContext(db, token) : null;
  });
}

/** The signed-in context, or 401. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/**
 * An onRequest hook enforcing the same tier/feature/permission/carrier rule the UI uses
 * (core/domain/access.ts): 401 without a session, 403 otherwise; it runs before validation so an anonymous caller learns nothing about the route's input.
 */
export function guard(rule: PageRule = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const auth = requireAuth(request);
    const decision = decidePageAccess(auth, rule);
    if (decision === 'premium') throw forbidden('This feature is not available to your organization');
    if (decision === 'forbidden') throw forbidden();
  };
}

export function sessionCookieOptions(secure: boolean) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: SESSION_TTL_MS / 1000,
  };
}
