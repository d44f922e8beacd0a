import { z } from 'zod';
import { linkValiditySchema, type UserTokenPurpose } from '#core/contract/onboarding';
import { ApiError, apiRequest } from '#src/data/api-client.ts';

const linkPath = (purpose: UserTokenPurpose, token: string) =>
  purpose === 'activation'
    ? `/users/${encodeURIComponent(token)}/activate`
    : `/users/reset-password/${encodeURIComponent(token)}`;

/** Whether an activation or reset link still works; a malformed one (400) does not. */
export async function checkPasswordLink(purpose: UserTokenPurpose, token: string): Promise<boolean> {
  try {
    return (await apiRequest(linkPath(purpose, token), linkValiditySchema)).valid;
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return false;
    throw error;
  }
}

/** Sets the password and uses the link; a link no longer valid answers 404 (an ApiError). */
export async function setPasswordWithLink(purpose: UserTokenPurpose, token: string, password: string, repeat: string) {
  await apiRequest(linkPath(purpose, token), z.undefined(), { method: 'POST', body: { password, repeat } });
}
