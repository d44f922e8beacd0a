import { z } from 'zod';
import { brokenPasswordRules } from '#core/domain/passwords';
import { organizationParamsSchema } from './common.ts';
import { text } from './limits.ts';
import { subjectIdTextSchema } from './references.ts';

/** What a single-use link of `user_tokens` is for. */
export const USER_TOKEN_PURPOSES = ['activation', 'passwordReset'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/** `/users/{uuid}/activate`: the raw token of an activation link. */
export const activationParamsSchema = z.object({ uuid: z.uuid() });
/** `/users/reset-password/{token}`: the raw token of a password-reset link. */
export const passwordResetParamsSchema = z.object({ token: z.uuid() });

/** Whether a link still works; an unknown, used or expired one is simply not valid (never 404). */
export const linkValiditySchema = z.object({ valid: z.boolean() });

/**
 * A new password, checked against the shared rules (spec 2 §5): each broken rule is an issue of
 * `body.password` whose message is the rule's key; `repeat`, when sent, must equal it.
 */
export const newPasswordBodySchema = z
  .object({ password: text(200), repeat: text(200).optional() })
  .superRefine(({ password, repeat }, ctx) => {
    for (const rule of brokenPasswordRules(password)) ctx.addIssue({ code: 'custom', message: rule, path: ['password'] });
    if (repeat !== undefined && repeat !== password) ctx.addIssue({ code: 'custom', message: 'mismatch', path: ['repeat'] });
  });
export type NewPasswordBody = z.infer<typeof newPasswordBodySchema>;

/** `POST /api/users/reset-password`: always answered 204, whether the address is known or not. */
export const passwordResetRequestBodySchema = z.object({ email: z.email().max(320) });

/** `POST /api/organizations/{orgId}/users/{id}/password-email`: the user of the active organization to mail. */
export const passwordEmailParamsSchema = organizationParamsSchema.extend({ id: subjectIdTextSchema });
