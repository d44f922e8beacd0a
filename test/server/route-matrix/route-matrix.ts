import type { LightMyRequestResponse } from 'fastify';
import { decidePageAccess } from '#core/domain/access';
import { describeAnswer, describeRequest, getAt, injectOptions, type MatrixRequest, parsePath, setAt } from './matrix-request.ts';
import { type WriteSnapshot, writtenBetween } from './nothing-written.ts';
import type { ServerRoute } from './route-table.ts';
import { MATRIX, type ForeignId, type MatrixEntry } from './routes.ts';
import { routeMutations } from './schema-fuzz.ts';
import { DEMO_USERS, type MatrixWorld } from './world.ts';

declare module 'vitest' {
  interface TaskMeta {
    /** Figures the bench reads from vitest's JSON report. */
    routeMatrix?: { routes?: number; requests?: number };
  }
}

/** One request that did not answer as the matrix expects. */
export interface MatrixFailure {
  check: string;
  request: string;
  answer: string;
  written?: string[];
}

interface Expectation {
  describe: string;
  accepts: (status: number) => boolean;
}

const answered = (...statuses: number[]): Expectation => ({
  describe: `expected ${statuses.join(' or ')}`,
  accepts: (status) => statuses.includes(status),
});
const SUCCESSFUL: Expectation = {
  describe: 'expected 2xx (the example is valid)',
  accepts: (status) => status >= 200 && status < 300,
};
const REFUSED: Expectation = { describe: 'expected a 4xx', accepts: (status) => status >= 400 && status < 500 };
const NOT_SERVER_ERROR: Expectation = { describe: 'expected 2xx or 4xx, never 5xx', accepts: (status) => status < 500 };
const NOT_DENIED: Expectation = {
  describe: 'the rule grants it: expected neither 401 nor 403 (nor 5xx)',
  accepts: (status) => status < 500 && status !== 401 && status !== 403,
};

const READ_ONLY_METHODS = new Set(['GET', 'HEAD']);
/** The largest PostgreSQL integer: a valid id that the demo data never reaches. */
const ABSENT_ID = 2 ** 31 - 1;

/** What an answer reveals: the body of a success, the status and code of a refusal (whose message may quote the id). */
function answerKind(answer: LightMyRequestResponse): string {
  if (answer.statusCode < 300) return `${answer.statusCode} ${answer.body}`;
  try {
    return `${answer.statusCode} ${answer.json().error?.code}`;
  } catch {
    return `${answer.statusCode}`;
  }
}
const UNKNOWN_SESSION = 'dispatch_session=route-matrix-unknown-session';

/** "GET /api/self" → the entry; a HEAD route Fastify adds beside a GET is declared by that GET. */
export function entryKeyOf(route: ServerRoute, routes: readonly ServerRoute[]): string {
  const twin = `GET ${route.url}`;
  return route.method === 'HEAD' && !MATRIX[route.key] && routes.some((other) => other.key === twin) ? twin : route.key;
}

/** Routes without an entry and entries without a route. */
export function matrixCoverage(routes: readonly ServerRoute[]) {
  const declared = new Set(routes.map((route) => entryKeyOf(route, routes)));
  return {
    withoutEntry: routes.filter((route) => !MATRIX[entryKeyOf(route, routes)]).map((route) => route.key),
    withoutRoute: Object.keys(MATRIX).filter((key) => !declared.has(key)),
  };
}

function isErrorShape(answer: LightMyRequestResponse): boolean {
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return false;
  try {
    const { error } = answer.json();
    return typeof error?.code === 'string' && typeof error?.message === 'string';
  } catch {
    return false;
  }
}

/**
 * Sends the matrix's requests for one test file's database and collects every answer that breaks
 * an expectation. Around each request it compares the write snapshot: a refused request must not
 * have written anything.
 */
export class RouteMatrix {
  readonly failures: MatrixFailure[] = [];
  requests = 0;
  private snapshot: WriteSnapshot | null = null;
  private readonly examples = new Map<string, MatrixRequest>();
  private readonly ownSessions = new Map<string, string>();

  constructor(
    readonly world: MatrixWorld,
    readonly routes: readonly ServerRoute[],
    private readonly takeSnapshot: () => Promise<WriteSnapshot>,
  ) {}

  /** The failures collected so far, handed over once: each test reports its own. */
  takeFailures(): MatrixFailure[] {
    return this.failures.splice(0);
  }

  entry(route: ServerRoute): { key: string; entry: MatrixEntry } {
    const key = entryKeyOf(route, this.routes);
    const entry = MATRIX[key];
    if (!entry) throw new Error(`${route.key} has no entry in the route matrix (test/server/route-matrix/routes.ts)`);
    return { key, entry };
  }

