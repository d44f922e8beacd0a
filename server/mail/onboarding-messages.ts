import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n } from 'i18next';
import type { UserTokenPurpose } from '#core/contract/onboarding';
import { LANGUAGES, type Language } from '#core/domain/locale';
import type { MailMessage } from './mailer.ts';

/** `locales/<lng>/mail.json`, read once on first use (the web app leaves this namespace out). */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');
let translations: i18n | null = null;

function mailTranslations(): i18n {
  if (translations) return translations;
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { mail: JSON.parse(readFileSync(path.join(LOCALES_DIR, language, 'mail.json'), 'utf8')) },
    ]),
  );
  const instance = createInstance();
  // Values are escaped where they go into HTML (below), not by i18next: the text part needs them as typed.
  void instance.init({
    resources,
    ns: ['mail'],
    defaultNS: 'mail',
    fallbackLng: 'en-US',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  translations = instance;
  return instance;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.codePointAt(0)};`);

export interface OnboardingRecipient {
  email: string;
  name: string;
  username: string;
  language: Language;
}

const KEY_PREFIX: Record<UserTokenPurpose, string> = { activation: 'activationMail', passwordReset: 'resetMail' };

/** The activation or password-reset message in the recipient's language, as text and simple HTML. */
export function onboardingMessage(purpose: UserTokenPurpose, recipient: OnboardingRecipient, link: string): MailMessage {
  const t = mailTranslations().getFixedT(recipient.language, 'mail', KEY_PREFIX[purpose]);
  const values = { name: recipient.name, username: recipient.username };
  const paragraphs = [t('greeting', values), t('body', values)];
  const closing = [t('expiry'), t('signature')];
  const text = [...paragraphs, link, ...closing].join('\n\n');
  const html = [
    '<!doctype html><html><body style="font-family: sans-serif">',
    ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('action'))}</a></p>`,
    ...closing.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    '</body></html>',
  ].join('\n');
  return { to: recipient.email, subject: t('subject'), text, html, link };
}
