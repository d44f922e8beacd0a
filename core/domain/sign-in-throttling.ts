/**
 * How failed sign-ins are throttled so that guessing is slow while nobody else can lock a user out:
 * an account is refused only from the address that failed too often, the account itself is merely
 * slowed down (its right password still works from anywhere), and an address is refused across
 * accounts only for a flood.
 */
export interface SignInThrottlingPolicy {
  /** Failures older than this no longer count. */
  windowMs: number;
  /** Failures of one account from one address before that pair is refused. */
  accountAddressLimit: number;
  /** Failures from one address, whatever the account, before the address is refused. */
  addressLimit: number;
  /** Failures of one account, from any address, that cost no delay yet. */
  accountFailuresBeforeDelay: number;
  /** The delay before verifying once the free failures are used up; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest delay: it bounds how long a request sleeps, so an attacker cannot pile up sleepers. */
  maxDelayMs: number;
}

export const SIGN_IN_THROTTLING: SignInThrottlingPolicy = {
  windowMs: 15 * 60 * 1000,
  accountAddressLimit: 10,
  // A yard office of 50 people behind one public address mistyping twice each in the same quarter
  // hour stays under 100; a script trying passwords from one address reaches it within seconds.
  addressLimit: 100,
  accountFailuresBeforeDelay: 5,
  firstDelayMs: 250,
  maxDelayMs: 5000,
};

/** What the failures of the last window say about one sign-in attempt (account and address). */
export interface RecentSignInFailures {
  /** Failures of the account from any address. */
  accountFailures: number;
  /**
   * Age of the account's `accountAddressLimit`-th most recent failure from this address, or null
   * while the pair is under its limit: the pair is refused until that failure leaves the window.
   */
  accountAddressLimitFailureAgeMs: number | null;
  /** Likewise for the address's `addressLimit`-th most recent failure, whatever the account. */
  addressLimitFailureAgeMs: number | null;
}

export type SignInThrottle = { refused: true; retryAfterSeconds: number } | { refused: false; delayMs: number };

export function decideSignInThrottle(recent: RecentSignInFailures, policy: SignInThrottlingPolicy): SignInThrottle {
  const limitFailureAges = [recent.accountAddressLimitFailureAgeMs, recent.addressLimitFailureAgeMs].filter(
    (age) => age !== null,
  );
  if (limitFailureAges.length > 0) {
    const refusedForMs = policy.windowMs - Math.min(...limitFailureAges);
    return { refused: true, retryAfterSeconds: Math.max(1, Math.ceil(refusedForMs / 1000)) };
  }
  return { refused: false, delayMs: signInDelayMs(recent.accountFailures, policy) };
}

/** The wait before verifying a password of an account with this many recent failures. */
export function signInDelayMs(accountFailures: number, policy: SignInThrottlingPolicy): number {
  const delayedFailures = accountFailures - policy.accountFailuresBeforeDelay;
  if (delayedFailures < 0) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** delayedFailures);
}

/**
 * The address failures are counted under: IPv4 as it is, IPv6 by its /64 network, because one
 * subscriber (a home, an office) gets a whole /64 and can pick any address in it.
 */
export function throttledAddress(address: string): string {
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mappedIpv4?.[1]) return mappedIpv4[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = (address.split('%')[0] ?? '').split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // A trailing dotted IPv4 part fills two groups.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const compressed = tail === undefined ? 0 : 8 - width(headGroups) - width(tailGroups);
  const network = [...headGroups, ...Array<string>(Math.max(0, compressed)).fill('0'), ...tailGroups].slice(0, 4);
  if (network.length < 4 || !network.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return address;
  return `${network.map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
