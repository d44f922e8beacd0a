import { BlockList, isIPv6 } from 'node:net';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

/** Environment variables, each with a working default (DESIGN §9). */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Database clients per node; unset, that of the embedded or shared database (`poolSize`, db/database.ts). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).optional(),
  REPLICA_DATABASE_URL: z.string().url().optional(),
  DEMO: booleanFlag.default(true),
  /** With the demo data, drive the In Transit loads' devices through the ingest (features/demo-simulator). */
  DEMO_SIMULATOR: booleanFlag.default(true),
  /** An OSRM or Valhalla server (ROUTING_ENGINE); unset, routes are great-circle estimates (providers/routing.ts). */
  ROUTING_URL: z.string().url().optional(),
  ROUTING_ENGINE: z.enum(['osrm', 'valhalla']).default('osrm'),
  /** A Nominatim-compatible geocoder; unset, the offline gazetteer answers (providers/geocoding.ts). */
  GEOCODER_URL: z.string().url().optional(),
  /** A Mapbox/MapLibre style document for the base map (ol-mapbox-style). */
  MAP_STYLE_URL: z.string().url().optional(),
  /** Raster XYZ tiles for the base map, `https://…/{z}/{x}/{y}.png` (satellite imagery, for example). */
  MAP_TILE_URL: z
    .string()
    .url()
    .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must contain {z}, {x} and {y}')
    .optional(),
  /** A regional vector PMTiles archive elsewhere; unset, the first `*.pmtiles` file in DATA_DIR/maps, if any. */
  MAP_PMTILES_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Mail goes through this SMTP server (`smtp://user:pass@host:587`, `smtps://…`); unset, to `DATA_DIR/outbox`. */
  SMTP_URL: z
    .string()
    .url()
    .refine((url) => /^smtps?:$/.test(new URL(url).protocol), 'must start with smtp:// or smtps://')
    .optional(),
  TRUST_PROXY: z.string().optional(),
  STATIC_DIR: z.string().default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Days a deletion stays in the change log; a client whose cursor is older re-syncs (sync/compaction.ts). */
  CHANGE_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(30),
});
export type Config = z.infer<typeof configSchema>;

/** Trusts the nearest `hops` proxies (Fastify types a hop count only as this function of proxy-addr). */
type TrustHops = ((address: string, hop: number) => boolean) & { hops: number };
const trustHops = (hops: number): TrustHops => Object.assign((_address: string, hop: number) => hop < hops, { hops });

/**
 * Which proxies' X-Forwarded-For Fastify believes, as its `trustProxy` option. Trusting every hop
 * would take the client's address from the leftmost entry, which the client writes itself, and let
 * anyone dodge (or turn against an office) the per-address sign-in throttling. So: a number of hops
 * (default 1 behind a PUBLIC_URL, the usual single reverse proxy), or a list of proxy addresses/CIDRs.
 */
export function trustedProxies(config: Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>): boolean | string | TrustHops {
  const setting = config.TRUST_PROXY?.trim();
  if (!setting) return config.PUBLIC_URL ? trustHops(1) : false;
  if (/^(false|no|off)$/i.test(setting)) return false;
  // Every hop: only where nothing but the proxy can reach the server.
  if (/^(true|yes|on)$/i.test(setting)) return true;
  if (/^\d+$/.test(setting)) return trustHops(Number(setting));
  return setting;
}

/** The address ranges proxy-addr (Fastify's `trustProxy`) knows by name. */
const NAMED_PROXY_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/**
 * Whether the peer that sent a request is a proxy whose forwarded headers count, as Fastify decides
 * for `request.host` (the nearest hop under `trustedProxies`); for what Fastify does not see, the
 * socket.io handshake.
 */
export function proxyTrust(trust: ReturnType<typeof trustedProxies>): (peerAddress: string | undefined) => boolean {
  if (typeof trust === 'boolean') return (peer) => trust && peer !== undefined;
  if (typeof trust === 'function') return (peer) => peer !== undefined && trust(peer, 0);
  const proxies = new BlockList();
  const family = (address: string) => (isIPv6(address) ? 'ipv6' : 'ipv4');
  for (const entry of trust
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    for (const range of NAMED_PROXY_RANGES[entry] ?? [entry]) {
      const [address = '', prefix] = range.split('/');
      if (prefix) proxies.addSubnet(address, Number(prefix), family(address));
      else proxies.addAddress(address, family(address));
    }
  }
  return (peer) => peer !== undefined && proxies.check(peer, family(peer));
}

/** The address the server prints at start (and mail links fall back to): PUBLIC_URL, else localhost on PORT. */
export const startAddress = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  config.PUBLIC_URL?.replace(/\/+$/, '') ?? `http://localhost:${config.PORT}`;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
