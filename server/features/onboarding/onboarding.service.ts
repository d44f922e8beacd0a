import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserTokenPurpose } from '#core/contract/onboarding';
import { type Language, LANGUAGES } from '#core/domain/locale';
import { mayMailPasswordReset, PASSWORD_RESET_MAIL_LIMIT } from '#core/domain/passwords';
import type { Database, Queryable } from '#server/db/database';
import { contacts, sessions, users, userTokens } from '#server/db/schema';
import type { LinkRequest } from '#server/mail/link-origin';
import type { MailLog, Mailer } from '#server/mail/mailer';
import { type OnboardingRecipient, onboardingMessage } from '#server/mail/onboarding-messages';
import { hashToken } from '#server/plugins/auth';

const HOUR_MS = 60 * 60 * 1000;
/** How long links work: an activation waits for a new colleague to read the mail, a reset only for the one who asked. */
export const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = { activation: 7 * 24 * HOUR_MS, passwordReset: HOUR_MS };
/** Rows are kept this long after expiry: the reset-mail limit counts them, and then nobody needs them. */
const KEEP_EXPIRED_MS = 24 * HOUR_MS;

/** The screen each link opens (client routes). */
const LINK_PATHS: Record<UserTokenPurpose, string> = {
  activation: '/activate-account/',
  passwordReset: '/reset-password/',
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends activation and password-reset mail (registered by the onboarding routes). */
    onboardingMailer: Mailer;
    /** The origin mail links are built on, for a request (`server/mail/link-origin.ts`). */
    mailLinkBase: (request: LinkRequest) => string;
  }
}

/** A message to send once the transaction that issued its link has committed. */
export interface OnboardingMail {
  purpose: UserTokenPurpose;
  token: string;
  recipient: OnboardingRecipient;
}

/**
 * A new single-use link for the user: its SHA-256 is stored, the raw token is returned; the user's
 * earlier unused links of the same purpose stop working.
 */
async function issueToken(tx: Queryable, userId: number, purpose: UserTokenPurpose): Promise<string> {
  const token = randomUUID();
  await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  await tx.insert(userTokens).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: sql`now() + ${TOKEN_LIFETIME_MS[purpose]}::float8 * interval '1 millisecond'`,
  });
  await tx.delete(userTokens).where(lt(userTokens.expiresAt, sql`now() - ${KEEP_EXPIRED_MS}::float8 * interval '1 millisecond'`));
  return token;
}