  /** The route's example, built once and again after the route accepted a request. */
  private async example(route: ServerRoute): Promise<MatrixRequest> {
    const { key, entry } = this.entry(route);
    let example = this.examples.get(key);
    if (!example) {
      const built = await entry.example(this.world);
      example = {
        method: route.method,
        route: route.url,
        params: built.params ?? {},
        query: built.query ?? {},
        body: built.body,
      };
      this.examples.set(key, example);
      // Building it may have written (a new load), so the next request compares against a new snapshot.
      this.snapshot = null;
    }
    return { ...example, method: route.method };
  }

  private async caller(route: ServerRoute): Promise<{ who: string; cookie: string | undefined }> {
    const { key, entry } = this.entry(route);
    const user = entry.caller ?? 'admin';
    if (user === 'anonymous') return { who: 'anonymous', cookie: undefined };
    if (!entry.ownSession) return { who: user, cookie: this.world.cookies[user] };
    let cookie = this.ownSessions.get(key);
    if (!cookie) {
      cookie = await this.world.newSession(user);
      this.ownSessions.set(key, cookie);
      this.snapshot = null;
    }
    return { who: `${user} (a session of its own)`, cookie };
  }

  private async send(
    route: ServerRoute,
    check: string,
    request: MatrixRequest,
    sender: { who: string; cookie: string | undefined },
    expectation: Expectation,
  ): Promise<LightMyRequestResponse> {
    const key = entryKeyOf(route, this.routes);
    const before = this.snapshot ?? (await this.takeSnapshot());
    const answer = await this.world.test.app.inject(injectOptions(request, sender.cookie));
    this.requests += 1;
    const after = await this.takeSnapshot();
    this.snapshot = after;
    const report = (problem: string, written?: string[]) =>
      this.failures.push({
        check: `${check}: ${problem}`,
        request: describeRequest(request, sender.who),
        answer: describeAnswer(answer.statusCode, answer.body),
        ...(written && { written }),
      });
    if (!expectation.accepts(answer.statusCode)) report(expectation.describe);
    if (answer.statusCode >= 400) {
      const written = writtenBetween(before, after, MATRIX[key]?.refusalWrites);
      if (written.length) report('refused, yet it wrote', written);
      if (request.method !== 'HEAD' && !isErrorShape(answer)) report('a refusal without the { error: { code, message } } JSON');
    } else if (answer.statusCode < 300 && !READ_ONLY_METHODS.has(request.method)) {
      this.examples.delete(key);
    }
    return answer;
  }

  /** The example with a body no schema accepts: it reaches validation only if the guard let it through. */
  private async invalidExample(route: ServerRoute): Promise<MatrixRequest> {
    const example = await this.example(route);
    return route.schema.body && !READ_ONLY_METHODS.has(route.method) ? { ...example, body: 'not a valid body' } : example;
  }

  /** Anonymous callers (no cookie, or an unknown session) get 401 before validation, unless the route is public. */
  async checkAnonymous(route: ServerRoute) {
    if (this.entry(route).entry.access === 'public') return;
    const anonymous = { who: 'anonymous', cookie: undefined };
    await this.send(route, 'anonymous', await this.example(route), anonymous, answered(401));
    await this.send(route, 'anonymous, invalid body', await this.invalidExample(route), anonymous, answered(401));
    await this.send(
      route,
      'unknown session',
      await this.example(route),
      { who: 'an unknown session', cookie: UNKNOWN_SESSION },
      answered(401),
    );
  }

  /**
   * Each demo user: the route's rule, decided by core/domain/access.ts with the user's permissions
   * and company, refuses (403 to the valid example) or lets the request through (an invalid body
   * then answers neither 401 nor 403).
   */
  async checkRoles(route: ServerRoute) {
    const { access } = this.entry(route).entry;
    if (access === 'public') return;
    for (const user of DEMO_USERS) {
      const sender = { who: user, cookie: this.world.cookies[user] };
      if (decidePageAccess(this.world.subjects[user], access) === 'granted') {
        await this.send(route, `${user} may`, await this.invalidExample(route), sender, NOT_DENIED);
      } else {
        await this.send(route, `${user} may not`, await this.example(route), sender, answered(403));
      }
    }
  }

