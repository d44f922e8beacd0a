import { describe, expect, it } from 'vitest';
import { ApiError, errorReasonKey, parseRetryAfter } from './api-error.ts';

describe('Retry-After', () => {
  it('reads seconds', () => {
    expect(parseRetryAfter('120')).toBe(120);
    expect(parseRetryAfter(' 0 ')).toBe(0);
  });

  it('reads an HTTP date as seconds from now, never negative', () => {
    const now = Date.parse('2030-03-02T10:00:00Z');
    expect(parseRetryAfter('Sat, 02 Mar 2030 10:02:30 GMT', now)).toBe(150);
    expect(parseRetryAfter('Sat, 02 Mar 2030 09:00:00 GMT', now)).toBe(0);
  });

  it('is unknown when absent or unreadable', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});

describe('the reason of a failed call', () => {
  it("is chosen by the error's code, never the server's English text", () => {
    const refused = (status: number, code: string) => new ApiError(status, { code, message: 'Version 3 is stale' });
    expect(errorReasonKey(refused(409, 'conflict'))).toBe('common:errors.reasons.conflict');
    expect(errorReasonKey(refused(422, 'rule_violation'))).toBe('common:errors.reasons.ruleViolation');
    expect(errorReasonKey(refused(400, 'bad_request'))).toBe('common:errors.reasons.badRequest');
    expect(errorReasonKey(new ApiError(0, null))).toBe('common:errors.reasons.network');
    expect(errorReasonKey(new ApiError(502, null))).toBe('common:errors.reasons.internal');
    expect(errorReasonKey(refused(418, 'teapot'))).toBe('common:errors.unexpected');
    expect(errorReasonKey(new TypeError('x is undefined'))).toBe('common:errors.unexpected');
  });

  it('is said by its rule when the rule has words of its own', () => {
    const refused = (rule: string) => new ApiError(422, { code: 'rule_violation', message: 'Loads cannot be…', rule });
    expect(errorReasonKey(refused('dayAlreadyPast'))).toBe('common:errors.rules.dayAlreadyPast');
    expect(errorReasonKey(refused('notADraft'))).toBe('common:errors.reasons.ruleViolation');
  });
});
