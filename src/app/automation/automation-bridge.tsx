import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Order } from '#core/contract/orders';
import { driverAssignmentFor } from '#core/domain/load-actions';
import { canMerge, mergeDrafts } from '#core/domain/planning/index';
import { inputFromOrder, type LoadChangeVariables, useLoadCommands, usePlanningCommands, useSaveLoad } from '#src/data/loads.ts';
import { localDatabase } from '#src/data/local-database.ts';
import { PERSISTED_CACHE_KEY } from '#src/data/query-persistence.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import { overlayQueued } from '#src/data/sync/load-overlay.ts';
import { type OutboxChange, OUTBOX_KEY, realIdOf } from '#src/data/sync/outbox.ts';
import { listRefusals } from '#src/data/sync/refusals.ts';
import { loadLabel } from '#src/features/loads/load-label.ts';
import type { AutomationLoad, DispatchAutomation } from './automation-contract.ts';

function queuedChanges(queryClient: QueryClient) {
  return queryClient
    .getMutationCache()
    .findAll({ mutationKey: OUTBOX_KEY, status: 'pending' })
    .map((mutation) => mutation.state.variables as OutboxChange)
    .filter((change): change is LoadChangeVariables => change.kind !== 'record');
}

/** The key of the change a button's call just queued: the one pending now that was not before. */
function queuedBy(queryClient: QueryClient, queue: () => void) {
  const before = new Set(queuedChanges(queryClient).map((change) => change.idempotencyKey));
  queue();
  return queuedChanges(queryClient).find((change) => !before.has(change.idempotencyKey))?.idempotencyKey ?? null;
}

function toAutomationLoad(load: Order): AutomationLoad {
  return {
    id: load.id,
    label: loadLabel(load, (iso) => iso),
    version: load.version,
    status: load.status,
    isDraft: load.isDraft,
    transportedByUserId: load.transportedByUserId,
    notes: [...load.stops].sort((a, b) => a.sequence - b.sequence)[0]?.notes ?? null,
  };
}

/**
 * Installed by the signed-in layout only when `localStorage['dispatch.automation']` is 'on' (its own
 * chunk otherwise never loads): the chaos harness queues changes through the same hooks the buttons
 * call, with inputs built from the loads as the table shows them.
 */
export default function AutomationBridge() {
  const queryClient = useQueryClient();
  const saveLoad = useSaveLoad();
  const sendCommand = useLoadCommands();
  const planning = usePlanningCommands();
  const organizationId = useQuery(selfQuery).data?.activeOrganizationId ?? 0;

  useEffect(() => {
    /** Each asked id's load as shown, in the order asked; a provisional id finds its load once created too. */
    const shown = async (ids: number[]) => {
      const rows = await localDatabase.orders.toArray();
      const byId = new Map(
        overlayQueued(rows, queuedChanges(queryClient), realIdOf, organizationId).map((load) => [load.id, load]),
      );
      return ids.flatMap((asked) => {
        const load = byId.get(asked < 0 ? (realIdOf(asked) ?? asked) : asked);
        return load && load.status !== 'Merged' ? [{ asked, load }] : [];
      });
    };
    const one = async (id: number) => (await shown([id]))[0]?.load;
    const bridge: DispatchAutomation = {
      loads: async (ids) => (await shown(ids)).map(({ asked, load }) => ({ ...toAutomationLoad(load), id: asked })),
      driverIds: async () =>
        (await localDatabase.drivers.toArray())
          .filter((driver) => driver.enabled && driver.organizationId === organizationId)
          .map((driver) => driver.id),
      appendNote: async (loadId, token) => {
        const load = await one(loadId);
        if (!load) return null;
        const input = inputFromOrder(load);
        const firstSequence = Math.min(...input.stops.map((stop) => stop.sequence));
        input.stops = input.stops.map((stop) =>
          stop.sequence === firstSequence ? { ...stop, notes: stop.notes ? `${stop.notes} ${token}` : token } : stop,
        );
        return queuedBy(queryClient, () => saveLoad(load, input, toAutomationLoad(load).label));
      },
      assignDriver: async (loadId, driverId) => {
        const load = await one(loadId);
        const drivers = await localDatabase.drivers.toArray();
        const driver = drivers.find((candidate) => candidate.id === driverId);
        if (!load || !driver) return null;
        const assignment = driverAssignmentFor(load, driver);
        return queuedBy(queryClient, () => sendCommand(load, { kind: 'assignDriver', assignment }, toAutomationLoad(load).label));
      },
      merge: async (loadIds) => {
        const drafts = (await shown(loadIds)).map(({ load }) => load);
        if (drafts.length !== loadIds.length || !canMerge(drafts).allowed) return null;
        const merged = mergeDrafts(drafts);
        let mergedId = 0;
        const key = queuedBy(queryClient, () => {
          mergedId = planning.merge(
            drafts,
            merged,
            loadLabel(merged, (iso) => iso),
          );
        });
        return key ? { key, mergedId } : null;
      },
      remove: async (loadId) => {
        const load = await one(loadId);
        if (!load) return null;
        return queuedBy(queryClient, () => sendCommand(load, { kind: 'delete' }, toAutomationLoad(load).label));
      },
      kept: async (keys) => {
        const saved = (await localDatabase.keyValue.get(PERSISTED_CACHE_KEY))?.value ?? '';
        const pending = new Set(queuedChanges(queryClient).map((change) => change.idempotencyKey));
        return keys.every((key) => !pending.has(key) || saved.includes(key));
      },
      queuedKeys: () => queuedChanges(queryClient).map((change) => change.idempotencyKey),
      refusals: async () =>
        (await listRefusals()).map(({ idempotencyKey, label, reason, conflict }) => ({
          idempotencyKey,
          label,
          reason,
          conflict,
        })),
      conflictLabels: async () => (await localDatabase.conflicts.toArray()).map((conflict) => conflict.label),
    };
    window.dispatchAutomation = bridge;
    return () => {
      if (window.dispatchAutomation === bridge) delete window.dispatchAutomation;
    };
  }, [queryClient, saveLoad, sendCommand, planning, organizationId]);
  return null;
}
