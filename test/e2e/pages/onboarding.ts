import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { connectDatabase, type DatabaseHandle } from '#server/db/database';
import { embeddedConnectionString } from '#server/db/embedded-postgres';
import { deliverOnboardingMail, issueActivation } from '#server/features/onboarding/onboarding.service';
import { createMailer } from '#server/mail/mailer';
import { readOutbox } from '#test/server/outbox';
import { serverDataDir } from '../worker-server.ts';

/** This worker's e2e server's embedded database, found by the port its postmaster.pid names (4th line). */
export async function connectServerDatabase(): Promise<DatabaseHandle> {
  const pid = await readFile(path.join(serverDataDir(), 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pid.split('\n')[3]);
  return connectDatabase(embeddedConnectionString(port), { max: 2 });
}

/**
 * Issues an activation link for a user, as the user form's create route will, and writes its mail
 * into the server's outbox the way the server does when no SMTP_URL is set.
 */
export async function mailActivation(database: DatabaseHandle, userId: number, baseURL: string) {
  const mail = await issueActivation(database.db, userId);
  if (!mail) throw new Error('the user has no email');
  const mailer = createMailer({ DATA_DIR: serverDataDir() });
  await deliverOnboardingMail(mailer, { info: () => {} }, baseURL, mail);
  mailer.close();
}

/** The link of the newest mail to `email` in the server's outbox, waiting for it to arrive. */
export async function linkMailedTo(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await readOutbox(path.join(serverDataDir(), 'outbox'))).filter((mail) => mail.to?.includes(email));
      link = mails.at(-1)?.links[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** The activation or reset screen a mailed link opens. */
export class NewPasswordScreen {
  constructor(private readonly page: Page) {}

  async choose(password: string, submit: string) {
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByLabel(/^Repeat password/).fill(password);
    await this.page.getByRole('button', { name: submit }).click();
  }
}
