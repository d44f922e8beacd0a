import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Browser features the page may use: geolocation for drivers later; everything else is denied, so an
 * injected script or a framed page cannot ask for it either.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=(self)',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** The distinct origins the base map's configuration names (a tile URL's braces are not part of its origin). */
export function mapOrigins(config: Pick<Config, 'MAP_STYLE_URL' | 'MAP_TILE_URL' | 'MAP_PMTILES_URL'>): string[] {
  const urls = [config.MAP_STYLE_URL, config.MAP_TILE_URL, config.MAP_PMTILES_URL].filter((url) => url !== undefined);
  return [...new Set(urls.map((url) => new URL(url).origin))];
}

/**
 * The Content-Security-Policy: scripts and workers only from the app's own files (no inline script,
 * no eval); inline styles allowed because Mantine writes `<style>` elements and style attributes;
 * images also from data: and blob: (OpenLayers' icons and rendered tiles); the socket.io websocket of the
 * public address; exactly the origins of the configured base map (MAP_STYLE_URL, MAP_TILE_URL,
 * MAP_PMTILES_URL), and no other.
 */
function contentSecurityPolicyDirectives(
  config: Pick<Config, 'PUBLIC_URL' | 'MAP_STYLE_URL' | 'MAP_TILE_URL' | 'MAP_PMTILES_URL'>,
) {
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : null;
  const https = publicUrl?.protocol === 'https:';
  // CSP 3 lets 'self' match the page's own ws:/wss: origin; old Safari needs it spelled out.
  const websocket = publicUrl ? [`${https ? 'wss' : 'ws'}://${publicUrl.host}`] : [];
  const mapHost = mapOrigins(config);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'worker-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...mapHost],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...websocket, ...mapHost],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only behind https: on a plain-http address it would send every request to a port nobody serves.
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers on every answer (API, shell, assets) through helmet, plus Permissions-Policy
 * (helmet has none) and `Cache-Control: no-store` unless the route says otherwise: API answers carry
 * one user's data; the static files set their own. HSTS only when PUBLIC_URL is https: a browser
 * told so over plain http could not reach the app again.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.PUBLIC_URL?.startsWith('https:') ?? false;
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(config) },
    frameguard: { action: 'deny' },
    // Not no-referrer: a same-origin POST would then carry `Origin: null`, which the origin check refuses.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: https ? { maxAge: 365 * 86_400, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('Cache-Control', 'no-store');
  });
}
