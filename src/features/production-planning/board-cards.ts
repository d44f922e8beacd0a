import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductionCard } from '#core/contract/production-cards';
import { dateTimeFormat } from '#core/domain/date-format';
import type { UnplacedReason } from '#core/domain/planning/distribution';
import { formatWeight, kilogramsToPounds } from '#core/domain/units';
import { isoDateInZone, weekContaining } from '#core/domain/weeks';
import { useMirrorList } from '#src/data/loads.ts';
import { useSyncStatus } from '#src/data/sync/use-sync-engine.ts';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { searchHaystack } from './board-state.ts';
import type { BoardCard } from './production-card-view.tsx';

/** The board's range of target days, `YYYY-MM-DD` both ends included. */
export interface DateRange {
  from: string;
  to: string;
}

/** The current week, Sunday to Saturday in the user's zone (spec 3: the board's default range). */
export function currentWeekDates(zone: string, now = new Date()): DateRange {
  const week = weekContaining(now, zone);
  return { from: isoDateInZone(week.start, zone), to: isoDateInZone(week.end, zone) };
}

/** Whether a card belongs on the board: not yet grouped, of the cargo type chosen, in the range. */
export function onBoard(card: ProductionCard, filter: { cargoTypeId: number | null; range: DateRange }): boolean {
  return (
    card.orderGroupGuid === null &&
    (filter.cargoTypeId === null || card.cargoTypeId === filter.cargoTypeId) &&
    card.targetDate >= filter.range.from &&
    card.targetDate <= filter.range.to
  );
}

/**
 * The board's cards from the mirror (offline too; cards created or deleted offline show with their
 * queued change), worded for the board: names of places and cargo, the amount in the user's unit.
 * Undefined (loading) until the mirror holds a finished sync: during a device's first sync its empty
 * tables would read as "no cards".
 */
export function useBoardCards(
  context: AdminContext,
  filter: { cargoTypeId: number | null; range: DateRange },
  unplaced: ReadonlyMap<number, UnplacedReason>,
) {
  const { t, i18n } = useTranslation('production-planning');
  const { mirrorComplete } = useSyncStatus();
  const rows = useMirrorList('productionCards').data;
  const locations = useMirrorList('locations').data;
  const cargoTypes = useMirrorList('cargoTypes').data;
  const { cargoTypeId, range } = filter;
  const worded = useMemo(() => {
    if (!mirrorComplete || !rows || !locations || !cargoTypes) return undefined;
    const placeNames = new Map(locations.map((location) => [location.id, location.name]));
    const cargoNames = new Map(cargoTypes.map((cargo) => [cargo.id, cargo.label]));
    const calendarDate = dateTimeFormat(i18n.language, 'UTC').calendarDate;
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    // The average weight is kept in kilograms per unit; imperial users read pounds.
    const imperial = context.self.contact.units === 'Imperial';
    const averageText = (kilograms: number) =>
      imperial ? `${number.format(kilogramsToPounds(kilograms))} lb` : `${number.format(kilograms)} kg`;
    return rows
      .filter((row) => onBoard(row, { cargoTypeId, range }))
      .sort((a, b) => a.targetDate.localeCompare(b.targetDate) || a.id - b.id)
      .map((row): BoardCard => {
        const origin = placeNames.get(row.stops[0]?.organizationLocationId ?? -1) ?? t('card.unknownPlace');
        const destination = placeNames.get(row.stops[1]?.organizationLocationId ?? -1) ?? t('card.unknownPlace');
        const cargo = cargoNames.get(row.cargoTypeId) ?? t('card.unknownCargo');
        const { weight, averageWeight } = row.metadata.cargo;
        const amount =
          row.quantity !== null
            ? t('card.quantity', { quantity: number.format(row.quantity), average: averageText(averageWeight ?? 0) })
            : formatWeight(weight ?? 0, context.weightUnit, i18n.language);
        const date = calendarDate(row.targetDate);
        const pendingChange = (row as { pendingChange?: string }).pendingChange;
        return {
          id: row.id,
          name: t('card.name', { origin, destination, date }),
          cargoTypeId: row.cargoTypeId,
          origin,
          destination,
          cargo,
          amount,
          lotId: row.lotId,
          orderNumber: row.orderNumber,
          productionPlan: row.productionPlan,
          date,
          searchHaystack: searchHaystack([
            origin,
            destination,
            cargo,
            amount,
            row.quantity === null ? null : String(row.quantity),
            row.productionPlan,
            row.lotId,
            row.orderNumber,
          ]),
          pending: pendingChange !== undefined,
          unplaced: null,
        };
      });
  }, [
    mirrorComplete,
    rows,
    locations,
    cargoTypes,
    cargoTypeId,
    range,
    context.weightUnit,
    context.self.contact.units,
    i18n.language,
    t,
  ]);
  // Apart from the wording: a preview marks a few cards, and every other card keeps its object (and its render).
  const cards = useMemo(
    () =>
      worded && unplaced.size > 0
        ? worded.map((card) => {
            const reason = unplaced.get(card.id);
            return reason ? { ...card, unplaced: reason } : card;
          })
        : worded,
    [worded, unplaced],
  );
  return { cards, loading: cards === undefined };
}
