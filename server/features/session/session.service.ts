import { setTimeout as sleep } from 'node:timers/promises';
import { verify } from '@node-rs/argon2';
import { and, eq, lt, or, type SQL, sql } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import {
  decideSignInThrottle,
  type RecentSignInFailures,
  SIGN_IN_THROTTLING,
  type SignInThrottlingPolicy,
  throttledAddress,
} from '#core/domain/sign-in-throttling';
import type { Database } from '#server/db/database';
import { loginFailures, sessions, users } from '#server/db/schema';
import { HttpError } from '#server/plugins/error-handler';
import { hashToken, newSessionToken, SESSION_TTL_MS } from '#server/plugins/auth';

/** The throttling policy and how to wait out a slow-down; tests inject a wait that only records. */
export interface SignInThrottling {
  policy: SignInThrottlingPolicy;
  sleep: (ms: number) => Promise<unknown>;
}

export const DEFAULT_SIGN_IN_THROTTLING: SignInThrottling = { policy: SIGN_IN_THROTTLING, sleep };

/** A 429 that says when to try again (the route sends it as `Retry-After`). */
export class SignInThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ERROR_CODES.tooManyRequests, 'Too many failed sign-in attempts; try again later');
  }
}

// Verifying against a real hash when the username is unknown keeps both answers equally slow,
// so response time does not reveal which usernames exist.
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$9mdo+dCkDk8+/fIi5jTegQ$PGIMdwxRBA1HEs6ZLLRpvMQUnSLpNukTYt3MyCS2bmc';

interface SignInAttempt {
  username: string;
  address: string;
}

// The database's clock, so that every node counts the same window.
const windowStart = (policy: SignInThrottlingPolicy) => sql`now() - ${policy.windowMs}::float8 * interval '1 millisecond'`;

/** One round trip; each part is served by an index of `login_failures`. */
async function recentFailures(db: Database, attempt: SignInAttempt, policy: SignInThrottlingPolicy) {
  const since = windowStart(policy);
  const ageOfFailureAtLimit = (subject: SQL | undefined, limit: number) => sql`(
    select extract(epoch from now() - ${loginFailures.failedAt}) * 1000
    from ${loginFailures}
    where ${subject} and ${loginFailures.failedAt} > ${since}
    order by ${loginFailures.failedAt} desc
    offset ${limit - 1} limit 1
  )::float8`;
  const sameAccount = eq(loginFailures.username, attempt.username);
  const sameAddress = eq(loginFailures.address, attempt.address);
  const result = await db.execute<RecentSignInFailures & Record<string, unknown>>(sql`
    select
      (select count(*) from ${loginFailures} where ${sameAccount} and ${loginFailures.failedAt} > ${since})::int
        as "accountFailures",
      ${ageOfFailureAtLimit(and(sameAccount, sameAddress), policy.accountAddressLimit)} as "accountAddressLimitFailureAgeMs",
      ${ageOfFailureAtLimit(sameAddress, policy.addressLimit)} as "addressLimitFailureAgeMs"
  `);
  const [recent] = result.rows;
  if (!recent) throw new Error('The failure counts answered no row');
  return recent;
}

/**
 * Refuses an account-and-address pair or a flooding address (429), slows down an account that
 * failed often from anywhere, then verifies; see core/domain/sign-in-throttling.ts.
 */
export async function signIn(
  db: Database,
  username: string,
  password: string,
  clientAddress: string,
  throttling = DEFAULT_SIGN_IN_THROTTLING,
) {
  const attempt: SignInAttempt = { username: username.toLowerCase(), address: throttledAddress(clientAddress) };
  const throttle = decideSignInThrottle(await recentFailures(db, attempt, throttling.policy), throttling.policy);
  if (throttle.refused) throw new SignInThrottledError(throttle.retryAfterSeconds);
  if (throttle.delayMs > 0) await throttling.sleep(throttle.delayMs);

  const [user] = await db
    .select({ id: users.id, organizationId: users.organizationId, passwordHash: users.passwordHash, enabled: users.enabled })
    .from(users)
    .where(eq(sql`lower(${users.username})`, attempt.username));
  const passwordMatches = await verify(user?.passwordHash ?? DECOY_HASH, password).catch(() => false);
  if (!user?.enabled || !user.passwordHash || !passwordMatches) {
    await db.insert(loginFailures).values(attempt);
    // Failures outside the window count for nothing; each failure clears them.
    await db.delete(loginFailures).where(lt(loginFailures.failedAt, windowStart(throttling.policy)));
    throw new HttpError(401, ERROR_CODES.unauthenticated, 'Wrong username or password');
  }
  // The user's own typos from this address are forgiven; failures from elsewhere keep slowing the account.
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.username, attempt.username), eq(loginFailures.address, attempt.address)));
  const token = newSessionToken();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: user.id,
    activeOrganizationId: user.organizationId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { token, userId: user.id, organizationId: user.organizationId };
}

export async function signOut(db: Database, tokenHash: string) {
  // A switch whose answer never arrived left a session replacing this one: it ends too.
  await db.delete(sessions).where(or(eq(sessions.tokenHash, tokenHash), eq(sessions.replacesTokenHash, tokenHash)));
}

/**
 * Moves the session to another company under a new token, as sign-in does, so a token seen before
 * the switch never carries the new company's access. The old token stays valid, in the old company,
 * until the new one is first used (`loadAuthContext` ends it then): a switch whose answer is lost on a
 * flaky connection leaves the user signed in where the app still believes it is, and a retry is safe.
 * The expiry stays: a switch is no new sign-in. Answers the new token, or null when the session ended.
 */
export async function switchActiveOrganization(db: Database, tokenHash: string, organizationId: number) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, tokenHash))
      .for('update');
    if (!current) return null;
    // Earlier switches from this token whose answers were lost can never be used: they end now.
    await tx.delete(sessions).where(eq(sessions.replacesTokenHash, tokenHash));
    const token = newSessionToken();
    await tx.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: current.userId,
      activeOrganizationId: organizationId,
      expiresAt: current.expiresAt,
      replacesTokenHash: tokenHash,
    });
    return token;
  });
}
