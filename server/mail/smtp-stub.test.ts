import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserWithoutPassword } from '#test/server/new-user';
import { seededOrganizationIds } from '#test/server/seeded';
import { createTestApp, signInAs, type TestApp } from '#test/server/test-app';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP for nodemailer over plain TCP: greeting, EHLO, MAIL, RCPT, DATA, QUIT. */
function startSmtpStub(received: ReceivedMail[]): Server {
  return createServer((socket: Socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 stub ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 stub');
        else if (command === 'MAIL') current.from = line;
        else if (command === 'RCPT') current.to.push(line);
        if (command === 'MAIL' || command === 'RCPT' || command === 'RSET' || command === 'NOOP') reply('250 ok');
        else if (command === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else if (command !== 'EHLO' && command !== 'HELO') reply('502 not implemented');
      }
    });
  });
}

let test: TestApp;
let stub: Server;
let dataDir: string;
const received: ReceivedMail[] = [];

beforeAll(async () => {
  stub = startSmtpStub(received);
  stub.listen(0, '127.0.0.1');
  await once(stub, 'listening');
  const { port } = stub.address() as { port: number };
  dataDir = await mkdtemp(path.join(tmpdir(), 'dispatch-smtp-'));
  test = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: 'https://dispatch.example.com',
    DATA_DIR: dataDir,
  });
});
afterAll(async () => {
  await test.close();
  stub.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('mail through SMTP_URL', () => {
  it('sends the password email over SMTP from PUBLIC_URL’s domain, with a link under PUBLIC_URL, and writes no outbox file', async () => {
    const orgId = await seededOrganizationIds(test.database.db);
    const userId = await insertUserWithoutPassword(test.database.db, {
      organizationId: orgId('Prairie Feed Co.'),
      username: 'smtp.user',
      email: 'smtp.user@example.com',
      language: 'fr-CA',
    });
    const answer = await test.app.inject({
      method: 'POST',
      url: `/api/organizations/${orgId('Prairie Feed Co.')}/users/${userId}/password-email`,
      headers: { cookie: await signInAs(test.app, 'admin') },
    });
    expect(answer.statusCode).toBe(204);
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('MAIL FROM:<no-reply@dispatch.example.com>');
    expect(mail?.to).toEqual(['RCPT TO:<smtp.user@example.com>']);
    const body = mail?.data.replace(/=\r?\n/g, '') ?? '';
    expect(body).toMatch(/https:\/\/dispatch\.example\.com\/reset-password\/[0-9a-f-]{36}/);
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('Bonjour New smtp.user');
    expect(await readdir(dataDir)).toEqual([]);
  });
});
