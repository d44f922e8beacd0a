import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import type { ResourceDowntime } from '#core/domain/master-data/downtime';
import { type ConflictFinder, type ConflictResources, conflictFinder, type LoadConflict } from '#core/domain/planning/index';
import { weekContaining } from '#core/domain/weeks';
import { useLoads, useMirrorList } from '#src/data/loads.ts';
import { mirrorLoadsQuery } from '#src/data/sync/mirror-loads.ts';
import { mirrorDowntimeQuery } from '#src/data/master-data.ts';
import { useActionFormatting } from '../actions/use-action-formatting.ts';
import { loadLabel } from '../load-label.ts';

/** The company's drivers, tractors, trailers and downtimes from the mirror, as the conflict rule takes them (offline too). */
export function useConflictResources(): ConflictResources {
  const drivers = useMirrorList('drivers').data;
  const tractors = useMirrorList('tractors').data;
  const trailers = useMirrorList('trailers').data;
  const downtimes = useQuery(mirrorDowntimeQuery).data;
  return useMemo(
    () => ({
      drivers: drivers ?? [],
      tractors: tractors ?? [],
      trailers: trailers ?? [],
      downtimes: (downtimes ?? []) as ResourceDowntime[],
    }),
    [drivers, tractors, trailers, downtimes],
  );
}

const DAY_MS = 86_400_000;

/**
 * The loads and drafts of a week from the mirror (queued changes laid over), for comparing a load
 * with, and the loads of the day on each side of the week the mirror already holds: a load running
 * over the week's edge meets the loads beyond it (read as mirrored, without opening those weeks).
 */
export function useWeekLoadsAndDrafts(range: { startDate: string; endDate: string } | null): Order[] {
  const format = useActionFormatting();
  const organizationId = format.self?.activeOrganizationId ?? 0;
  const startDate = range?.startDate ?? '';
  const endDate = range?.endDate ?? '';
  // Without a week nothing is read: a drafts read of an empty range (drafts are always on the device),
  // never a week of loads to open in the mirror.
  const loads = useLoads({ startDate, endDate, isDraft: !range }, organizationId, format.timezone).data;
  const drafts = useLoads({ startDate, endDate, isDraft: true }, organizationId, format.timezone).data;
  const edges = useMemo(() => {
    if (!range) return null;
    const shifted = (iso: string, by: number) => new Date(Date.parse(iso) + by).toISOString();
    return {
      before: { startDate: shifted(startDate, -DAY_MS), endDate: shifted(startDate, -1), isDraft: false },
      after: { startDate: shifted(endDate, 1), endDate: shifted(endDate, DAY_MS), isDraft: false },
    };
  }, [range, startDate, endDate]);
  const before = useQuery({ ...mirrorLoadsQuery(edges?.before ?? EMPTY_RANGE), enabled: edges !== null }).data;
  const after = useQuery({ ...mirrorLoadsQuery(edges?.after ?? EMPTY_RANGE), enabled: edges !== null }).data;
  return useMemo(() => {
    const week = [...(loads ?? []), ...(drafts ?? [])];
    const inWeek = new Set(week.map((load) => load.id));
    const beyond = [...(before ?? []), ...(after ?? [])].filter((load) => !inWeek.has(load.id) && load.status !== 'Merged');
    return beyond.length ? [...week, ...beyond] : week;
  }, [loads, drafts, before, after]);
}

const EMPTY_RANGE = { startDate: '', endDate: '', isDraft: false };

/** The week of `date` in the user's zone as a range, or null without a date. */
export function useWeekOf(date: string | null | undefined) {
  const { timezone } = useActionFormatting();
  return useMemo(() => {
    if (!date) return null;
    const week = weekContaining(new Date(date), timezone);
    return { startDate: week.start.toISOString(), endDate: week.end.toISOString() };
  }, [date, timezone]);
}

