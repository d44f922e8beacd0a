import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// `request.cookies` is typed by @fastify/cookie's augmentation, wherever this file is compiled from.
import type {} from '@fastify/cookie';
import { serviceAccountPermissions } from '#core/contract/service-accounts';
import { type AccessSubject, decidePageAccess, type PageRule, type TierName } from '#core/domain/access';
import type { Database } from '#server/db/database';
import { organizations, serviceAccounts, sessions, users } from '#server/db/schema';
import { forbidden, unauthenticated } from './error-handler.ts';

export const SESSION_COOKIE = 'dispatch_session';
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** What any caller acts with: an organization and the access facts its rules are decided on. */
export interface OrganizationCaller extends AccessSubject {
  /** The active organization: every scoped query answers for it. */
  organizationId: number;
}

/** A signed-in user (the session cookie). */
export interface AuthContext extends OrganizationCaller {
  userId: number;
  tokenHash: string;
  homeOrganizationId: number;
}

/** A service account (`Authorization: Bearer`), with its scopes' permissions in its organization. */
export interface ServiceAccountCaller extends OrganizationCaller {
  serviceAccountId: number;
  scopes: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    serviceAccount: ServiceAccountCaller | null;
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
      replacesTokenHash: sessions.replacesTokenHash,
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
  if (row.replacesTokenHash) await endReplacedSession(db, tokenHash, row.replacesTokenHash);
  return {
    userId: row.userId,
    tokenHash,
    homeOrganizationId: row.homeOrganizationId,
    organizationId: row.organizationId,
    permissions: row.permissions,
    organization: { tier: row.tier as TierName, isCarrier: row.isCarrier, features: row.features },
  };
}

/** A company switch's token is in use, so its answer arrived: the token it replaced ends now. */
async function endReplacedSession(db: Database, tokenHash: string, replacedTokenHash: string) {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.tokenHash, replacedTokenHash));
    await tx.update(sessions).set({ replacesTokenHash: null }).where(eq(sessions.tokenHash, tokenHash));
  });
}

/** The secret of an `Authorization: Bearer <secret>` header ('' when empty), or null without one. */
export function bearerSecret(authorization: string | undefined): string | null {
  const match = authorization?.match(/^Bearer(?:\s+(.*))?$/i);
  return match ? (match[1] ?? '').trim() : null;
}

/**
 * Resolves a service account's secret: an account not revoked, whose organization still has the
 * ServerAPI feature. The secret is 32 random bytes, so one SHA-256 suffices to store it: a slow hash
 * (argon2) protects guessable passwords, and no one can guess through 2²⁵⁶ values however fast the hash.
 */
export async function loadServiceAccountCaller(db: Database, secret: string): Promise<ServiceAccountCaller | null> {
  if (!secret) return null;
  const [row] = await db
    .select({
      serviceAccountId: serviceAccounts.id,
      organizationId: serviceAccounts.organizationId,
      scopes: serviceAccounts.scopes,
      tier: organizations.tier,
      isCarrier: organizations.isCarrier,
      features: sql<string[]>`coalesce((
        select array_agg(f.name) from organization_features ofe
        join features f on f.id = ofe.feature_id
        where ofe.organization_id = ${serviceAccounts.organizationId}), '{}')`,
    })
    .from(serviceAccounts)
    .innerJoin(organizations, eq(organizations.id, serviceAccounts.organizationId))
    .where(and(eq(serviceAccounts.secretHash, hashToken(secret)), isNull(serviceAccounts.revokedAt)));
  if (!row?.features.includes('ServerAPI')) return null;
  return {
    serviceAccountId: row.serviceAccountId,
    organizationId: row.organizationId,
    scopes: row.scopes,
    permissions: serviceAccountPermissions(row.scopes),
    organization: { tier: row.tier as TierName, isCarrier: row.isCarrier, features: row.features },
  };
}

/**
 * The scopes a route accepts a bearer with: the `serviceAccount` entries of its OpenAPI `security`
 * (`serviceAccountSecurity`), so the documentation and the check cannot differ.
 */
function routeScopes(request: FastifyRequest): string[] {
  const security = (request.routeOptions.schema as { security?: Record<string, string[]>[] } | undefined)?.security;
  return (security ?? []).flatMap((entry) => entry.serviceAccount ?? []);
}

/**
 * Resolves the caller once per request. A bearer header decides alone, whatever cookie comes along:
 * a wrong or revoked secret is 401 on every route, and a valid one is 403 on a route that names none
 * of its scopes. The cookie is then never consulted, which is why the origin check lets bearer requests through.
 */
export function registerAuth(app: FastifyInstance, db: Database): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('serviceAccount', null);
  app.addHook('onRequest', async (request, reply) => {
    const secret = bearerSecret(request.headers.authorization);
    if (secret !== null) {
      request.serviceAccount = await loadServiceAccountCaller(db, secret);
      if (!request.serviceAccount) {
        reply.header('WWW-Authenticate', 'Bearer');
        throw unauthenticated();
      }
      if (request.is404) return;
      const scopes = routeScopes(request);
      if (!scopes.length) throw forbidden('This route needs a signed-in user');
      if (!scopes.some((scope) => request.serviceAccount?.scopes.includes(scope))) {
        throw forbidden(`This route needs the service account scope ${scopes.join(' or ')}`);
      }
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    request.auth = token ? await loadAuthContext(db, token) : null;
  });
}

/** The signed-in user, or 401 (403 for a service account: the route needs a person). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.serviceAccount) throw forbidden('This route needs a signed-in user');
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

/** The signed-in user or the service account, for the routes that name a service account scope. */
export function requireCaller(request: FastifyRequest): OrganizationCaller {
  const caller = request.auth ?? request.serviceAccount;
  if (!caller) throw unauthenticated();
  return caller;
}

/**
 * An onRequest hook enforcing the same tier/feature/permission/carrier rule the UI uses
 * (core/domain/access.ts): 401 without a session or service account, 403 otherwise; it runs before validation so an anonymous caller learns nothing about the route's input.
 */
export function guard(rule: PageRule = {}) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const decision = decidePageAccess(requireCaller(request), rule);
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
