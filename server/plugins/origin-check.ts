import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '#core/contract/errors';
import { HttpError } from './error-handler.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF). SameSite=Lax already keeps
 * the cookie off most cross-site requests; this also covers same-site subdomains and old browsers.
 * Requests without Origin (curl, server-to-server integrations) carry no ambient browser cookie risk.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined): void {
  const trusted = publicUrl ? new URL(publicUrl).origin : null;
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site') throw foreignOrigin();
    if (!origin) return;
    const host = request.headers['x-forwarded-host'] ?? request.headers.host;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw foreignOrigin();
    }
    if (origin === trusted || originHost === host) return;
    throw foreignOrigin();
  });
}

function foreignOrigin() {
  return new HttpError(403, ERROR_CODES.foreignOrigin, 'Request from a foreign origin refused');
}