/**
 * The conflict rule set up for the week of `date`: the week's loads and drafts and the company's
 * resources, indexed once; `labelOf` names another load of the week as the notes say it.
 */
export function useWeekConflictFinder(date: string | null | undefined): {
  finder: ConflictFinder;
  labelOf: (id: number) => string;
} {
  const others = useWeekLoadsAndDrafts(useWeekOf(date));
  const resources = useConflictResources();
  const finder = useMemo(() => conflictFinder(others, resources), [others, resources]);
  const labelOf = useLoadLabels(others);
  return { finder, labelOf };
}

/** How the notes name other loads: by their first order number, else their date (one function per list, for memoized rows). */
export function useLoadLabels(loads: readonly Order[]): (id: number) => string {
  const { language, timezone } = useActionFormatting();
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: timezone });
    const byId = new Map(loads.map((load) => [load.id, load]));
    return (id: number) => {
      const load = byId.get(id);
      return load ? loadLabel(load, (iso) => dateTime.format(new Date(iso))) : `#${id}`;
    };
  }, [loads, language, timezone]);
}

/** Each conflict, worded in the user's language with names, weights and other loads (one line each). */
export function useConflictText(): (conflict: LoadConflict, labelOf: (id: number) => string) => string {
  const { t } = useTranslation('load-actions');
  const format = useActionFormatting();
  const driverRows = useMirrorList('drivers').data;
  const tractorRows = useMirrorList('tractors').data;
  const trailerRows = useMirrorList('trailers').data;
  const cargoTypeRows = useMirrorList('cargoTypes').data;
  const names = useMemo(
    () => ({
      driver: new Map((driverRows ?? []).map((row) => [row.id, row.name])),
      tractor: new Map((tractorRows ?? []).map((row) => [row.id, row.userDisplayName])),
      trailer: new Map((trailerRows ?? []).map((row) => [row.id, row.userDisplayName])),
      cargo: new Map((cargoTypeRows ?? []).map((row) => [row.id, row.label])),
    }),
    [driverRows, tractorRows, trailerRows, cargoTypeRows],
  );
  return (conflict, labelOf) => {
    const name = names[conflict.resource].get(conflict.resourceId) ?? `#${conflict.resourceId}`;
    const cargo = (id: number) => names.cargo.get(id) ?? `#${id}`;
    switch (conflict.kind) {
      case 'overlap': {
        const loads = conflict.orderIds.map(labelOf).join(', ');
        if (conflict.resource === 'driver') return t('conflicts.overlapDriver', { name, loads, count: conflict.orderIds.length });
        if (conflict.resource === 'tractor')
          return t('conflicts.overlapTractor', { name, loads, count: conflict.orderIds.length });
        return t('conflicts.overlapTrailer', { name, loads, count: conflict.orderIds.length });
      }
      case 'downtime': {
        const what = conflict.descriptions.join(', ');
        if (conflict.resource === 'driver') return t('conflicts.downtimeDriver', { name, what });
        if (conflict.resource === 'tractor') return t('conflicts.downtimeTractor', { name, what });
        return t('conflicts.downtimeTrailer', { name, what });
      }
      case 'disabled':
        if (conflict.resource === 'driver') return t('conflicts.disabledDriver', { name });
        if (conflict.resource === 'tractor') return t('conflicts.disabledTractor', { name });
        return t('conflicts.disabledTrailer', { name });
      case 'cargoType':
        return t('conflicts.cargoType', {
          name,
          cargo: conflict.cargoTypeIds.map(cargo).join(', '),
          count: conflict.cargoTypeIds.length,
        });
      case 'overweight':
        return t('conflicts.overweight', {
          name,
          weight: format.formatWeight(conflict.weight),
          max: format.formatWeight(conflict.maxWeight),
        });
      case 'compartments':
        return t('conflicts.compartments', {
          name,
          cargo: cargo(conflict.cargoTypeId),
          count: conflict.compartments,
          stops: conflict.stops,
        });
    }
  };
}
