import { verify } from '@node-rs/argon2';
import { and, count, eq, gt, lt, or, sql } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import type { Database } from '#server/db/database';
import { loginFailures, sessions, users } from '#server/db/schema';
import { HttpError } from '#server/plugins/error-handler';
import { hashToken, newSessionToken, SESSION_TTL_MS } from '#server/plugins/auth';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

// Verifying against a real hash when the username is unknown keeps both answers equally slow,
// so response time does not reveal which usernames exist.
const DECOY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$9mdo+dCkDk8+/fIi5jTegQ$PGIMdwxRBA1HEs6ZLLRpvMQUnSLpNukTYt3MyCS2bmc';

function failureSubjects(username: string, address: string) {
  return [`user:${username.toLowerCase()}`, `ip:${address}`];
}

/** 429 once a username or an address has 10 failures in the last 15 minutes. */
async function assertNotThrottled(db: Database, subjects: string[]) {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const rows = await db
    .select({ subject: loginFailures.subject, failures: count() })
    .from(loginFailures)
    .where(and(or(...subjects.map((subject) => eq(loginFailures.subject, subject))), gt(loginFailures.failedAt, since)))
    .groupBy(loginFailures.subject);
  if (rows.some((row) => row.failures >= LOGIN_FAILURE_LIMIT)) {
    throw new HttpError(429, ERROR_CODES.tooManyRequests, 'Too many failed sign-in attempts; try again later');
  }
}

export async function signIn(db: Database, username: string, password: string, address: string) {
  const subjects = failureSubjects(username, address);
  await assertNotThrottled(db, subjects);
  const [user] = await db
    .select({ id: users.id, organizationId: users.organizationId, passwordHash: users.passwordHash, enabled: users.enabled })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  const passwordMatches = await verify(user?.passwordHash ?? DECOY_HASH, password).catch(() => false);
  if (!user?.enabled || !user.passwordHash || !passwordMatches) {
    await db.insert(loginFailures).values(subjects.map((subject) => ({ subject })));
    // Old failures are useless once outside the window; prune a few on each failure.
    await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(Date.now() - 2 * LOGIN_FAILURE_WINDOW_MS)));
    throw new HttpError(401, ERROR_CODES.unauthenticated, 'Wrong username or password');
  }
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
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function switchActiveOrganization(db: Database, tokenHash: string, organizationId: number) {
  await db.update(sessions).set({ activeOrganizationId: organizationId }).where(eq(sessions.tokenHash, tokenHash));
}
