import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { inputFromOrder, usePlanningCommands } from '#src/data/loads.ts';

/** A draft as it was shown and as the planning action leaves it. */
export interface DraftChange {
  original: Order;
  changed: Order;
}

/**
 * Queues the drafts of a planning action (publish, cascade, stop windows, bulk schedule) as one
 * `PUT /api/orders` of all of them (spec 1 §7), where the server re-checks the planning rules and
 * stores all or nothing; they show at once and survive going offline. Answers how many were queued.
 */
export function useSaveDrafts() {
  const { t } = useTranslation('planning');
  const { saveDrafts } = usePlanningCommands();
  return async (changes: readonly DraftChange[], onProgress?: (saved: number) => void): Promise<number> => {
    saveDrafts(
      changes.map(({ original, changed }) => ({ order: original, input: inputFromOrder(changed) })),
      t('savedDraftsLabel', { count: changes.length }),
    );
    onProgress?.(changes.length);
    return changes.length;
  };
}
