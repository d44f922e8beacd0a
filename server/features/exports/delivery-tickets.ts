import PDFDocument from 'pdfkit';
import { dateTimeFormat } from '#core/domain/date-format';
import type { Language } from '#core/domain/locale';
import { weightPrecision } from '#core/domain/units';
import { joinedIdentifiers } from '#core/domain/stop-identifiers';
import type { ExportLoad, ExportStop } from './export-data.ts';
import type { ExportFormat } from './export-format.ts';
import { locationLabel } from './loads-csv.ts';

/**
 * Delivery tickets (spec 1 §7): one page per load with its number, date, status, driver, tractor,
 * trailer and a table of its stops, in the user's language, time zone and units, and lines for the
 * driver's and the receiver's signatures. A load with more stops than a page holds continues on the
 * next page (pdfkit's table breaks the page) rather than dropping stops.
 */

const MARGIN = 40;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const GREY = '#555555';
const RULE = '#bbbbbb';

// The built-in PDF fonts encode WinAnsi (Latin-1 plus a few typographic signs): enough for the
// four languages, but anything else would print as garbage glyphs.
const WIN_ANSI_EXTRAS = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d,
  0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

function encodable(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code === 0x0a || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(code);
}

/**
 * Text the built-in fonts can draw: Unicode spaces (Intl puts U+202F in "1:00 PM" and in French
 * numbers) become plain spaces, other letters lose their accent if that makes them encodable
 * ("ł" stays "?", "ș" becomes "s"), anything else becomes "?".
 */
export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    if (encodable(char)) out += char;
    else if (/\s/u.test(char)) out += ' ';
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every(encodable) ? base : '?';
    }
  }
  return out;
}

/** Localized dates, times and numbers, formatters made once per document. */
function ticketFormatters(language: Language, timezone: string, format: ExportFormat) {
  const dates = dateTimeFormat(language, timezone);
  const shortDate = new Intl.DateTimeFormat(language, { timeZone: timezone, dateStyle: 'short' });
  const precision = weightPrecision(format.settings.unitsWeight);
  const weight = new Intl.NumberFormat(language, { minimumFractionDigits: precision, maximumFractionDigits: precision });
  const quantity = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const distance = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
  return {
    date: (at: Date) => dates.date(at),
    /** Date over time, so the narrow column stays two short lines. */
    instant: (at: Date | null) => (at ? `${shortDate.format(at)}\n${dates.time(at)}` : ''),
    stamp: (at: Date) => dates.dateTime(at),
    weight: (grams: number | null) => {
      const value = format.weight(grams);
      return value === null ? '' : weight.format(value);
    },
    quantity: (value: number | null) => (value === null ? '' : quantity.format(value)),
    distance: (meters: number | null) => {
      const value = format.distance(meters);
      return value === null ? null : `${distance.format(value)} ${format.distanceUnit}`;
    },
  };
}
type TicketFormatters = ReturnType<typeof ticketFormatters>;

function locationCell(stop: ExportStop, format: ExportFormat): string {
  const lines = [locationLabel(stop), stop.address ?? ''];
  if (stop.orderNumber) lines.push(format.t('ticket.orderNumber', { number: stop.orderNumber }));
  if (stop.notes) lines.push(format.t('ticket.notes', { notes: stop.notes }));
  return lines.filter(Boolean).join('\n');
}

