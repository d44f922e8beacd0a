import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '#src/data/api-client.ts';
import { errorReasonKey } from '#src/data/api-error.ts';
import {
  currentRowOf,
  type MasterDataCollection,
  type MasterDataRow,
  type MasterDataSave,
  queuesOffline,
  useQueueRecordChange,
  useSaveMasterData,
} from '#src/data/master-data.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { markCreated } from '#src/ui/just-created.ts';

interface RecordFormOptions<Collection extends MasterDataCollection, Values> {
  collection: Collection;
  organizationId: number;
  /** The row edited, or null for a new one. */
  row: MasterDataRow<Collection> | null;
  toValues: (row: MasterDataRow<Collection> | null) => Values;
  toInput: (values: Values) => MasterDataSave<Collection>['input'];
  nameOf: (row: MasterDataRow<Collection>) => string;
  /** After the save: the row as the server answered it, or nothing when the save was queued offline. */
  onSaved: (saved?: MasterDataRow<Collection>) => void | Promise<void>;
  /** Words the server's refusal; by default its own reason (errorMessage). */
  describeError?: (error: unknown) => string;
}

/**
 * A create or edit form of the administration pages: its values, whether they changed, and the
 * save, with the toasts naming the item. A stale edit (409) puts the stored values in the form and
 * says so, so the user sees what changed before saving again.
 */
export function useRecordForm<Collection extends MasterDataCollection, Values>(options: RecordFormOptions<Collection, Values>) {
  const { t } = useTranslation('administration');
  const [base, setBase] = useState(options.row);
  const [initial, setInitial] = useState(() => options.toValues(options.row));
  const [values, setValues] = useState(initial);
  const [conflict, setConflict] = useState(false);
  const mutation = useSaveMasterData(options.organizationId, options.collection);
  const queueChange = useQueueRecordChange();
  const online = useOnlineStatus();
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  // As the record type's declaration says: a new row, or an edit, waits in the outbox while offline.
  const worksOffline = queuesOffline(options.collection, base === null ? 'create' : 'edit');

  const save = async () => {
    const input = options.toInput(values);
    // A row created on this device (provisional id) is edited behind its create, in the outbox, online too.
    if ((!online || (base !== null && base.id < 0)) && worksOffline) {
      const name = options.nameOf(base ?? Object.assign({} as MasterDataRow<Collection>, input));
      const recordId = queueChange({
        organizationId: options.organizationId,
        store: options.collection,
        recordId: base?.id ?? null,
        change: base === null ? { kind: 'create', input } : { kind: 'update', version: base.version, input },
        label: name,
      });
      if (base === null) markCreated(options.collection, recordId);
      notifications.show({ color: 'blue', message: t('toast.queued', { name }) });
      options.onSaved();
      return;
    }
    const request = (
      base === null ? { id: null, input } : { id: base.id, version: base.version, input }
    ) as MasterDataSave<Collection>;
    try {
      const saved = await mutation.mutateAsync(request);
      // Its table brings the new record into view and marks it (page, search, scroll).
      if (base === null) markCreated(options.collection, saved.id);
      notifications.show({
        color: 'green',
        message: t(base === null ? 'toast.created' : 'toast.updated', { name: options.nameOf(saved) }),
      });
      await options.onSaved(saved);
    } catch (error) {
      const current =
        error instanceof ApiError && error.status === 409 ? currentRowOf(options.collection, error.body?.current) : null;
      if (current) {
        const currentValues = options.toValues(current);
        setBase(current);
        setInitial(currentValues);
        setValues(currentValues);
        setConflict(true);
        return;
      }
      notifications.show({ color: 'red', title: t('toast.notSaved'), message: (options.describeError ?? errorMessage)(error) });
    }
  };

  const isNew = base === null;
  const saving = mutation.isPending;
  return {
    /** The stored row the form edits: after a stale edit, the current one (its title names it). */
    row: base,
    values,
    setValues,
    dirty,
    conflict,
    saving,
    save,
    isNew,
    worksOffline,
    /** What every FormModal takes from the form, spread into it. */
    modal: { isNew, dirty, saving, worksOffline, conflict, onSave: save },
  };
}

/** Why the save failed, in the user's language, from the error's code (the server's own text is English). */
export function errorMessage(error: unknown): string {
  return i18next.t(errorReasonKey(error));
}
