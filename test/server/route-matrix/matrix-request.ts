import type { InjectOptions } from 'fastify';
import { RawJson } from './hostile-values.ts';

export type QueryValue = string | number | readonly (string | number)[];

/** One request of the matrix, before it is encoded: the route's url with `:params`, and its parts. */
export interface MatrixRequest {
  method: string;
  /** Fastify's url of the route, e.g. `/api/orders/:id`. */
  route: string;
  params: Record<string, string | number>;
  query: Record<string, QueryValue>;
  /** Absent: no body at all. */
  body?: unknown;
  /** Sent as written instead of `body`. */
  rawBody?: { text: string; contentType: string };
}

/**
 * encodeURIComponent, except that a lone surrogate becomes the bytes a careless client sends
 * (its 3-byte WTF-8 form) instead of a URIError.
 */
export function encodeComponent(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    encoded +=
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
            .map((byte) => `%${byte.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(char);
  }
  return encoded;
}

export function requestUrl(request: MatrixRequest): string {
  const path = request.route.replace(/:(\w+)/g, (_, name: string) => encodeComponent(String(request.params[name] ?? '')));
  const pairs = Object.entries(request.query).flatMap(([key, value]) =>
    (Array.isArray(value) ? value : [value]).map((item) => `${encodeComponent(key)}=${encodeComponent(String(item))}`),
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}

/** JSON text of a value that may hold RawJson tokens. */
export function jsonText(value: unknown): string {
  const raw: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof RawJson)) return item;
    raw.push(item.text);
    return `\u0001raw${raw.length - 1}\u0001`;
  });
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_, index: string) => raw[Number(index)] ?? 'null');
}

export function injectOptions(request: MatrixRequest, cookie: string | undefined): InjectOptions {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const options: InjectOptions = { method: request.method as InjectOptions['method'], url: requestUrl(request), headers };
  if (request.rawBody) {
    headers['content-type'] = request.rawBody.contentType;
    options.payload = request.rawBody.text;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = jsonText(request.body);
  }
  return options;
}

function shorten(text: string, max = 240): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
}

/** The request as a failure report shows it. */
export function describeRequest(request: MatrixRequest, who: string): string {
  const url = shorten(requestUrl(request), 200);
  const body = request.rawBody
    ? ` ${request.rawBody.contentType} ${shorten(request.rawBody.text)}`
    : request.body === undefined
      ? ''
      : ` ${shorten(jsonText(request.body))}`;
  return `${request.method} ${url} as ${who}${body}`;
}

export function describeAnswer(status: number, body: string): string {
  return `${status} ${shorten(body, 300)}`;
}

export type PathSegment = string | number;

/** "body.stops.0.weight" → ['body', 'stops', 0, 'weight']. */
export function parsePath(path: string): PathSegment[] {
  return path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

/** A copy of `root` with `value` at `path` (ABSENT removes the key); objects on the way are copied, not shared. */
export const ABSENT = Symbol('absent');
export function setAt(root: unknown, path: readonly PathSegment[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  const container: Record<PathSegment, unknown> | unknown[] = Array.isArray(root)
    ? [...root]
    : { ...(root && typeof root === 'object' ? root : {}) };
  const next = setAt((container as Record<PathSegment, unknown>)[head], rest, value);
  if (next === ABSENT) delete (container as Record<PathSegment, unknown>)[head];
  else (container as Record<PathSegment, unknown>)[head] = next;
  return container;
}

export function getAt(root: unknown, path: readonly PathSegment[]): unknown {
  return path.reduce<unknown>(
    (value, segment) => (value && typeof value === 'object' ? (value as Record<PathSegment, unknown>)[segment] : undefined),
    root,
  );
}
