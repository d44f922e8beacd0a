import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './api-error.ts';

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
