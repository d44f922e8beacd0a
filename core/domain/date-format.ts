/**
 * The one way the product writes dates and times for people (the CSV keeps sortable
 * "YYYY-MM-DD HH:mm" for spreadsheets): the user's language and time zone, Intl's medium date and
 * short time ("Nov 30, 2026, 7:00 AM", "30 nov. 2026, 07 h 00"). Formatters are built once per
 * language and zone: tables format thousands of instants.
 */
export interface DateTimeFormat {
  /** "Nov 30, 2026, 7:00 AM". */
  dateTime(at: Date | number | string): string;
  /** "Nov 30, 2026". */
  date(at: Date | number | string): string;
  /** "7:00 AM". */
  time(at: Date | number | string): string;
  /** "Mon 7:00 AM": a time in a week's table, whose navigator names the week. */
  weekdayTime(at: Date | number | string): string;
  /** A calendar day "YYYY-MM-DD" (no zone: a day is a day) as "Nov 30, 2026". */
  calendarDate(day: string): string;
}

const cache = new Map<string, DateTimeFormat>();

const instant = (at: Date | number | string) => (typeof at === 'string' ? Date.parse(at) : at);

export function dateTimeFormat(language: string, timezone: string): DateTimeFormat {
  const key = `${language}|${timezone}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone });
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: timezone });
  const time = new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: timezone });
  const weekdayTime = new Intl.DateTimeFormat(language, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timezone,
  });
  const calendar = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
  const format: DateTimeFormat = {
    dateTime: (at) => dateTime.format(instant(at)),
    date: (at) => date.format(instant(at)),
    time: (at) => time.format(instant(at)),
    weekdayTime: (at) => weekdayTime.format(instant(at)),
    calendarDate: (day) => calendar.format(Date.parse(`${day}T00:00:00Z`)),
  };
  cache.set(key, format);
  return format;
}

/**
 * A time zone as people read it: Intl's long generic name and the zone's city,
 * "Central Time (Chicago)", "heure du Centre (Chicago)"; UTC alone.
 */
export function timezoneName(zone: string, language: string): string {
  const generic = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: zone === 'UTC' ? 'long' : 'longGeneric' })
    .formatToParts(0)
    .find((part) => part.type === 'timeZoneName')?.value;
  const city = zone.includes('/') ? zone.slice(zone.lastIndexOf('/') + 1).replaceAll('_', ' ') : null;
  if (!generic) return zone;
  return city && !generic.includes(city) ? `${generic} (${city})` : generic;
}

/** Options of a time-zone select: the id as value, the readable name as label. */
export function timezoneOptions(zones: readonly string[], language: string): { value: string; label: string }[] {
  return zones.map((zone) => ({ value: zone, label: timezoneName(zone, language) }));
}

/** The instant with its seconds dropped: times are entered and shown to the minute. */
export function toMinute(at: Date | string): string {
  const date = new Date(at);
  date.setUTCSeconds(0, 0);
  return date.toISOString();
}
