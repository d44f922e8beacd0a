import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n, type TFunction } from 'i18next';
import type { ExportSettings } from '#core/contract/exports';
import { LANGUAGES, type Language } from '#core/domain/locale';
import {
  DISTANCE_DECIMALS,
  distanceUnitLabel,
  gramsToDisplayWeight,
  metersToDistanceUnit,
  roundDistance,
  WEIGHT_UNIT_ABBREVIATIONS,
  weightPrecision,
} from '#core/domain/units';
import type { ExportLoad, ExportStop } from './export-data.ts';

/** The same files the web app bundles (namespace `exports`), read once on first use. */
const LOCALES_DIR = path.resolve(import.meta.dirname, '../../../locales');
let translations: i18n | null = null;

function exportTranslations(): i18n {
  if (translations) return translations;
  const resources = Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      { exports: JSON.parse(readFileSync(path.join(LOCALES_DIR, language, 'exports.json'), 'utf8')) },
    ]),
  );
  const instance = createInstance();
  // Synchronous init (resources are in memory); values go into CSV and PDF text, never HTML: no escaping.
  void instance.init({
    resources,
    ns: ['exports'],
    defaultNS: 'exports',
    fallbackLng: 'en-US',
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  translations = instance;
  return instance;
}

export function exportTranslator(language: Language): TFunction {
  return exportTranslations().getFixedT(language, 'exports');
}

/**
 * Wall-clock fields of instants in a zone. Intl is slow per call (10,000 loads format ~60,000
 * instants), so the zone's UTC offset is asked once per UTC hour and the fields are computed from it:
 * offsets of the supported zones only change on a whole UTC hour.
 */
const HOUR_MS = 3_600_000;
const zones = new Map<string, { format: Intl.DateTimeFormat; offsets: Map<number, number> }>();

function zoneOffsetMs(hourStart: number, zone: string): number {
  let cache = zones.get(zone);
  if (!cache) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    cache = { format, offsets: new Map() };
    zones.set(zone, cache);
  }
  const known = cache.offsets.get(hourStart);
  if (known !== undefined) return known;
  const parts: Record<string, number> = {};
  for (const part of cache.format.formatToParts(hourStart)) parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year ?? 0, (parts.month ?? 1) - 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0);
  // A long-running server sees ever new hours: keep the cache bounded.
  if (cache.offsets.size > 50_000) cache.offsets.clear();
  cache.offsets.set(hourStart, wall - hourStart);
  return wall - hourStart;
}

/** The instant shifted so its UTC fields read as the wall clock in `zone`. */
function wallClockDate(at: Date, zone: string): Date {
  const ms = at.getTime();
  return new Date(ms + zoneOffsetMs(Math.floor(ms / HOUR_MS) * HOUR_MS, zone));
}

const pad = (value: number) => String(value).padStart(2, '0');

/** "YYYY-MM-DD" in the zone: sortable, and every spreadsheet reads it as a date. */
export function isoDate(at: Date, zone: string): string {
  const wall = wallClockDate(at, zone);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** "YYYY-MM-DD HH:mm" (24 h) in the zone. */
export function isoWallClock(at: Date | null, zone: string): string {
  if (!at) return '';
  const wall = wallClockDate(at, zone);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** What each export prints the same way: translated labels and values in the user's units. */
export interface ExportFormat {
  settings: ExportSettings;
  t: TFunction;
  weightUnit: string;
  distanceUnit: string;
  loadStatus: (status: ExportLoad['status']) => string;
  stopStatus: (status: ExportStop['status']) => string;
  stopType: (type: ExportStop['type']) => string;
  /** Grams in the user's weight unit, rounded to its precision (spec 1 §9), as a number. */
  weight: (grams: number | null) => number | null;
  /** Metres in miles or kilometres, to 1 decimal. */
  distance: (meters: number | null) => number | null;
}

/**
 * A value's label under `prefix`, looked up once per value: i18next's t() costs ~10 µs a call, too
 * much ×30,000 rows. Keys cannot hold spaces: "In Transit" → InTransit, "Not Started" → NotStarted.
 */
function labels(t: TFunction, prefix: string): (value: string) => string {
  const known = new Map<string, string>();
  return (value) => {
    let label = known.get(value);
    if (label === undefined) {
      label = t(`${prefix}.${value.replaceAll(' ', '')}`);
      known.set(value, label);
    }
    return label;
  };
}

export function exportFormat(settings: ExportSettings): ExportFormat {
  const t = exportTranslator(settings.language);
  return {
    settings,
    t,
    weightUnit: WEIGHT_UNIT_ABBREVIATIONS[settings.unitsWeight],
    distanceUnit: distanceUnitLabel(settings.units),
    loadStatus: labels(t, 'loadStatus'),
    stopStatus: labels(t, 'stopStatus'),
    stopType: labels(t, 'stopType'),
    weight: (grams) => (grams === null ? null : gramsToDisplayWeight(grams, settings.unitsWeight)),
    distance: (meters) => (meters === null ? null : roundDistance(metersToDistanceUnit(meters, settings.units))),
  };
}

/** Fixed decimals for a machine-readable column: "12.50" for tons, "27600" for pounds. */
export function plainWeight(format: ExportFormat, grams: number | null): string {
  const value = format.weight(grams);
  return value === null ? '' : value.toFixed(weightPrecision(format.settings.unitsWeight));
}

export function plainDistance(format: ExportFormat, meters: number | null): string {
  const value = format.distance(meters);
  return value === null ? '' : value.toFixed(DISTANCE_DECIMALS);
}