/** The user's name, username and contact email and language; null when the contact has no email. */
async function recipientOf(tx: Queryable, userId: number): Promise<OnboardingRecipient | null> {
  const [row] = await tx
    .select({ email: contacts.email, name: users.name, username: users.username, language: contacts.language })
    .from(users)
    .innerJoin(contacts, eq(contacts.id, users.contactId))
    .where(eq(users.id, userId));
  const email = row?.email?.trim();
  if (!row || !email) return null;
  const language = (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'en-US';
  return { email, name: row.name, username: row.username, language };
}

/**
 * Issues an activation link for a new user, inside the transaction creating it. Answers the mail to
 * hand to `sendOnboardingMail` once that transaction commits, or null when the contact has no email
 * (then no link is issued: the administrator sets a password instead).
 */
export async function issueActivation(tx: Queryable, userId: number): Promise<OnboardingMail | null> {
  const recipient = await recipientOf(tx, userId);
  if (!recipient) return null;
  return { purpose: 'activation', token: await issueToken(tx, userId, 'activation'), recipient };
}

/** Issues a password-reset link for an existing user; null when the contact has no email. */
export async function issuePasswordReset(tx: Queryable, userId: number): Promise<OnboardingMail | null> {
  const recipient = await recipientOf(tx, userId);
  if (!recipient) return null;
  return { purpose: 'passwordReset', token: await issueToken(tx, userId, 'passwordReset'), recipient };
}

/** Builds the message with its link under `linkBase` and sends it through `mailer`. */
export async function deliverOnboardingMail(mailer: Mailer, log: MailLog, linkBase: string, mail: OnboardingMail) {
  const link = `${linkBase}${LINK_PATHS[mail.purpose]}${mail.token}`;
  await mailer.send(onboardingMessage(mail.purpose, mail.recipient, link), log);
}

/**
 * Sends a mail issued while handling `request`, once the transaction that issued its link has
 * committed; its link is under `mailLinkBase` (PUBLIC_URL, else an origin this server trusts).
 */
export async function sendOnboardingMail(request: FastifyRequest, mail: OnboardingMail) {
  const { onboardingMailer, mailLinkBase } = request.server;
  await deliverOnboardingMail(onboardingMailer, request.log, mailLinkBase(request), mail);
}

/** The EditUser action "send password email": a reset link for a user of the organization, mailed now. */
export async function sendPasswordEmail(db: Database, request: FastifyRequest, userId: number): Promise<'sent' | 'noEmail'> {
  const mail = await db.transaction((tx) => issuePasswordReset(tx, userId));
  if (!mail) return 'noEmail';
  await sendOnboardingMail(request, mail);
  return 'sent';
}

/**
 * The public "forgot password" request: a reset link for each enabled user whose contact has this
 * email (case-insensitive), unless the account already got `PASSWORD_RESET_MAIL_LIMIT` within the
 * window. Answers the mails to send; the caller answers the same whatever this finds.
 */
export async function issuePasswordResetsForEmail(db: Database, email: string): Promise<OnboardingMail[]> {
  return db.transaction(async (tx) => {
    const accounts = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(contacts, eq(contacts.id, users.contactId))
      .where(and(eq(sql`lower(trim(${contacts.email}))`, email.trim().toLowerCase()), eq(users.enabled, true)))
      .orderBy(users.id)
      // One address may serve a few accounts (a person in two companies); never a mass mailing.
      .limit(10)
      // Two requests at once must not both pass the limit.
      .for('update', { of: users });
    const mails: OnboardingMail[] = [];
    for (const account of accounts) {
      // Counted once the account is locked: a statement started before the lock was granted would
      // not see the links the request holding it issued.
      const [recent] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(userTokens)
        .where(
          and(
            eq(userTokens.userId, account.id),
            eq(userTokens.purpose, 'passwordReset'),
            gt(userTokens.createdAt, sql`now() - ${PASSWORD_RESET_MAIL_LIMIT.windowMs}::float8 * interval '1 millisecond'`),
          ),
        );
      if (!mayMailPasswordReset(recent?.count ?? 0)) continue;
      const mail = await issuePasswordReset(tx, account.id);
      if (mail) mails.push(mail);
    }
    return mails;
  });
}

/** Whether the link works: issued for this purpose, not used, not expired. */
export async function isLinkValid(db: Queryable, token: string, purpose: UserTokenPurpose): Promise<boolean> {
  const [row] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
      ),
    );
  return row !== undefined;
}

/** Stores the user's new password (argon2id, as sign-in verifies) and ends their sessions. */
export async function setUserPassword(tx: Queryable, userId: number, password: string) {
  await tx
    .update(users)
    .set({ passwordHash: await hash(password) })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Uses the link and sets the password in one transaction; false when the link does not work (unknown,
 * used, expired or of the other purpose), and then nothing is written.
 */
export async function usePasswordLink(db: Database, token: string, purpose: UserTokenPurpose, password: string) {
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(userTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(userTokens.tokenHash, hashToken(token)),
          eq(userTokens.purpose, purpose),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: userTokens.userId });
    if (!used) return false;
    await setUserPassword(tx, used.userId, password);
    return true;
  });
}

export function registerOnboardingMailer(app: FastifyInstance, mailer: Mailer, linkBase: (request: LinkRequest) => string) {
  app.decorate('onboardingMailer', mailer);
  app.decorate('mailLinkBase', linkBase);
  app.addHook('onClose', async () => mailer.close());
}
