import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ERROR_CODES } from '#core/contract/errors';
import {
  activationParamsSchema,
  linkValiditySchema,
  newPasswordBodySchema,
  passwordEmailParamsSchema,
  passwordResetParamsSchema,
  passwordResetRequestBodySchema,
  type UserTokenPurpose,
} from '#core/contract/onboarding';
import { users } from '#server/db/schema';
import { type ServerContext, zodRoutes } from '#server/context';
import { createMailer } from '#server/mail/mailer';
import { guard, requireAuth } from '#server/plugins/auth';
import { HttpError, notFound } from '#server/plugins/error-handler';
import {
  isLinkValid,
  issuePasswordResetsForEmail,
  registerOnboardingMailer,
  sendOnboardingMail,
  sendPasswordEmail,
  usePasswordLink,
} from './onboarding.service.ts';

/** A used, expired or unknown link: the screens send the user to sign-in with the "link expired" warning. */
const linkNotValid = () => new HttpError(404, ERROR_CODES.notFound, 'This link is no longer valid');

/**
 * Account activation and password reset (spec 3 login flows), public: the single-use link is the
 * credential. Plus the EditUser action mailing a user a password link.
 */
export function registerOnboardingRoutes(app: FastifyInstance, { db, config }: ServerContext) {
  const api = zodRoutes(app);
  registerOnboardingMailer(app, createMailer(config));

  const linkRoutes = (
    path: string,
    params: typeof activationParamsSchema | typeof passwordResetParamsSchema,
    purpose: UserTokenPurpose,
  ) => {
    const tokenOf = (values: Record<string, string>) => values.uuid ?? values.token ?? '';
    // Never 404: an unknown link and an expired one look alike, and neither reveals an account.
    api.get(path, { schema: { tags: ['onboarding'], params, response: { 200: linkValiditySchema } } }, async (request) => ({
      valid: await isLinkValid(db, tokenOf(request.params), purpose),
    }));
    api.post(path, { schema: { tags: ['onboarding'], params, body: newPasswordBodySchema } }, async (request, reply) => {
      if (!(await usePasswordLink(db, tokenOf(request.params), purpose, request.body.password))) throw linkNotValid();
      return reply.code(204).send();
    });
  };
  linkRoutes('/users/:uuid/activate', activationParamsSchema, 'activation');
  linkRoutes('/users/reset-password/:token', passwordResetParamsSchema, 'passwordReset');

  // Always 204 after the same work, whether or not the address is known; the mail leaves after the
  // answer, so its delivery time does not tell either.
  api.post(
    '/users/reset-password',
    { schema: { tags: ['onboarding'], body: passwordResetRequestBodySchema } },
    async (request, reply) => {
      const mails = await issuePasswordResetsForEmail(db, request.body.email);
      for (const mail of mails) {
        sendOnboardingMail(request, config.PUBLIC_URL, mail).catch((error: unknown) =>
          request.log.error({ err: error }, 'password reset mail not sent'),
        );
      }
      return reply.code(204).send();
    },
  );

  api.post(
    '/organizations/:orgId/users/:id/password-email',
    {
      schema: {
        tags: ['onboarding'],
        summary: 'Mails the user a single-use link to set a new password',
        params: passwordEmailParamsSchema,
      },
      onRequest: guard({ permissions: ['EditUser'] }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (request.params.orgId !== auth.organizationId) throw notFound('Organization');
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, request.params.id), eq(users.organizationId, auth.organizationId)));
      if (!user) throw notFound('User');
      if ((await sendPasswordEmail(db, request, config.PUBLIC_URL, user.id)) === 'noEmail') {
        throw new HttpError(422, ERROR_CODES.ruleViolation, 'The user’s contact has no email address', {
          rule: 'contactHasNoEmail',
        });
      }
      return reply.code(204).send();
    },
  );
}
