import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OrderInput } from '#core/contract/orders';
import { instantOfWallClock, wallClockInZone } from '#core/domain/weeks';
import { useMirrorList, useSaveLoad } from '#src/data/loads.ts';

/** A minimal new load: origin, destination, cargo and time; the load editor issue brings the full form. */
export function NewLoadModal({ opened, onClose, timezone }: { opened: boolean; onClose: () => void; timezone: string }) {
  const { t } = useTranslation('loads');
  const locations = useMirrorList<{ id: number; name: string }>('locations').data ?? [];
  const cargoTypes = useMirrorList<{ id: number; label: string }>('cargoTypes').data ?? [];
  const saveLoad = useSaveLoad();
  const form = useForm({
    initialValues: {
      orderNumber: '',
      originId: '',
      destinationId: '',
      cargoTypeId: '',
      arrival: wallClockInZone(dayjs().add(1, 'hour').toDate(), timezone),
    },
    validate: {
      originId: (value) => (value ? null : t('required')),
      destinationId: (value, values) => (!value ? t('required') : value === values.originId ? t('sameLocation') : null),
      cargoTypeId: (value) => (value ? null : t('required')),
      arrival: (value) => (instantOfWallClock(value, timezone) ? null : t('required')),
    },
  });
  const locationOptions = locations.map((location) => ({ value: String(location.id), label: location.name }));

  const submit = form.onSubmit((values) => {
    // The entered wall-clock time is in the user's timezone.
    const arrival = dayjs(instantOfWallClock(values.arrival, timezone) ?? new Date());
    const orderNumber = values.orderNumber.trim() || null;
    const stop = (sequence: number, type: 'Origin' | 'Destination', locationId: string, at: dayjs.Dayjs) => ({
      sequence,
      type,
      organizationLocationId: Number(locationId),
      organizationSubLocationIds: [],
      cargoTypeId: Number(values.cargoTypeId),
      customerId: null,
      lotId: null,
      orderNumber,
      customerOrderNumber: null,
      quantity: null,
      weight: null,
      notes: null,
      arrivalTime: at.toISOString(),
      requiredBegin: null,
      requiredEnd: null,
      durationMinutes: null,
      metadata: {},
    });
    const input: OrderInput = {
      date: arrival.toISOString(),
      isDraft: false,
      transportedByUserId: null,
      tractorId: null,
      trailerId: null,
      washOption: null,
      metadata: {},
      stops: [stop(1, 'Origin', values.originId, arrival), stop(2, 'Destination', values.destinationId, arrival.add(1, 'hour'))],
    };
    saveLoad(null, input, orderNumber ?? values.arrival.replace('T', ' '));
    form.reset();
    onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title={t('newLoad')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('columns.orderNumber')}
            data-testid="new-load-order-number"
            {...form.getInputProps('orderNumber')}
          />
          <Select
            label={t('columns.origin')}
            data={locationOptions}
            searchable
            required
            data-testid="new-load-origin"
            {...form.getInputProps('originId')}
          />
          <Select
            label={t('columns.destination')}
            data={locationOptions}
            searchable
            required
            data-testid="new-load-destination"
            {...form.getInputProps('destinationId')}
          />
          <Select
            label={t('cargo')}
            data={cargoTypes.map((type) => ({ value: String(type.id), label: type.label }))}
            searchable
            required
            data-testid="new-load-cargo"
            {...form.getInputProps('cargoTypeId')}
          />
          <TextInput type="datetime-local" label={t('firstArrival')} required {...form.getInputProps('arrival')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" data-testid="new-load-save">
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
