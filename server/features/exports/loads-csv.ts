import { stringify } from 'csv-stringify/sync';
import type { ExportLoad, ExportStop } from './export-data.ts';
import { type ExportFormat, isoDate, isoWallClock, plainDistance, plainWeight } from './export-format.ts';

/**
 * The loads CSV: one row per stop, the load's columns repeated on each, so a spreadsheet filter or
 * pivot on any column (driver, location, cargo, day) keeps whole stops together; a load without
 * stops still gets one row. Dates and times are "YYYY-MM-DD" / "YYYY-MM-DD HH:mm" in the requested
 * zone, numbers have a dot decimal and no grouping (weights at their unit's precision), so they
 * stay numbers in any spreadsheet; only the headers and the status/type labels are translated.
 */

type Column = { header: (format: ExportFormat) => string } & (
  | { load: (load: ExportLoad, format: ExportFormat) => string | number }
  | { stop: (stop: ExportStop, format: ExportFormat) => string | number }
);

const COLUMNS: Column[] = [
  { header: ({ t }) => t('csv.columns.loadId'), load: (load) => load.id },
  { header: ({ t }) => t('csv.columns.loadDate'), load: (load, format) => isoDate(load.date, format.settings.timezone) },
  { header: ({ t }) => t('csv.columns.loadStatus'), load: (load, format) => format.loadStatus(load.status) },
  { header: ({ t }) => t('csv.columns.driver'), load: (load) => load.driverName ?? '' },
  { header: ({ t }) => t('csv.columns.tractor'), load: (load) => load.tractorName ?? '' },
  { header: ({ t }) => t('csv.columns.trailer'), load: (load) => load.trailerName ?? '' },
  { header: ({ t }) => t('csv.columns.sequence'), stop: (stop) => stop.sequence },
  { header: ({ t }) => t('csv.columns.stopType'), stop: (stop, format) => format.stopType(stop.type) },
  { header: ({ t }) => t('csv.columns.stopStatus'), stop: (stop, format) => format.stopStatus(stop.status) },
  { header: ({ t }) => t('csv.columns.location'), stop: (stop) => locationLabel(stop) },
  { header: ({ t }) => t('csv.columns.address'), stop: (stop) => stop.address ?? '' },
  { header: ({ t }) => t('csv.columns.orderNumber'), stop: (stop) => stop.orderNumber ?? '' },
  { header: ({ t }) => t('csv.columns.customerOrderNumber'), stop: (stop) => stop.customerOrderNumber ?? '' },
  { header: ({ t }) => t('csv.columns.customer'), stop: (stop) => stop.customerName ?? '' },
  { header: ({ t }) => t('csv.columns.cargo'), stop: (stop) => stop.cargo ?? '' },
  { header: ({ t }) => t('csv.columns.quantity'), stop: (stop) => stop.quantity ?? '' },
  {
    header: ({ t, weightUnit }) => t('csv.columns.weight', { unit: weightUnit }),
    stop: (stop, format) => plainWeight(format, stop.weightGrams),
  },
  { header: ({ t }) => t('csv.columns.actualQuantity'), stop: (stop) => stop.actualQuantity ?? '' },
  {
    header: ({ t, weightUnit }) => t('csv.columns.actualWeight', { unit: weightUnit }),
    stop: (stop, format) => plainWeight(format, stop.actualWeightGrams),
  },
  {
    header: ({ t, distanceUnit }) => t('csv.columns.distance', { unit: distanceUnit }),
    stop: (stop, format) => plainDistance(format, stop.distanceMeters),
  },
  {
    header: ({ t }) => t('csv.columns.arrival'),
    stop: (stop, format) => isoWallClock(stop.arrivalTime, format.settings.timezone),
  },
  {
    header: ({ t }) => t('csv.columns.completed'),
    stop: (stop, format) => isoWallClock(stop.completedAt, format.settings.timezone),
  },
  { header: ({ t }) => t('csv.columns.notes'), stop: (stop) => stop.notes ?? '' },
];

export function locationLabel(stop: ExportStop): string {
  if (!stop.locationName) return '';
  return stop.subLocationNames.length ? `${stop.locationName} (${stop.subLocationNames.join(', ')})` : stop.locationName;
}

export function loadsCsv(loads: ExportLoad[], format: ExportFormat): string {
  const rows: (string | number)[][] = [COLUMNS.map((column) => column.header(format))];
  for (const load of loads) {
    const stopsOrNone: (ExportStop | null)[] = load.stops.length ? load.stops : [null];
    for (const stop of stopsOrNone) {
      rows.push(
        COLUMNS.map((column) => {
          return 'load' in column ? column.load(load, format) : stop ? column.stop(stop, format) : '';
        }),
      );
    }
  }
  return stringify(rows, {
    // Excel only reads a CSV as UTF-8 (accents in names, translated headers) when it starts with a BOM.
    bom: true,
    record_delimiter: 'windows',
    // Typed text starting like a formula (=, +, -, @) would run as one in a spreadsheet (CSV
    // injection): the library prefixes an apostrophe, numbers excepted.
    escape_formulas: true,
  });
}