function drawTicket(doc: PDFKit.PDFDocument, load: ExportLoad, format: ExportFormat, fmt: TicketFormatters, printedAt: Date) {
  const { t } = format;
  // Users know a load by its order numbers, as the loads table lists them; the internal id means nothing to them.
  const orderNumbers = joinedIdentifiers(load.stops.map((stop) => stop.orderNumber));
  const heading = orderNumbers ? t('ticket.orderNumber', { number: orderNumbers }) : t('ticket.noOrderNumber');
  doc.addPage();
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const top = MARGIN;

  doc
    .fillColor('black')
    .font(BOLD)
    .fontSize(18)
    .text(winAnsiText(t('ticket.title')), left, top, { width: width * 0.6 });
  doc
    .fillColor(GREY)
    .font(FONT)
    .fontSize(10)
    .text(winAnsiText(load.organizationName), left, top + 24, { width: width * 0.6 });
  doc
    .fillColor('black')
    .font(BOLD)
    .fontSize(16)
    .text(winAnsiText(heading), left + width * 0.4, top + 2, { width: width * 0.6, height: 20, ellipsis: true, align: 'right' });

  const none = t('ticket.none');
  const facts: [string, string][] = [
    [t('ticket.date'), fmt.date(load.date)],
    [t('ticket.status'), format.loadStatus(load.status)],
    [t('ticket.driver'), load.driverName ?? none],
    [t('ticket.tractor'), load.tractorName ?? none],
    [t('ticket.trailer'), load.trailerName ?? none],
  ];
  const distance = fmt.distance(load.distanceMeters);
  if (distance) facts.push([t('ticket.distance'), distance]);
  if (load.carrierName) facts.push([t('ticket.carrier'), load.carrierName]);
  const factsTop = top + 52;
  const half = width / 2;
  facts.forEach(([label, value], index) => {
    const x = left + (index % 2) * half;
    const y = factsTop + Math.floor(index / 2) * 16;
    doc
      .font(BOLD)
      .fontSize(10)
      .text(winAnsiText(`${label}:`), x, y, { width: 80, height: 14, ellipsis: true });
    doc.font(FONT).text(winAnsiText(value), x + 82, y, { width: half - 90, height: 14, ellipsis: true });
  });

  const tableTop = factsTop + Math.ceil(facts.length / 2) * 16 + 14;
  doc
    .font(BOLD)
    .fontSize(12)
    .text(winAnsiText(t('ticket.stops')), left, tableTop, { width });
  const header = (text: string) => ({
    text: winAnsiText(text),
    type: 'TH' as const,
    font: { src: BOLD },
    backgroundColor: '#eeeeee',
  });
  const columnTitles = [
    t('ticket.columns.sequence'),
    t('ticket.columns.type'),
    t('ticket.columns.location'),
    t('ticket.columns.cargo'),
    t('ticket.columns.quantity'),
    t('ticket.columns.weight', { unit: format.weightUnit }),
    t('ticket.columns.arrival'),
    t('ticket.columns.completed'),
  ];
  const right = { align: { x: 'right' as const, y: 'top' as const } };
  // A page the table (or the footer) spills onto names its load in the top margin, where the table never draws.
  const continued = winAnsiText(t('ticket.continued', { heading }));
  const markContinuation = () => {
    doc
      .save()
      .fillColor(GREY)
      .font(FONT)
      .fontSize(8)
      .text(continued, left, MARGIN / 2, { width, lineBreak: false })
      .restore();
    doc.font(FONT).fontSize(8).fillColor('black');
  };
  doc.on('pageAdded', markContinuation);
  doc.font(FONT).fontSize(8);
  doc.table({
    position: { x: left, y: tableTop + 18 },
    maxWidth: width,
    columnStyles: [20, 58, '*', 76, 46, 58, 54, 54],
    defaultStyle: { border: { bottom: 0.5 }, borderColor: RULE, padding: 3 },
    data: [
      columnTitles.map(header),
      ...load.stops.map((stop) => [
        String(stop.sequence),
        winAnsiText(format.stopType(stop.type)),
        winAnsiText(locationCell(stop, format)),
        winAnsiText(stop.cargo ?? ''),
        { text: winAnsiText(fmt.quantity(stop.quantity)), ...right },
        { text: winAnsiText(fmt.weight(stop.weightGrams)), ...right },
        winAnsiText(fmt.instant(stop.arrivalTime)),
        winAnsiText(fmt.instant(stop.completedAt)),
      ]),
    ],
  });

  // Signatures and the print stamp sit at the foot of the ticket's last page.
  const footerTop = doc.page.height - MARGIN - 56;
  if (doc.y > footerTop - 12) doc.addPage();
  doc.off('pageAdded', markContinuation);
  const lineWidth = Math.min(220, half - 20);
  doc.strokeColor('black').lineWidth(0.75);
  doc
    .moveTo(left, footerTop + 20)
    .lineTo(left + lineWidth, footerTop + 20)
    .stroke();
  doc
    .moveTo(left + width - lineWidth, footerTop + 20)
    .lineTo(left + width, footerTop + 20)
    .stroke();
  doc.fillColor('black').font(FONT).fontSize(9);
  doc.text(winAnsiText(t('ticket.driverSignature')), left, footerTop + 24, { width: lineWidth });
  doc.text(winAnsiText(t('ticket.receiverSignature')), left + width - lineWidth, footerTop + 24, { width: lineWidth });
  doc
    .fillColor(GREY)
    .fontSize(7)
    .text(
      winAnsiText(t('ticket.printed', { time: fmt.stamp(printedAt), timezone: format.settings.timezone })),
      left,
      footerTop + 44,
      { width, align: 'right' },
    );
}

/** The whole PDF in memory: a failure while drawing answers 500 instead of a truncated download. */
export function deliveryTicketsPdf(loads: ExportLoad[], format: ExportFormat, printedAt: Date): Promise<Buffer> {
  const { language, timezone } = format.settings;
  const doc = new PDFDocument({
    // Letter in the Americas, A4 in the Netherlands.
    size: language === 'nl-NL' ? 'A4' : 'LETTER',
    margin: MARGIN,
    autoFirstPage: false,
    lang: language,
    info: { Title: winAnsiText(format.t('ticket.documentTitle')), Author: winAnsiText(loads[0]?.organizationName ?? '') },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const fmt = ticketFormatters(language, timezone, format);
  for (const load of loads) drawTicket(doc, load, format, fmt, printedAt);
  doc.end();
  return finished;
}
