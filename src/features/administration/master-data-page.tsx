import { notifications } from '@mantine/notifications';
import { Fragment, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { type DowntimeResourceType, IN_USE_RULE } from '#core/contract/master-data';
import { RESOURCE_KINDS, type ResourceKind } from '#core/resources/resource-list';
import { ApiError } from '#src/data/api-client.ts';
import { useMirrorList } from '#src/data/loads.ts';
import { useSyncStatus } from '#src/data/sync/use-sync-engine.ts';
import {
  type MasterDataCollection,
  type MasterDataRow,
  type PendingChange,
  queuesOffline,
  useDeleteMasterData,
  useQueueRecordChange,
} from '#src/data/master-data.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { errorMessage } from './forms/use-record-form.ts';
import { ResourceTable } from '#src/ui/resource-table.tsx';
import { MasterDataRowActions } from './master-data-row-actions.tsx';
import { NotificationCriteriaButton } from './notification-criteria.tsx';
import { type ResourceType, tableActionsFor } from './table-actions.ts';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import type { AdminContext } from './use-admin-context.ts';
import { useTablePageSize } from './use-table-page-size.ts';

// The downtime list brings the date pickers: loaded when first opened.
const DowntimeList = lazy(() => import('./downtime/downtime-list.tsx').then((module) => ({ default: module.DowntimeList })));

interface MasterDataPageProps<Collection extends MasterDataCollection> {
  context: AdminContext;
  collection: Collection;
  type: ResourceType;
  title: string;
  columns: ResourceColumn<MasterDataRow<Collection>>[];
  itemName: (row: MasterDataRow<Collection>) => string;
  /** The create (row null) or edit form; `close` ends it. */
  renderForm: (row: MasterDataRow<Collection> | null, close: () => void) => ReactNode;
  downtime?: DowntimeResourceType;
  /** Rows offering downtime (users: drivers only); all by default. */
  hasDowntime?: (row: MasterDataRow<Collection>) => boolean;
  /** Rows shown red with this reason (contacts nothing reaches). */
  warning?: (row: MasterDataRow<Collection>) => string | null;
  /** The contact preferences dialog of a row (users and contacts); `close` ends it. */
  renderContactPreferences?: (row: MasterDataRow<Collection>, close: () => void) => ReactNode;
  /** Words a refused delete that is not "in use" (the server's own reason by default). */
  describeError?: (error: unknown) => string;
}

/**
 * A list page of the administration area: the active company's rows from the mirror (so it shows
 * offline) in the resource table, with its create, edit, downtime and delete actions.
 */
export function MasterDataPage<Collection extends MasterDataCollection>(props: MasterDataPageProps<Collection>) {
  const { context, collection, type, itemName } = props;
  const { t } = useTranslation('administration');
  const { data } = useMirrorList(collection);
  // A carrier's mirror also holds the names of its clients' rows its loads show; the page lists its own.
  // Before the mirror's first pull has answered, an empty list means "not known yet", not "no records".
  const { lastSyncedAt, syncing } = useSyncStatus();
  const waitingForFirstPull = lastSyncedAt === null && syncing;
  const ownRows = useMemo(
    () =>
      waitingForFirstPull && !data?.length ? undefined : data?.filter((row) => row.organizationId === context.organizationId),
    [data, context.organizationId, waitingForFirstPull],
  );
  // The mirror list already shows the outbox's creates, edits and deletes as the user made them, marked.
  const rows = ownRows;
  const worksOffline = queuesOffline(collection, 'edit');
  const online = useOnlineStatus();
  const queueChange = useQueueRecordChange();
  const pendingText = (row: MasterDataRow<Collection> & { pendingChange?: PendingChange }) =>
    row.pendingChange === 'create'
      ? t('pending.create')
      : row.pendingChange === 'delete'
        ? t('pending.delete')
        : row.pendingChange === 'update'
          ? t('pending.update')
          : null;
  const ownsRecords =
    type === 'tractor'
      ? context.equipmentEditing.canEditTractors
      : type === 'trailer'
        ? context.equipmentEditing.canEditTrailers
        : true;
  const actions = tableActionsFor(type, context.self, ownsRecords);
  const remove = useDeleteMasterData(context.organizationId, collection);
  const [form, setForm] = useState<{ row: MasterDataRow<Collection> | null; key: number } | null>(null);
  const [downtimeOf, setDowntimeOf] = useState<MasterDataRow<Collection> | null>(null);
  const [preferencesOf, setPreferencesOf] = useState<MasterDataRow<Collection> | null>(null);
  const downtime = props.downtime;
  const pageSize = useTablePageSize(collection);
  const rowActions = {
    ...actions,
    downtime: actions.downtime && downtime !== undefined,
    contactPreferences: actions.contactPreferences && props.renderContactPreferences !== undefined,
  };
  return (
    <>
      <ResourceTable
        table={collection}
        title={props.title}
        rows={rows}
        columns={props.columns}
        labelNamespace="administration"
        actions={actions}
        itemName={itemName}
        {...pageSize}
        headerActions={<NotificationCriteriaButton />}
        onCreate={() => setForm({ row: null, key: Date.now() })}
        onEdit={(row) => setForm({ row, key: Date.now() })}
        rowActions={
          rowActions.downtime || rowActions.contactPreferences
            ? (row) => (
                <MasterDataRowActions
                  actions={rowActions}
                  name={itemName(row)}
                  table={collection}
                  onDowntime={(props.hasDowntime?.(row) ?? true) ? () => setDowntimeOf(row) : undefined}
                  onContactPreferences={() => setPreferencesOf(row)}
                />
              )
            : undefined
        }
        warning={props.warning}
        worksOffline={worksOffline}
        createsOffline={queuesOffline(collection, 'create')}
        pending={pendingText}
        onDelete={async (row) => {
          // A record created on this device is deleted behind its create, in the outbox, online too.
          if ((!online || row.id < 0) && queuesOffline(collection, 'delete')) {
            queueChange({
              organizationId: context.organizationId,
              store: collection,
              recordId: row.id,
              change: { kind: 'delete' },
              label: itemName(row),
            });
            notifications.show({ color: 'blue', message: t('toast.deleteQueued', { name: itemName(row) }) });
            return;
          }
          try {
            await remove.mutateAsync(row.id);
          } catch (error) {
            throw new Error(deleteRefusal(error, itemName(row), 'enabled' in row, t, props.describeError));
          }
          notifications.show({ color: 'green', message: t('toast.deleted', { name: itemName(row) }) });
        }}
      />
      {form && <Fragment key={form.key}>{props.renderForm(form.row, () => setForm(null))}</Fragment>}
      {preferencesOf && props.renderContactPreferences?.(preferencesOf, () => setPreferencesOf(null))}
      {downtime && downtimeOf && (
        <Suspense fallback={null}>
          <DowntimeList
            context={context}
            resourceType={downtime}
            resourceId={downtimeOf.id}
            resourceName={itemName(downtimeOf)}
            onClose={() => setDowntimeOf(null)}
          />
        </Suspense>
      )}
    </>
  );
}

const isDeclaredKind = (use: string): use is ResourceKind => (RESOURCE_KINDS as readonly string[]).includes(use);

/** The server's "in use" refusal (409, rule inUse, one issue per kind of use with its count) in the user's language. */
function deleteRefusal(
  error: unknown,
  name: string,
  canDisable: boolean,
  t: TFunction<'administration'>,
  describeError = errorMessage,
): string {
  if (!(error instanceof ApiError) || error.body?.rule !== IN_USE_RULE) return describeError(error);
  // One issue per kind of record naming it (`uses.order`), worded by kind (test/locales checks every kind has its text).
  const uses = (error.body.issues ?? []).flatMap((issue) => {
    const kind = issue.path.replace(/^uses\./, '');
    return isDeclaredKind(kind) ? [t(`inUse.kinds.${kind}`, { count: Number(issue.message) })] : [];
  });
  const message = t('inUse.message', { name, uses: uses.join(', ') });
  return canDisable ? `${message} ${t('inUse.disableInstead')}` : message;
}
