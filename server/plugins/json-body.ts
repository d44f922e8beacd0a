import type { FastifyInstance } from 'fastify';
import { MAX_JSON_DEPTH } from '#core/contract/limits';
import { badRequest } from './error-handler.ts';

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Whether JSON text nests objects and arrays deeper than `limit` (brackets inside strings do not count). */
export function nestsDeeperThan(json: string, limit: number): boolean {
  // A text this short cannot open that many brackets.
  if (json.length <= limit) return false;
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index++) {
    const code = json.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/**
 * Fastify's own JSON parser (secure-json-parse: `__proto__` and `constructor.prototype` refused),
 * behind a nesting limit: parsing itself copes with any depth, but later recursive code (the
 * serialization of a jsonb value, logging) would exhaust the stack on 100,000 levels and answer 500.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest([{ path: 'body', message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` }]), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
