import { and, eq, lt, sql } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import {
  USERNAME_CHECK_THROTTLING,
  type UsernameCheckThrottlingPolicy,
  usernameCheckRetryAfterSeconds,
} from '#core/domain/username-check-throttling';
import type { Database } from '#server/db/database';
import { loginFailures } from '#server/db/schema';
import { HttpError } from '#server/plugins/error-handler';

/**
 * Username checks are counted in `login_failures` (the sign-in throttling's table, shared by all
 * nodes) under a name no sign-in can type (usernames hold no `#`) and an "address" naming the user,
 * so they never count towards an account's or an address's sign-in failures.
 */
const CHECK_MARK = '#username-check';

/** A 429 that says when to ask again (the route sends it as `Retry-After`). */
export class UsernameCheckThrottledError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, ERROR_CODES.tooManyRequests, 'Too many username checks; try again later');
  }
}

/** Counts a username check of the user, refused (429) once the user made `limit` within the window. */
export async function countUsernameCheck(
  db: Database,
  userId: number,
  policy: UsernameCheckThrottlingPolicy = USERNAME_CHECK_THROTTLING,
) {
  const address = `user:${userId}`;
  // The database's clock, so that every node counts the same window.
  const since = sql`now() - ${policy.windowMs}::float8 * interval '1 millisecond'`;
  const result = await db.execute<{ ageMs: number | null }>(sql`
    select (
      select extract(epoch from now() - ${loginFailures.failedAt}) * 1000
      from ${loginFailures}
      where ${loginFailures.username} = ${CHECK_MARK} and ${loginFailures.address} = ${address}
        and ${loginFailures.failedAt} > ${since}
      order by ${loginFailures.failedAt} desc
      offset ${policy.limit - 1} limit 1
    )::float8 as "ageMs"`);
  const retryAfterSeconds = usernameCheckRetryAfterSeconds(result.rows[0]?.ageMs ?? null, policy);
  if (retryAfterSeconds !== null) throw new UsernameCheckThrottledError(retryAfterSeconds);
  await db.insert(loginFailures).values({ username: CHECK_MARK, address });
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.username, CHECK_MARK), eq(loginFailures.address, address), lt(loginFailures.failedAt, since)));
}
