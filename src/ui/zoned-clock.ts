/**
 * Wall-clock texts ("YYYY-MM-DD", "YYYY-MM-DD HH:mm") of instants in one time zone, fast enough to
 * run over a week of 10,000 loads at once. Asking Intl (or dayjs.tz, which asks Intl) per instant
 * costs microseconds each; the zone's UTC offset is instead looked up once per 15-minute slice and
 * the rest is arithmetic. Offsets of every real zone change on a 15-minute UTC boundary, so one
 * lookup per slice is exact.
 */
const SLICE_MS = 15 * 60_000;

export interface ZonedClock {
  /** "YYYY-MM-DD" in the zone. */
  date(ms: number): string;
  /** "YYYY-MM-DD HH:mm" in the zone. */
  dateTime(ms: number): string;
}

const DAY_MS = 86_400_000;

const two = (value: number) => (value < 10 ? `0${value}` : String(value));

const MINUTES_OF_DAY = Array.from({ length: 1440 }, (_, minute) => `${two(Math.floor(minute / 60))}:${two(minute % 60)}`);

export function zonedClock(timezone: string): ZonedClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();

  const offsetAt = (ms: number) => {
    const slice = Math.floor(ms / SLICE_MS);
    let offset = offsets.get(slice);
    if (offset === undefined) {
      const start = slice * SLICE_MS;
      const parts: Record<string, number> = {};
      for (const part of format.formatToParts(new Date(start))) {
        if (part.type !== 'literal') parts[part.type] = Number(part.value);
      }
      const wallClock = Date.UTC(
        parts.year ?? 1970,
        (parts.month ?? 1) - 1,
        parts.day ?? 1,
        parts.hour ?? 0,
        parts.minute ?? 0,
        parts.second ?? 0,
      );
      offset = wallClock - start;
      offsets.set(slice, offset);
    }
    return offset;
  };

  // Texts are built from tables: one date text per local day, one "HH:mm" per minute of the day.
  const days = new Map<number, string>();
  const dayText = (day: number) => {
    let text = days.get(day);
    if (text === undefined) {
      const local = new Date(day * DAY_MS);
      text = `${local.getUTCFullYear()}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`;
      days.set(day, text);
    }
    return text;
  };

  return {
    date: (ms) => dayText(Math.floor((ms + offsetAt(ms)) / DAY_MS)),
    dateTime: (ms) => {
      const local = ms + offsetAt(ms);
      const day = Math.floor(local / DAY_MS);
      return `${dayText(day)} ${MINUTES_OF_DAY[Math.floor((local - day * DAY_MS) / 60_000)]}`;
    },
  };
}
