import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '#server/config';

/** One message: plain text and simple HTML of the same content, and the link it carries (logged for the outbox). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** Where a mailer reports what it did: a request's logger. */
export type MailLog = Pick<FastifyBaseLogger, 'info'>;

export interface Mailer {
  send: (message: MailMessage, log: MailLog) => Promise<void>;
  close: () => void;
}

/** Where mail goes when no SMTP server is configured. */
export const outboxDirectory = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'outbox');

/** The sender: no-reply at PUBLIC_URL's host, so SMTP servers checking the sender's domain see the product's. */
function senderAddress(config: Pick<Config, 'PUBLIC_URL'>) {
  const host = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).hostname : 'localhost';
  return `Dispatch <no-reply@${host}>`;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise each message is written as an RFC 822 `.eml` file under
 * `DATA_DIR/outbox` and its link logged at info level, so activation and password reset work on a
 * machine with no mail set up.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'DATA_DIR' | 'PUBLIC_URL'>): Mailer {
  const from = senderAddress(config);
  if (config.SMTP_URL) {
    const smtp: Transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      send: async ({ link: _link, ...message }, log) => {
        const info = await smtp.sendMail({ from, ...message });
        log.info({ messageId: info.messageId, to: message.to }, 'mail sent');
      },
      close: () => smtp.close(),
    };
  }
  const outbox = outboxDirectory(config);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async ({ link, ...message }, log) => {
      const { message: source } = await composer.sendMail({ from, ...message });
      await mkdir(outbox, { recursive: true });
      // Sortable by time; the random part keeps two messages of one millisecond apart.
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, source as Buffer);
      log.info({ file, to: message.to, link }, 'mail written to the outbox (no SMTP_URL)');
    },
    close: () => composer.close(),
  };
}
