import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#test/server/test-app';

/** What happened, in order: the answer arriving, the lookup of the address starting. */
const events: string[] = [];

vi.mock('./onboarding.service.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./onboarding.service.ts')>()),
  issuePasswordResetsForEmail: vi.fn(async () => {
    events.push('lookup started');
    return [];
  }),
}));

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('password reset request', () => {
  it('answers 204 before it looks the address up, so its time cannot tell whether an account has it', async () => {
    const answer = await test.app
      .inject({ method: 'POST', url: '/api/users/reset-password', payload: { email: 'karen.olson@prairiefeed.example' } })
      .then((response) => {
        events.push('answered');
        return response;
      });
    expect(answer.statusCode).toBe(204);
    await vi.waitFor(() => expect(events).toContain('lookup started'));
    expect(events).toEqual(['answered', 'lookup started']);
  });
});
