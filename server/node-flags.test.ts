import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './node-flags.ts';

describe('the server’s Node flags', () => {
  it('are the ones `npm start` and `npm run serve` give the server, as the tests and benches do', async () => {
    const manifest = JSON.parse(await readFile(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const script of ['start', 'serve']) {
      expect(manifest.scripts[script], script).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx server/main.ts`);
    }
  });
});
