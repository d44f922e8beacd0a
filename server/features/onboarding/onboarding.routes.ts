import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { mailLinkBase } from '#server/mail/link-origin';
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
  registerOnboardingMailer(app, createMailer(config), mailLinkBase(config));

  // Never 404: an unknown link and an expired one look alike, and neither reveals an account.
  const answerValidity = async (token: string, purpose: UserTokenPurpose) => ({ valid: await isLinkValid(db, token, purpose) });
  const usePasswordLinkOr404 = async (token: string, purpose: UserTokenPurpose, password: string) => {
    if (!(await usePasswordLink(db, token, purpose, password))) throw linkNotValid();
  };

  const activation = { tags: ['onboarding'], params: activationParamsSchema };
  api.get('/users/:uuid/activate', { schema: { ...activation, response: { 200: linkValiditySchema } } }, (request) =>
    answerValidity(request.params.uuid, 'activation'),
  );
  api.post('/users/:uuid/activate', { schema: { ...activation, body: newPasswordBodySchema } }, async (request, reply) => {
    await usePasswordLinkOr404(request.params.uuid, 'activation', request.body.password);
    return reply.code(204).send();
  });

  const reset = { tags: ['onboarding'], params: passwordResetParamsSchema };
  api.get('/users/reset-password/:token', { schema: { ...reset, response: { 200: linkValiditySchema } } }, (request) =>
    answerValidity(request.params.token, 'passwordReset'),
  );
  api.post('/users/reset-password/:token', { schema: { ...reset, body: newPasswordBodySchema } }, async (request, reply) => {
    await usePasswordLinkOr404(request.params.token, 'passwordReset', request.body.password);
    return reply.code(204).send();
  });

  // 204 before any lookup: the answer cannot tell by its content or its time whether the address is
  // known. The links are issued and mailed afterwards; a failure there is only logged.
  api.post(
    '/users/reset-password',
    { schema: { tags: ['onboarding'], body: passwordResetRequestBodySchema } },
    async (request, reply) => {
      await reply.code(204).send();
      // Once the answer has left (a macrotask after it finished).
      setImmediate(() => void mailPasswordResets(request, request.body.email));
      return reply;
    },
  );
  const mailPasswordResets = async (request: FastifyRequest, email: string) => {
    try {
      const mails = await issuePasswordResetsForEmail(db, email);
      await Promise.all(mails.map((mail) => sendOnboardingMail(request, mail)));
    } catch (error) {
      request.log.error({ err: error }, 'password reset mail not sent');
    }
  };

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
      if ((await sendPasswordEmail(db, request, user.id)) === 'noEmail') {
        throw new HttpError(422, ERROR_CODES.ruleViolation, 'The user’s contact has no email address', {
          rule: 'contactHasNoEmail',
        });
      }
      return reply.code(204).send();
    },
  );
}
