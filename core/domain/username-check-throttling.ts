/**
 * How often a signed-in administrator may ask whether a username is free (`GET /api/users/username`):
 * the answer says whether a name exists in any company, so a script must not test lists of names.
 * The form asks once per settled name (2 s after the last keystroke), far below the limit.
 */
export interface UsernameCheckThrottlingPolicy {
  /** Checks older than this no longer count; at most the sign-in window, whose pruning removes older rows. */
  windowMs: number;
  /** Checks by one user within the window; the next is refused until the oldest of them leaves it. */
  limit: number;
}

export const USERNAME_CHECK_THROTTLING: UsernameCheckThrottlingPolicy = { windowMs: 5 * 60 * 1000, limit: 60 };

/**
 * Seconds until the next check is allowed, or null while under the limit. `limitCheckAgeMs` is the
 * age of the user's `limit`-th most recent check within the window (null when there are fewer).
 */
export function usernameCheckRetryAfterSeconds(
  limitCheckAgeMs: number | null,
  policy: UsernameCheckThrottlingPolicy = USERNAME_CHECK_THROTTLING,
): number | null {
  if (limitCheckAgeMs === null) return null;
  return Math.max(1, Math.ceil((policy.windowMs - limitCheckAgeMs) / 1000));
}
