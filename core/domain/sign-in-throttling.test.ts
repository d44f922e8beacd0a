import { describe, expect, it } from 'vitest';
import { decideSignInThrottle, SIGN_IN_THROTTLING, signInDelayMs, throttledAddress } from './sign-in-throttling.ts';

const policy = { ...SIGN_IN_THROTTLING, accountFailuresBeforeDelay: 3, firstDelayMs: 100, maxDelayMs: 1000 };
const quiet = { accountFailures: 0, accountAddressLimitFailureAgeMs: null, addressLimitFailureAgeMs: null };

describe('sign-in delay', () => {
  it('costs nothing for the first failures of an account, then doubles up to the cap', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7, 8, 50, 5000].map((failures) => signInDelayMs(failures, policy));
    expect(delays).toEqual([0, 0, 0, 100, 200, 400, 800, 1000, 1000, 1000, 1000]);
  });

  it('is what an attempt under every limit waits', () => {
    expect(decideSignInThrottle({ ...quiet, accountFailures: 4 }, policy)).toEqual({ refused: false, delayMs: 200 });
    expect(decideSignInThrottle(quiet, policy)).toEqual({ refused: false, delayMs: 0 });
  });
});

describe('sign-in refusal', () => {
  it('refuses an account-and-address pair at its limit until the failure at the limit leaves the window', () => {
    const decision = decideSignInThrottle({ ...quiet, accountAddressLimitFailureAgeMs: 60_000 }, policy);
    expect(decision).toEqual({ refused: true, retryAfterSeconds: 14 * 60 });
  });

  it('refuses a flooding address, whatever the account', () => {
    const decision = decideSignInThrottle({ ...quiet, addressLimitFailureAgeMs: 14 * 60_000 + 500 }, policy);
    expect(decision).toEqual({ refused: true, retryAfterSeconds: 60 });
  });

  it('asks to wait until both limits are cleared when both are reached', () => {
    const recent = { accountFailures: 30, accountAddressLimitFailureAgeMs: 10 * 60_000, addressLimitFailureAgeMs: 2 * 60_000 };
    expect(decideSignInThrottle(recent, policy)).toEqual({ refused: true, retryAfterSeconds: 13 * 60 });
  });

  it('asks for at least a second, even when the failure is about to leave the window', () => {
    const decision = decideSignInThrottle({ ...quiet, accountAddressLimitFailureAgeMs: policy.windowMs }, policy);
    expect(decision).toEqual({ refused: true, retryAfterSeconds: 1 });
  });

  it('never refuses because of an account’s failures alone', () => {
    expect(decideSignInThrottle({ ...quiet, accountFailures: 10_000 }, policy)).toEqual({ refused: false, delayMs: 1000 });
  });
});

describe('throttled address', () => {
  it('keeps IPv4 addresses, including IPv4 mapped into IPv6', () => {
    expect(throttledAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(throttledAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64 network', () => {
    expect(throttledAddress('2001:db8:85a3:0042:1:2:3:4')).toBe('2001:db8:85a3:42::/64');
    expect(throttledAddress('2001:DB8:85a3:42::99')).toBe('2001:db8:85a3:42::/64');
    expect(throttledAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttledAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttledAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(throttledAddress('64:ff9b:1:2::192.0.2.33')).toBe('64:ff9b:1:2::/64');
  });

  it('keeps anything it cannot read as it is', () => {
    expect(throttledAddress('not:an:address')).toBe('not:an:address');
  });
});