  /**
   * Another organization's ids where the route expects the caller's own: 404 or 400 (2xx for ids
   * that only narrow a read), nothing written, and the same answer as an id that does not exist,
   * so nothing tells the caller the id is someone else's.
   */
  async checkForeignIds(route: ServerRoute) {
    const { key, entry } = this.entry(route);
    // A HEAD twin runs its GET's handler: the GET's own check covers it.
    if (key !== route.key || !Array.isArray(entry.foreignIds)) return;
    const foreignIds: readonly ForeignId[] = entry.foreignIds;
    for (const variant of foreignIds) {
      const sender = await this.caller(route);
      const label = `another organization's ${variant.kind} at ${variant.at}${variant.besideOwn ? ', beside own ones' : ''}`;
      const foreignRequest = withForeignId(await this.example(route), variant, this.world.foreign[variant.kind]);
      const foreign = await this.send(
        route,
        label,
        foreignRequest,
        sender,
        variant.narrowsOnly ? SUCCESSFUL : answered(400, 404),
      );
      const absentRequest = withForeignId(await this.example(route), variant, ABSENT_ID);
      const absent = await this.send(route, `${label}, as an id that does not exist`, absentRequest, sender, NOT_SERVER_ERROR);
      if (answerKind(foreign) !== answerKind(absent)) {
        this.failures.push({
          check: `${label}: answered unlike an id that does not exist (${describeAnswer(absent.statusCode, absent.body)})`,
          request: describeRequest(foreignRequest, sender.who),
          answer: describeAnswer(foreign.statusCode, foreign.body),
        });
      }
    }
  }

  /** Unknown paths answer 404 with the JSON error, signed in or not, and write nothing. */
  async checkUnknownPaths() {
    const unknown: ServerRoute = { key: 'unknown API path', method: 'GET', url: '', schema: {} };
    for (const { method, url } of UNKNOWN_API_REQUESTS) {
      const request = { method, route: url, params: {}, query: {} };
      await this.send(unknown, 'an unknown path', request, { who: 'anonymous', cookie: undefined }, answered(404));
      await this.send(unknown, 'an unknown path', request, { who: 'admin', cookie: this.world.cookies.admin }, answered(404));
    }
  }

  /** The example answers 2xx; then every mutation the route's schemas give answers 2xx or 4xx, never 5xx. */
  async fuzz(route: ServerRoute) {
    const sender = await this.caller(route);
    const example = await this.example(route);
    await this.send(route, 'the example', example, sender, SUCCESSFUL);
    for (const mutation of routeMutations(route.url, route.schema, example)) {
      const request = mutation.apply(await this.example(route));
      await this.send(route, `fuzz ${mutation.label}`, request, sender, mutation.mustRefuse ? REFUSED : NOT_SERVER_ERROR);
    }
  }
}

/** Paths under /api that match no route (a method a route lacks, a segment too many, characters a URL may carry). */
const UNKNOWN_API_REQUESTS: readonly { method: string; url: string }[] = [
  { method: 'GET', url: '/api/route-matrix-unknown' },
  { method: 'POST', url: '/api/self' },
  { method: 'PATCH', url: '/api/orders/1' },
  { method: 'GET', url: '/api/orders/1/tripevents/2' },
  { method: 'GET', url: '/api/%00' },
];

/** The example with another organization's id at the variant's place (or added to the list there). */
export function withForeignId(example: MatrixRequest, variant: ForeignId, id: number): MatrixRequest {
  const [part, ...path] = parsePath(variant.at);
  const container = part === 'params' ? example.params : part === 'query' ? example.query : example.body;
  const current = getAt(container, path);
  const value = !variant.besideOwn
    ? part === 'body'
      ? id
      : `${id}`
    : Array.isArray(current)
      ? [...current, id]
      : `${current},${id}`;
  const changed = setAt(container, path, value);
  if (part === 'params') return { ...example, params: changed as MatrixRequest['params'] };
  if (part === 'query') return { ...example, query: changed as MatrixRequest['query'] };
  return { ...example, body: changed };
}

/** Splits the routes to fuzz into `count` parts of about equal numbers of requests; HEAD twins are fuzzed as their GET. */
export function fuzzPart(routes: readonly ServerRoute[], part: number, count: number): ServerRoute[] {
  const fuzzed = routes.filter((route) => entryKeyOf(route, routes) === route.key);
  const empty = { method: '', route: '', params: {}, query: {} };
  const weighed = fuzzed
    .map((route) => ({ route, weight: routeMutations(route.url, route.schema, { ...empty, route: route.url }).length + 1 }))
    .sort((a, b) => b.weight - a.weight || a.route.key.localeCompare(b.route.key));
  const parts = Array.from({ length: count }, () => ({ weight: 0, routes: [] as ServerRoute[] }));
  for (const { route, weight } of weighed) {
    const lightest = parts.reduce((best, candidate) => (candidate.weight < best.weight ? candidate : best));
    lightest.weight += weight;
    lightest.routes.push(route);
  }
  return parts[part]?.routes ?? [];
}
