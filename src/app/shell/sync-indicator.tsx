import { ActionIcon, Badge, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '#core/domain/date-format';
import { DEFAULT_TIMEZONE } from '#core/domain/locale';
import { dismissConflict, getMirroredLoad, useConflicts, useOutboxChanges, useSaveLoad } from '#src/data/loads.ts';
import { localDatabase } from '#src/data/local-database.ts';
import { enqueueChange, type OutboxChange } from '#src/data/sync/outbox.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import { dismissRefusal, REFUSALS_QUERY_KEY, useRefusals } from '#src/data/sync/refusals.ts';
import { useSyncStatus } from '#src/data/sync/use-sync-engine.ts';
import { useQueueDrainNotice } from '../queue-drain-notice.ts';

/** The queue list's line for each kind of change (keys listed, not built, so the i18n check sees them). */
const QUEUED_LINE = {
  create: 'queuedCreate',
  update: 'queuedUpdate',
  delete: 'queuedDelete',
  assignDriver: 'queuedAssignDriver',
  assignCarrier: 'queuedAssignCarrier',
  complete: 'queuedComplete',
  merge: 'queuedMerge',
  unmerge: 'queuedUnmerge',
  createProjections: 'queuedCreateProjections',
  saveDrafts: 'queuedSaveDrafts',
  createRecord: 'queuedCreateRecord',
} as const;

function queuedKind(change: OutboxChange): keyof typeof QUEUED_LINE {
  if (change.kind === 'record') return change.change.kind === 'create' ? 'createRecord' : change.change.kind;
  if (change.kind === 'command') return change.command.kind;
  if (change.kind === 'planning') return change.action.kind;
  return change.kind;
}

function useRelativeTime() {
  const { i18n } = useTranslation();
  const format = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  return (iso: string) => {
    const minutes = Math.round((Date.parse(iso) - Date.now()) / 60_000);
    return Math.abs(minutes) < 60 ? format.format(minutes, 'minute') : format.format(Math.round(minutes / 60), 'hour');
  };
}

/** Header sync state: online or offline, queued changes (a list on click), conflicts, refusals, last synced. */
export function SyncIndicator() {
  const { t, i18n } = useTranslation('sync');
  const online = useOnlineStatus();
  const queued = useOutboxChanges();
  const conflicts = useConflicts().data ?? [];
  const refusals = useRefusals().data ?? [];
  const { lastSyncedAt } = useSyncStatus();
  const relative = useRelativeTime();
  const saveLoad = useSaveLoad();
  const queryClient = useQueryClient();
  const timezone = useQuery(selfQuery).data?.contact.timezone;
  useQueueDrainNotice(online, queued);
  const pendingCount = queued.length + conflicts.length + refusals.length;
  // The account's timezone, as in the tables (the module keeps one formatter per language and zone).
  const time = (iso: string) => dateTimeFormat(i18n.language, timezone ?? DEFAULT_TIMEZONE).time(iso);
  // Controlled so that Escape closes the list with focus still on its button (Mantine closes a
  // popover on Escape only from inside its dropdown); a controlled target does not toggle by itself.
  const [listOpened, setListOpened] = useState(false);

  const reapply = async (conflict: (typeof conflicts)[number]) => {
    if (conflict.record) {
      // The attempted values again, based on the version now shown: queued like any edit of the record.
      const { store, organizationId, id } = conflict.record;
      const current = await localDatabase[store].get(id);
      if (current) {
        void enqueueChange(queryClient, {
          kind: 'record',
          organizationId,
          store,
          recordId: id,
          change: { kind: 'update', version: current.version, input: conflict.attempted },
          label: conflict.label,
          idempotencyKey: crypto.randomUUID(),
          queuedAt: new Date().toISOString(),
        });
      }
    } else {
      const current = await getMirroredLoad(conflict.loadId);
      if (current) saveLoad(current, conflict.attempted, conflict.label);
    }
    if (conflict.id !== undefined) await dismissConflict(conflict.id, queryClient);
  };

  return (
    <Group gap="xs" wrap="nowrap">
      <Badge color={online ? 'teal' : 'orange'} variant="light" data-testid="connection-state" visibleFrom="xs">
        {online ? t('common:shell.online') : t('common:shell.offline')}
      </Badge>
      <Popover width={320} position="bottom-end" shadow="md" withArrow opened={listOpened} onChange={setListOpened}>
        <Popover.Target>
          <Tooltip
            label={lastSyncedAt ? t('lastSynced', { time: relative(lastSyncedAt) }) : t('neverSynced')}
            disabled={listOpened}
          >
            <Indicator
              label={pendingCount}
              size={18}
              disabled={pendingCount === 0}
              color={refusals.length ? 'red' : conflicts.length ? 'orange' : 'blue'}
            >
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('queueButton', { count: pendingCount })}
                aria-expanded={listOpened}
                onClick={() => setListOpened((opened) => !opened)}
                onKeyDown={(event) => {
                  if (event.key === 'Escape') setListOpened(false);
                }}
                data-testid="queue-button"
              >
                <IconCloudUpload size={22} />
              </ActionIcon>
            </Indicator>
          </Tooltip>
        </Popover.Target>
        <Popover.Dropdown data-testid="queue-list">
          <Stack gap="xs">
            <Text size="sm" fw={600} data-testid="queued-count">
              {t('queued', { count: queued.length })}
            </Text>
            <ScrollArea.Autosize mah={240}>
              <Stack gap={4}>
                {queued.map((change) => (
                  <Text size="sm" key={change.idempotencyKey} data-testid="queued-change">
                    {t(QUEUED_LINE[queuedKind(change)], {
                      load: change.label,
                      time: time(change.queuedAt),
                    })}
                  </Text>
                ))}
              </Stack>
            </ScrollArea.Autosize>
            {conflicts.length > 0 && (
              <>
                <Divider />
                <Text size="sm" fw={600}>
                  {t('conflicts')}
                </Text>
                {conflicts.map((conflict) => (
                  <Stack gap={4} key={conflict.id} data-testid="conflict">
                    <Text size="sm">{t('conflictLine', { load: conflict.label, version: conflict.serverVersion })}</Text>
                    <Group gap="xs">
                      <Button size="compact-xs" onClick={() => void reapply(conflict)}>
                        {t('reapply')}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => conflict.id !== undefined && void dismissConflict(conflict.id, queryClient)}
                      >
                        {t('dismiss')}
                      </Button>
                    </Group>
                  </Stack>
                ))}
              </>
            )}
            {refusals.length > 0 && (
              <>
                <Divider />
                <Text size="sm" fw={600}>
                  {t('refusals')}
                </Text>
                {refusals.map((refusal) => (
                  <Group gap="xs" wrap="nowrap" justify="space-between" key={refusal.idempotencyKey}>
                    <Text size="sm" data-testid="refusal" data-idempotency-key={refusal.idempotencyKey}>
                      {t('refusalLine', { load: refusal.label, reason: t(refusal.reason) })}
                    </Text>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() =>
                        void dismissRefusal(refusal.idempotencyKey).then(() =>
                          queryClient.invalidateQueries({ queryKey: REFUSALS_QUERY_KEY }),
                        )
                      }
                    >
                      {t('dismiss')}
                    </Button>
                  </Group>
                ))}
              </>
            )}
            <Divider />
            <Text size="xs" c="dimmed" data-testid="last-synced">
              {lastSyncedAt ? t('lastSynced', { time: relative(lastSyncedAt) }) : t('neverSynced')}
            </Text>
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
