import { type DevicePositionInput, devicePositionInputSchema, POSITION_FUTURE_SKEW_MS } from '#core/contract/device-positions';

/**
 * The OsmAnd HTTP protocol as the Traccar Client apps speak it (shared/TRACKING-NOTES.md §1): one
 * position per request, in the URL query (Android ≤ 7.9, iOS ≤ 7.2), a form body (10.x) or a JSON
 * body (9.x). Read as Traccar's own server reads it: JSON when the Content-Type says so, else the
 * query when the URL has one, else the body as a form.
 */

/** Knots to metres per second: the query and form forms send knots, the JSON form m/s. */
const METRES_PER_SECOND_PER_KNOT = 1852 / 3600;
/** Traccar reads an integer timestamp below this as Unix seconds, above as milliseconds. */
const LARGEST_SECONDS_TIMESTAMP = 2_147_483_647;

type Parameters = Record<string, string | string[] | undefined>;

export interface OsmandReport {
  /** The device identifier the app was set up with (`id`/`deviceid`, or `device_id` in JSON); null when absent. */
  clientId: string | null;
  /** The fix to store, or null: no coordinates (a heartbeat, a push-token registration) or invalid values. */
  fix: DevicePositionInput | null;
  /** Why a request with coordinates yields no fix, for the log. */
  invalid?: string;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

function numberOf(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

/** Seconds, milliseconds, ISO 8601, or `yyyy-MM-dd HH:mm:ss` (read as UTC: our servers run in UTC). */
export function osmandTimestamp(value: string | undefined, receivedAt: Date): string | null {
  if (value === undefined) return receivedAt.toISOString();
  let ms: number;
  if (/^\d+$/.test(value)) {
    const number = Number(value);
    ms = number < LARGEST_SECONDS_TIMESTAMP ? number * 1000 : number;
  } else {
    ms = Date.parse(value.includes('T') ? value : `${value.replace(' ', 'T')}Z`);
  }
  // Beyond what a Date holds (±8.64e15 ms) there is no time to store: invalid, not an error.
  const time = new Date(ms);
  return Number.isNaN(time.getTime()) ? null : time.toISOString();
}

/** −1 (and any negative) means "unknown" in the apps' JSON; heading 360 is north as well. */
const unknownIfNegative = (value: number | undefined) => (value === undefined || value < 0 ? null : value);

function validated(clientId: string, candidate: Record<string, unknown>, receivedAt: Date): OsmandReport {
  const parsed = devicePositionInputSchema.safeParse({ clientId, ...candidate });
  if (!parsed.success) {
    return {
      clientId,
      fix: null,
      invalid: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    };
  }
  if (Date.parse(parsed.data.timestamp) > receivedAt.getTime() + POSITION_FUTURE_SKEW_MS) {
    return { clientId, fix: null, invalid: `timestamp ${parsed.data.timestamp} is in the future` };
  }
  return { clientId, fix: parsed.data };
}

function fromParameters(parameters: Parameters, receivedAt: Date): OsmandReport {
  const clientId = first(parameters.id) ?? first(parameters.deviceid) ?? null;
  if (!clientId) return { clientId: null, fix: null };
  let latitude = numberOf(first(parameters.lat));
  let longitude = numberOf(first(parameters.lon));
  const location = first(parameters.location);
  if (latitude === undefined && longitude === undefined && location) {
    const [lat, lon] = location.split(',');
    latitude = numberOf(lat);
    longitude = numberOf(lon);
  }
  if (latitude === undefined && longitude === undefined) return { clientId, fix: null };
  const timestamp = osmandTimestamp(first(parameters.timestamp), receivedAt);
  const knots = numberOf(first(parameters.speed));
  return validated(
    clientId,
    {
      latitude,
      longitude,
      heading: numberOf(first(parameters.bearing) ?? first(parameters.heading)) ?? null,
      speed: knots === undefined ? null : knots * METRES_PER_SECOND_PER_KNOT,
      accuracy: numberOf(first(parameters.accuracy)) ?? null,
      timestamp: timestamp ?? first(parameters.timestamp),
    },
    receivedAt,
  );
}

const objectOr = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function fromJson(body: unknown, receivedAt: Date): OsmandReport {
  const root = objectOr(body);
  const clientId = typeof root.device_id === 'string' || typeof root.device_id === 'number' ? String(root.device_id).trim() : '';
  if (!clientId) {
    // The 9.x apps also put `&id=…&lat=…&lon=…&timestamp=…&` in a field "_" (for servers reading a form).
    if (typeof root._ === 'string') return fromParameters(Object.fromEntries(new URLSearchParams(root._)), receivedAt);
    return { clientId: null, fix: null };
  }
  const location = objectOr(root.location);
  const coords = objectOr(location.coords);
  if (coords.latitude === undefined && coords.longitude === undefined) return { clientId, fix: null };
  const timestamp = typeof location.timestamp === 'string' ? osmandTimestamp(location.timestamp, receivedAt) : null;
  return validated(
    clientId,
    {
      latitude: numberOf(coords.latitude),
      longitude: numberOf(coords.longitude),
      heading: unknownIfNegative(numberOf(coords.heading)),
      speed: unknownIfNegative(numberOf(coords.speed)),
      accuracy: unknownIfNegative(numberOf(coords.accuracy)),
      timestamp: timestamp ?? location.timestamp,
    },
    receivedAt,
  );
}

/** Reads one OsmAnd request: JSON when the Content-Type says so, else the query if any, else the body as a form. */
export function readOsmandRequest(
  request: { query: Parameters; body: unknown; contentType: string | undefined },
  receivedAt = new Date(),
): OsmandReport {
  if (request.contentType?.toLowerCase().startsWith('application/json')) return fromJson(request.body, receivedAt);
  if (Object.keys(request.query).length) return fromParameters(request.query, receivedAt);
  const form = typeof request.body === 'string' ? request.body : '';
  const parameters: Parameters = {};
  for (const [key, value] of new URLSearchParams(form)) parameters[key] ??= value;
  return fromParameters(parameters, receivedAt);
}
