/** Display languages and timezones the product supports (spec 1 §1). */
export const LANGUAGES = ['en-US', 'es-MX', 'nl-NL', 'fr-CA'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export const TIMEZONES = [
  'America/Chicago',
  'America/New_York',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Mexico_City',
  'America/Monterrey',
  'America/Tijuana',
  'America/Toronto',
  'America/Winnipeg',
  'America/Edmonton',
  'America/Vancouver',
  'America/Halifax',
  'Europe/Amsterdam',
  'Europe/Brussels',
  'UTC',
] as const;
export type Timezone = (typeof TIMEZONES)[number];
export const DEFAULT_TIMEZONE: Timezone = 'America/Chicago';

/** The browser's zone when we support it, else America/Chicago (spec 1 §1). */
export function defaultTimezoneFor(browserZone: string | undefined): Timezone {
  return (TIMEZONES as readonly string[]).includes(browserZone ?? '') ? (browserZone as Timezone) : DEFAULT_TIMEZONE;
}

/** Picks the closest supported language for a browser language tag ("es" → es-MX). */
export function supportedLanguageFor(tag: string | undefined): Language {
  if (!tag) return DEFAULT_LANGUAGE;
  const exact = LANGUAGES.find((language) => language.toLowerCase() === tag.toLowerCase());
  if (exact) return exact;
  const base = tag.split('-')[0]?.toLowerCase();
  return LANGUAGES.find((language) => language.startsWith(`${base}-`)) ?? DEFAULT_LANGUAGE;
}
