import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ProductionCardInput } from '#core/contract/production-cards';
import { queuesOffline, useDeleteMasterData, useQueueRecordChange, useSaveMasterData } from '#src/data/master-data.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { resolveRecordId } from '#src/data/sync/outbox.ts';
import { errorMessage } from '#src/features/administration/forms/use-record-form.ts';

/** A card's id as the board should hold it: the real one once its offline create was accepted. */
export const resolveCardId = (id: number) => resolveRecordId('productionCards', id);

/**
 * Creating and deleting cards (spec 3): sent at once when online, queued in the outbox offline (and
 * behind a create still queued), as the productionCards declaration allows; the success messages of spec 3.
 */
export function useCardWrites(organizationId: number) {
  const { t } = useTranslation('production-planning');
  const online = useOnlineStatus();
  const queueChange = useQueueRecordChange();
  const save = useSaveMasterData(organizationId, 'productionCards');
  const remove = useDeleteMasterData(organizationId, 'productionCards');

  const create = async (input: ProductionCardInput, label: string): Promise<boolean> => {
    if (!online && queuesOffline('productionCards', 'create')) {
      queueChange({ organizationId, store: 'productionCards', recordId: null, change: { kind: 'create', input }, label });
      notifications.show({ color: 'blue', message: t('messages.createQueued', { card: label }) });
      return true;
    }
    try {
      await save.mutateAsync({ id: null, input: input as never });
      notifications.show({ color: 'green', message: t('messages.created', { card: label }) });
      return true;
    } catch (error) {
      notifications.show({ color: 'red', title: t('messages.notCreated'), message: errorMessage(error) });
      return false;
    }
  };

  const deleteCard = async (id: number, label: string) => {
    if ((!online || id < 0) && queuesOffline('productionCards', 'delete')) {
      queueChange({ organizationId, store: 'productionCards', recordId: id, change: { kind: 'delete' }, label });
      notifications.show({ color: 'blue', message: t('messages.deleteQueued', { card: label }) });
      return;
    }
    try {
      await remove.mutateAsync(id);
      notifications.show({ color: 'green', message: t('messages.deleted', { card: label }) });
    } catch (error) {
      notifications.show({ color: 'red', title: t('messages.notDeleted'), message: errorMessage(error) });
    }
  };

  return { create, deleteCard, creating: save.isPending };
}
