import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '#core/contract/errors';
import { bearerSecret } from './auth.ts';
import { HttpError } from './error-handler.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The host a request was sent to: `X-Forwarded-Host` (its last entry, as Fastify's `request.host`
 * reads it) only when the peer is a trusted proxy, else `Host`. A client writes any header it likes.
 */
export function requestedHost(request: IncomingMessage, trustsProxy: (peerAddress: string | undefined) => boolean): string {
  const forwarded = [request.headers['x-forwarded-host'] ?? []].flat().join(',');
  if (forwarded && trustsProxy(request.socket.remoteAddress)) return forwarded.split(',').at(-1)?.trim() ?? '';
  return request.headers.host ?? '';
}

/**
 * Whether a browser sent the request from another site's page: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither PUBLIC_URL's nor the requested host (`requestedHost`, forwarded only by a
 * trusted proxy). Requests without Origin (curl, server-to-server integrations) carry no ambient
 * browser cookie risk.
 */
export function isForeignOrigin(headers: IncomingHttpHeaders, host: string, publicUrl: string | undefined): boolean {
  if (headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = headers.origin;
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  const trusted = publicUrl ? new URL(publicUrl).origin : null;
  return !(origin === trusted || originHost === host);
}

/**
 * Refuses state-changing requests sent by another site's page (CSRF). SameSite=Lax already keeps
 * the cookie off most cross-site requests; this also covers same-site subdomains and old browsers.
 * A request with a bearer header is exempt: it is authenticated by that header alone, never by the
 * cookie (plugins/auth.ts), and a page of another site cannot send it without a CORS grant.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (bearerSecret(request.headers.authorization) !== null) return;
    // Fastify's request.host believes X-Forwarded-Host only from a proxy `trustProxy` trusts.
    if (isForeignOrigin(request.headers, request.host, publicUrl)) throw foreignOrigin();
  });
}

function foreignOrigin() {
  return new HttpError(403, ERROR_CODES.foreignOrigin, 'Request from a foreign origin refused');
}
