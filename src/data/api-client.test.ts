// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('keeps what Retry-After says on a refusal', async () => {
    const body = { error: { code: 'too_many_requests', message: 'Too many failed sign-in attempts' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(body), { status: 429, headers: { 'Retry-After': '90' } })),
    );
    const refusal = await apiRequest('/session', z.unknown(), { method: 'POST', body: {} }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 429, retryAfterSeconds: 90, body: { code: 'too_many_requests' } });
  });
});
