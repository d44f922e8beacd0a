import {
  Chip,
  Group,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Alert,
  Button,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Downtime, type DowntimeResourceType, downtimeSchema } from '#core/contract/master-data';
import { timezoneOptions } from '#core/domain/date-format';
import { TIMEZONES } from '#core/domain/locale';
import { ApiError } from '#src/data/api-client.ts';
import { useSaveDowntime } from '#src/data/master-data.ts';
import { DateField, TimeField } from '#src/ui/date-time-field.tsx';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import { hasErrors } from '../forms/form-values.ts';
import { errorMessage } from '../forms/use-record-form.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import type { AdminContext } from '../use-admin-context.ts';
import {
  downtimeErrors,
  downtimeInput,
  downtimeValues,
  maskOfWeekdays,
  weekdayNames,
  weekdaysOfMask,
  withRecurring,
} from './downtime-values.ts';

/** Add or edit one downtime: one time, or weekly on chosen weekdays, from a date and time in a zone. */
export function DowntimeForm({
  context,
  resourceType,
  resourceId,
  row,
  onClose,
}: {
  context: AdminContext;
  resourceType: DowntimeResourceType;
  resourceId: number;
  row: Downtime | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('administration');
  // Today in the user's zone ('en-CA' writes dates as YYYY-MM-DD).
  const defaults = useMemo(
    () => ({
      timezone: context.timezone,
      today: new Intl.DateTimeFormat('en-CA', { timeZone: context.timezone }).format(new Date()),
    }),
    [context.timezone],
  );
  const [base, setBase] = useState(row);
  const [initial, setInitial] = useState(() => downtimeValues(row, defaults));
  const [values, setValues] = useState(initial);
  const [conflict, setConflict] = useState(false);
  const save = useSaveDowntime(context.organizationId, resourceType, resourceId);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const guard = useDiscardGuard(dirty, onClose);
  const errors = downtimeErrors(values);
  const days = useMemo(() => weekdayNames(i18n.language), [i18n.language]);
  const set = (change: Partial<typeof values>) => setValues((previous) => ({ ...previous, ...change }));
  const message = (field: keyof typeof errors) => {
    const error = errors[field];
    return error && (dirty || base !== null) ? t(error.key) : undefined;
  };

  const submit = async () => {
    const input = downtimeInput(values);
    try {
      await save.mutateAsync(base === null ? { id: null, input } : { id: base.id, version: base.version, input });
      notifications.show({
        color: 'green',
        message: t(base === null ? 'toast.created' : 'toast.updated', { name: input.description }),
      });
      onClose();
    } catch (error) {
      const current = error instanceof ApiError && error.status === 409 ? downtimeSchema.safeParse(error.body?.current) : null;
      if (current?.success) {
        const currentValues = downtimeValues(current.data, defaults);
        setBase(current.data);
        setInitial(currentValues);
        setValues(currentValues);
        setConflict(true);
        return;
      }
      notifications.show({ color: 'red', title: t('toast.notSaved'), message: errorMessage(error) });
    }
  };

  return (
    <>
      <Modal
        opened
        onClose={guard.requestClose}
        title={base ? t('downtime.editTitle') : t('downtime.addTitle')}
        size="lg"
        data-testid="downtime-form"
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!hasErrors(errors) && !save.isPending) void submit();
          }}
        >
          <Stack gap="sm">
            {conflict && (
              <Alert color="yellow" role="status" data-testid="stale-edit">
                {t('staleEdit')}
              </Alert>
            )}
            <Textarea
              label={t('downtime.description')}
              required
              data-autofocus
              autosize
              minRows={1}
              maxRows={5}
              value={values.description}
              onChange={(event) => set({ description: event.currentTarget.value })}
              error={message('description')}
              data-testid="downtime-description"
            />
            <SegmentedControl
              aria-label={t('downtime.kind')}
              data={[
                { value: 'once', label: t('downtime.oneTime') },
                { value: 'weekly', label: t('downtime.weekly') },
              ]}
              value={values.recurring ? 'weekly' : 'once'}
              onChange={(kind) => setValues((previous) => withRecurring(previous, kind === 'weekly'))}
              data-testid="downtime-kind"
            />
            {values.recurring && (
              <Stack gap={4}>
                <Text size="sm" fw={500} id="downtime-weekdays-label">
                  {t('downtime.weekdays')}
                </Text>
                <Chip.Group
                  multiple
                  value={weekdaysOfMask(values.recurrenceDaysOfWeek)}
                  onChange={(selected) => set({ recurrenceDaysOfWeek: maskOfWeekdays(selected) })}
                >
                  <Group gap="xs" role="group" aria-labelledby="downtime-weekdays-label">
                    {days.map((name, day) => (
                      <Chip key={name} value={String(day)} size="sm" variant="outline" data-testid={`downtime-weekday-${day}`}>
                        {name}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
                {message('recurrenceDaysOfWeek') && (
                  <Text size="sm" c="red.8" role="alert">
                    {message('recurrenceDaysOfWeek')}
                  </Text>
                )}
              </Stack>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <DateField
                label={values.recurring ? t('downtime.startsOn') : t('downtime.date')}
                required
                value={values.startDate}
                onChange={(date) => set({ startDate: date })}
                error={message('startDate')}
                data-testid="downtime-date"
              />
              <TimeField
                label={t('downtime.time')}
                required
                value={values.startTime}
                onChange={(startTime) => set({ startTime })}
                error={message('startTime')}
                data-testid="downtime-time"
              />
              <TextInput
                label={t('downtime.durationHours')}
                required
                inputMode="decimal"
                value={values.durationHours}
                onChange={(event) => set({ durationHours: event.currentTarget.value })}
                error={message('durationHours')}
                data-testid="downtime-duration"
              />
              <Select
                label={t('downtime.timezone')}
                data={timezoneOptions(TIMEZONES, i18n.language)}
                value={values.timezone}
                allowDeselect={false}
                searchable
                onChange={(zone) => zone && set({ timezone: zone as (typeof TIMEZONES)[number] })}
                data-testid="downtime-timezone"
              />
            </SimpleGrid>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={guard.requestClose}>
                {t('cancel')}
              </Button>
              <ExplainedButton
                needsConnection
                type="submit"
                disabled={hasErrors(errors)}
                loading={save.isPending}
                onClick={() => {}}
                data-testid="downtime-form-save"
              >
                {base ? t('form.update') : t('form.create')}
              </ExplainedButton>
            </Group>
          </Stack>
        </form>
      </Modal>
      {guard.confirmation}
    </>
  );
}
