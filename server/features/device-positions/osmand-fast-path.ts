import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '#core/contract/errors';
import { HttpError } from '#server/plugins/error-handler';
import { type OsmandReport, readOsmandRequest } from './osmand.ts';
import type { PositionIngest } from './position-ingest.ts';

/** Answers a raw request before Fastify routes it, or returns false to leave it to Fastify. */
export type BeforeRouting = (request: IncomingMessage, response: ServerResponse) => boolean;

const OSMAND_QUERY_PATH = '/api/osmand?';

/**
 * The phones' hot path: a position in the URL query of a bodiless `GET`/`POST /api/osmand`, what every
 * Traccar Client phone of a fleet sends every few seconds. It is read and stored exactly as the route
 * (`readOsmandRequest`, the one ingest) but answered here, before Fastify: the routing, the hooks
 * every other route needs (session cookie, origin check, idempotency, security headers) and the
 * query's schema cost a sixth of the server's CPU per position (bench `ingest`: 121 → 102 ms per
 * 1,000), for a request that carries no cookie and whose answer is an empty status.
 * Everything else (a body, no identifier, no coordinates, an invalid position) goes on to the
 * documented route, which answers it as before; an error is answered in the API's error form.
 */
export function answerOsmandQueries(
  positions: Pick<PositionIngest, 'ingest'>,
  log: Pick<FastifyBaseLogger, 'error'>,
  isOpen: () => boolean,
): BeforeRouting {
  return (request, response) => {
    const { url, method, headers } = request;
    if (!url?.startsWith(OSMAND_QUERY_PATH) || (method !== 'POST' && method !== 'GET') || !isOpen()) return false;
    // A body (a form, the 9.x apps' JSON) or a declared type is the route's to read.
    if (headers['content-type'] || headers['transfer-encoding'] || (headers['content-length'] ?? '0') !== '0') return false;
    let report: OsmandReport;
    try {
      report = readOsmandRequest({
        query: parseQuery(url.slice(OSMAND_QUERY_PATH.length)),
        body: undefined,
        contentType: undefined,
      });
    } catch {
      // Whatever cannot be read here is the route's to answer, as any request it cannot read.
      return false;
    }
    const { clientId, fix } = report;
    if (!clientId || !fix) return false;
    // A throw of the ingest becomes its answer: thrown in this listener, no framework would catch it and the process would end.
    new Promise<unknown>((resolve) => resolve(positions.ingest({ organizationId: null }, [fix]))).then(
      () => answer(response, 200),
      (error: unknown) => {
        if (error instanceof HttpError)
          return answer(response, error.statusCode, { code: error.code, message: error.message, ...error.extra });
        log.error({ err: error }, 'osmand: position not stored');
        answer(response, 500, { code: ERROR_CODES.internal, message: 'Internal server error' });
      },
    );
    return true;
  };
}

function answer(response: ServerResponse, status: number, error?: { code: string; message: string } & HttpError['extra']) {
  if (!error) {
    response.writeHead(status, { 'content-length': '0' }).end();
    return;
  }
  const body = JSON.stringify({ error });
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    .end(body);
}
