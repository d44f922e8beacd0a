import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '#core/contract/errors';
import type { Database } from '#server/db/database';
import { idempotencyKeys } from '#server/db/schema';
import { HttpError } from './error-handler.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept at least a day: a tablet may come back online the next morning. */
export const IDEMPOTENCY_TTL_MS = 48 * 60 * 60 * 1000;
/** A claim older than this was abandoned (the node died mid-request) and may be taken again. */
const ABANDONED_CLAIM_MS = 60 * 1000;

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: { caller: string; key: string } | null;
  }
}

/** Whose keys a request's are: the user's or the service account's (each has its own). */
function callerOf(request: FastifyRequest) {
  if (request.auth) return { caller: `user:${request.auth.userId}`, userId: request.auth.userId, serviceAccountId: null };
  if (request.serviceAccount) {
    const serviceAccountId = request.serviceAccount.serviceAccountId;
    return { caller: `service-account:${serviceAccountId}`, userId: null, serviceAccountId };
  }
  return null;
}

/**
 * A repeated Idempotency-Key from the same caller (user or service account) returns the first final answer and applies
 * nothing again. The key is claimed before the route runs, so two copies arriving together
 * cannot both apply, and it is looked up before any version check (a replayed 409 stays a 409).
 */
export function registerIdempotency(app: FastifyInstance, db: Database) {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preValidation', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    const owner = callerOf(request);
    if (!MUTATING.has(request.method) || typeof key !== 'string' || !owner) return;
    if (key.length < 8 || key.length > 200) {
      throw new HttpError(400, ERROR_CODES.badRequest, 'Invalid Idempotency-Key', {
        issues: [{ path: 'headers.idempotency-key', message: 'must be 8 to 200 characters' }],
      });
    }
    const { caller } = owner;
    const path = request.url.split('?')[0] ?? request.url;
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ ...owner, key, method: request.method, path })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotencyClaim = { caller, key };
      return;
    }
    const [previous] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
    if (!previous) return;
    if (previous.method !== request.method || previous.path !== path) {
      throw new HttpError(422, ERROR_CODES.ruleViolation, 'This Idempotency-Key was used for another request', {
        rule: 'idempotencyKeyReused',
      });
    }
    if (previous.statusCode !== null) {
      reply.header('idempotent-replay', 'true');
      reply.code(previous.statusCode).type('application/json');
      return reply.send(previous.body ?? '');
    }
    if (Date.now() - previous.createdAt.getTime() > ABANDONED_CLAIM_MS) {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)));
      request.idempotencyClaim = { caller, key };
      await db
        .insert(idempotencyKeys)
        .values({ ...owner, key, method: request.method, path })
        .onConflictDoNothing();
      return;
    }
    throw new HttpError(409, ERROR_CODES.conflict, 'The same request is still being handled', { rule: 'requestInProgress' });
  });

  // Every final answer is stored (409 and other refusals included); a 5xx releases the key so a retry can apply.
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    const where = and(eq(idempotencyKeys.caller, claim.caller), eq(idempotencyKeys.key, claim.key));
    if (reply.statusCode >= 500) {
      await db.delete(idempotencyKeys).where(where);
    } else {
      await db
        .update(idempotencyKeys)
        .set({ statusCode: reply.statusCode, body: typeof payload === 'string' ? payload : payload ? String(payload) : '' })
        .where(where);
    }
    return payload;
  });
}

export async function pruneIdempotencyKeys(db: Database) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_TTL_MS)));
}
