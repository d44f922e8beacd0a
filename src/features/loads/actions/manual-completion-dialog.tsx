import { Badge, Button, Group, Modal, Paper, ScrollArea, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoadCompletion } from '#core/contract/load-actions';
import type { Order } from '#core/contract/orders';
import { toMinute } from '#core/domain/date-format';
import { defaultLoadCompletion } from '#core/domain/load-actions';
import { useLoadCommands } from '#src/data/loads.ts';
import { DateTimeField } from '#src/ui/date-time-field.tsx';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { showActionDone } from './action-notice.ts';
import { useReferenceRows } from './reference-rows.ts';
import { useActionFormatting } from './use-action-formatting.ts';

interface StopEntry {
  /** The instant (to the minute), or null while the field is cleared. */
  completedAt: string | null;
  /** Spec 1 §4: delivery notifications are suppressed unless the user turns this on. */
  notify: boolean;
}

type Entries = Record<number, StopEntry>;

interface ManualCompletionDialogProps {
  opened: boolean;
  loads: readonly Order[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * Manual completion (spec 1 §2, §4): every stop not yet complete, with its completion time
 * (core's defaultLoadCompletion gives the defaults) and a "send delivery notification" toggle, off
 * by default. Confirming queues one `complete` command per load; the load becomes Delivered.
 */
export function ManualCompletionDialog({ opened, loads, onClose, onDone }: ManualCompletionDialogProps) {
  const { t } = useTranslation('load-actions');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty, onClose);
  return (
    <>
      <Modal
        opened={opened}
        onClose={guard.requestClose}
        title={t('complete.title', { count: loads.length })}
        size="xl"
        fullScreen={narrow}
        data-testid="complete-dialog"
      >
        {opened && (
          <CompletionForm
            loads={loads}
            onClose={onClose}
            onCancel={guard.requestClose}
            onDirtyChange={setDirty}
            onDone={onDone}
          />
        )}
      </Modal>
      {guard.confirmation}
    </>
  );
}

interface CompletionFormProps extends Omit<ManualCompletionDialogProps, 'opened'> {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function CompletionForm({ loads, onClose, onCancel, onDirtyChange, onDone }: CompletionFormProps) {
  const { t } = useTranslation('load-actions');
  const format = useActionFormatting();
  const reference = useReferenceRows();
  const sendCommand = useLoadCommands();
  // The defaults are taken once, when the dialog opens: "now" must not move under the user's edits.
  const [defaults] = useState(() => {
    const now = new Date().toISOString();
    return loads.map((load) => defaultLoadCompletion(load, now));
  });
  const [initialEntries] = useState<Entries>(() =>
    Object.fromEntries(
      defaults.flatMap((completion) =>
        completion.stops.map((stop) => [stop.id, { completedAt: toMinute(stop.completedAt), notify: false }]),
      ),
    ),
  );
  const [entries, setEntries] = useState(initialEntries);
  const dirty = Object.entries(entries).some(([stopId, entry]) => {
    const initial = initialEntries[Number(stopId)];
    return entry.completedAt !== initial?.completedAt || entry.notify !== initial?.notify;
  });
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const update = (stopId: number, change: Partial<StopEntry>) =>
    setEntries((current) => ({ ...current, [stopId]: { ...(current[stopId] as StopEntry), ...change } }));
  const invalid = Object.values(entries).some((entry) => entry.completedAt === null);

  const confirm = () => {
    const accepted = loads.map((load, index) => {
      const completion: LoadCompletion = {
        id: load.id,
        stops: (defaults[index]?.stops ?? []).map((stop) => {
          const entry = entries[stop.id] as StopEntry;
          return {
            id: stop.id,
            completedAt: entry.completedAt ?? stop.completedAt,
            metadata: { suppressDeliveryNotification: !entry.notify, manuallyCompleted: true },
          };
        }),
      };
      return sendCommand(load, { kind: 'complete', completion }, format.label(load));
    });
    showActionDone(t('notices.completed', { count: loads.length }), Promise.all(accepted));
    onClose();
    onDone();
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('complete.message')}
      </Text>
      <ScrollArea.Autosize mah="calc(100dvh - 260px)">
        <Stack gap="md">
          {loads.map((load, index) => {
            const stopById = new Map(load.stops.map((stop) => [stop.id, stop]));
            const stops = (defaults[index]?.stops ?? [])
              .flatMap((entry) => stopById.get(entry.id) ?? [])
              .sort((a, b) => a.sequence - b.sequence);
            return (
              <Stack key={load.id} gap="xs" data-testid="complete-load" data-load-id={load.id}>
                <Title order={3} size="h5">
                  {t('complete.load', { load: format.label(load), date: format.formatDate(load.date) })}
                </Title>
                {stops.length === 0 && (
                  <Text size="sm" c="dimmed">
                    {t('complete.allStopsComplete')}
                  </Text>
                )}
                {stops.map((stop) => {
                  const entry = entries[stop.id] as StopEntry;
                  const location = reference.locationName(stop.organizationLocationId) ?? t('none');
                  return (
                    <Paper key={stop.id} withBorder p="xs" data-testid="complete-stop" data-stop-id={stop.id}>
                      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
                        <Stack gap={2} miw={160}>
                          <Group gap={6}>
                            <Badge variant="light" size="sm">
                              {stop.sequence}
                            </Badge>
                            <Text size="sm" fw={600}>
                              {location}
                            </Text>
                          </Group>
                          <Text size="xs" c="dimmed">
                            {t(`stopType.${stop.type}`)}
                          </Text>
                        </Stack>
                        <DateTimeField
                          label={t('complete.completedAt')}
                          aria-label={t('complete.completedAtFor', { stop: location })}
                          value={entry.completedAt}
                          timezone={format.timezone}
                          onChange={(completedAt) => update(stop.id, { completedAt })}
                          error={entry.completedAt === null ? t('complete.invalidTime') : undefined}
                          data-testid="complete-stop-time"
                        />
                        <Switch
                          label={t('complete.notify')}
                          checked={entry.notify}
                          onChange={(event) => update(stop.id, { notify: event.currentTarget.checked })}
                          data-testid="complete-stop-notify"
                        />
                      </Group>
                    </Paper>
                  );
                })}
              </Stack>
            );
          })}
        </Stack>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button onClick={confirm} disabled={invalid} data-testid="complete-confirm">
          {t('complete.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
