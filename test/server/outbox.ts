import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The message source with quoted-printable soft line breaks and escapes undone (nodemailer may wrap long lines). */
function decodeQuotedPrintable(source: string) {
  const unwrapped = source.replace(/=\r?\n/g, '');
  // Escaped bytes of one character are decoded together, as UTF-8.
  return unwrapped.replace(/(?:=[0-9A-F]{2})+/g, (escaped) =>
    Buffer.from(
      escaped
        .split('=')
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString('utf8'),
  );
}

export interface OutboxMail {
  file: string;
  source: string;
  to: string | undefined;
  /** Activation and reset links the message carries, in order. */
  links: string[];
}

/** The `.eml` files of an outbox folder, oldest first (their names start with the time); none when it does not exist yet. */
export async function readOutbox(outbox: string): Promise<OutboxMail[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const source = decodeQuotedPrintable(await readFile(path.join(outbox, file), 'utf8'));
      return {
        file,
        source,
        to: /^To: (.*)$/m.exec(source)?.[1]?.trim(),
        links: [...new Set(source.match(/https?:\/\/[^\s"<>]+\/(?:activate-account|reset-password)\/[0-9a-f-]{36}/g) ?? [])],
      };
    }),
  );
}

/** The token at the end of a link. */
export const tokenOfLink = (link: string) => link.slice(link.lastIndexOf('/') + 1);
