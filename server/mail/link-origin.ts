import { hostname, type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, startAddress } from '#server/config';

/** What a mail link's origin is chosen from: the request's headers, and where to say PUBLIC_URL is missing. */
export interface LinkRequest {
  headers: { origin?: string };
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

const originOf = (host: string, port: number) => {
  const name = host.includes(':') ? `[${host}]` : host;
  return port === 80 ? `http://${name}` : `http://${name}:${port}`;
};

/**
 * The origins a browser shows when it reaches this server directly: the listening address (every
 * interface, the machine's name and `localhost` when HOST is a wildcard), on PORT, over http (without
 * PUBLIC_URL no proxy terminates TLS in front of it).
 */
export function serverOrigins(
  config: Pick<Config, 'HOST' | 'PORT'>,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
  machineName = hostname(),
): Set<string> {
  const hosts = WILDCARD_HOSTS.has(config.HOST)
    ? [
        'localhost',
        machineName,
        ...Object.values(interfaces)
          .flat()
          .flatMap((info) => (info ? [info.address] : [])),
      ]
    : [config.HOST, ...(['127.0.0.1', '::1'].includes(config.HOST) ? ['localhost'] : [])];
  return new Set(hosts.map((host) => originOf(host.toLowerCase(), config.PORT)));
}

/**
 * Where mail links point. PUBLIC_URL when set. Without it, never the request's Host (a request naming
 * `Host: evil.example` would mail a real user a link to that site): the browser's Origin when it is
 * one of this server's own addresses, else the address printed at start; and the log says once
 * that PUBLIC_URL should be set.
 */
export function mailLinkBase(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): (request: LinkRequest) => string {
  if (config.PUBLIC_URL) {
    const base = config.PUBLIC_URL.replace(/\/+$/, '');
    return () => base;
  }
  const own = serverOrigins(config);
  const fallback = startAddress(config);
  let told = false;
  return (request) => {
    if (!told) {
      told = true;
      request.log.warn(
        `PUBLIC_URL is not set: mail links use this server's own address the browser came from, else ${fallback}. Set PUBLIC_URL to the address users reach.`,
      );
    }
    const origin = request.headers.origin?.toLowerCase();
    return origin && own.has(origin) ? origin : fallback;
  };
}
