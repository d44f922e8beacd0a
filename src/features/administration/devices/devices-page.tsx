import { Select, Switch, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CLIENT_ID_TAKEN, DEVICE_KINDS, type Device, type DeviceInput, type DeviceKind } from '#core/contract/devices';
import { ApiError } from '#src/data/api-client.ts';
import { useMirrorList } from '#src/data/loads.ts';
import { useDateTimeFormat } from '#src/data/date-time-format.ts';
import { useLatestDevicePositions } from '#src/data/device-positions.ts';
import { canOpenPage } from '#core/domain/access';
import { FormModal } from '#src/ui/form-modal.tsx';
import { errorMessage, useRecordForm } from '../forms/use-record-form.ts';
import { MasterDataPage } from '../master-data-page.tsx';
import type { ResourceColumn } from '#src/ui/resource-table-rows.ts';
import { type AdminContext, useAdminContext } from '../use-admin-context.ts';
import { useCellFormat } from '../use-cell-format.ts';

/** /manage-company/devices (spec 2 "Smart device"): driver phones and smart trailers. */
export function DevicesPage() {
  const context = useAdminContext();
  return context ? <Devices context={context} /> : null;
}

interface DeviceValues {
  clientId: string;
  name: string;
  kind: DeviceKind;
  driverUserId: string | null;
  enabled: boolean;
}

/** The kinds' names: t('administration:devices.kinds.phone'), t('administration:devices.kinds.trailer'). */
const deviceValues = (device: Device | null): DeviceValues => ({
  clientId: device?.clientId ?? '',
  name: device?.name ?? '',
  kind: device?.kind ?? 'phone',
  driverUserId: device?.driverUserId == null ? null : String(device.driverUserId),
  enabled: device?.enabled ?? true,
});

const deviceInput = (values: DeviceValues): DeviceInput => ({
  clientId: values.clientId.trim(),
  name: values.name.trim(),
  kind: values.kind,
  driverUserId: values.kind === 'phone' && values.driverUserId !== null ? Number(values.driverUserId) : null,
  enabled: values.enabled,
});

/** The server's refusal of an identifier another device (of any organization) has, in the user's language. */
function deviceErrorMessage(error: unknown, t: TFunction<'administration'>): string {
  const taken = error instanceof ApiError && error.body?.issues?.some((issue) => issue.message === CLIENT_ID_TAKEN);
  return taken ? t('administration:errors.clientIdTaken') : errorMessage(error);
}

function Devices({ context }: { context: AdminContext }) {
  const { t } = useTranslation('administration');
  const format = useCellFormat(context.weightUnit);
  const { data: drivers } = useMirrorList('drivers');
  const { data: trailers } = useMirrorList('trailers');
  const { format: dates } = useDateTimeFormat();
  // Positions are live-map data: shown to those who may open it (Freemium has none).
  const showsPositions = canOpenPage(context.self, 'liveMap');
  const positions = useLatestDevicePositions(showsPositions);
  const columns = useMemo((): ResourceColumn<Device>[] => {
    const driverName = (id: number | null) => (id === null ? '' : (drivers?.find((driver) => driver.id === id)?.name ?? ''));
    // A phone belongs to its driver; a smart trailer's device to the trailers naming it.
    const assignedTo = (row: Device) =>
      row.kind === 'phone'
        ? driverName(row.driverUserId)
        : (trailers ?? [])
            .filter((trailer) => trailer.deviceId === row.id)
            .map((trailer) => trailer.userDisplayName)
            .join(', ');
    const lastPosition = (row: Device) => positions.get(row.id)?.timestamp ?? null;
    // Its header: t('administration:fields.lastPosition').
    const lastPositionColumn: ResourceColumn<Device> = {
      key: 'lastPosition',
      labelKey: 'fields.lastPosition',
      text: (row) => {
        const at = lastPosition(row);
        return at === null ? t('devices.noPosition') : dates.dateTime(at);
      },
      sortValue: (row) => {
        const at = lastPosition(row);
        return at === null ? null : Date.parse(at);
      },
    };
    return [
      { key: 'name', labelKey: 'fields.name', text: (row) => row.name, essential: true },
      { key: 'clientId', labelKey: 'fields.identifier', text: (row) => row.clientId, essential: true },
      { key: 'kind', labelKey: 'fields.kind', text: (row) => t(`devices.kinds.${row.kind}`), filterable: true, essential: true },
      // Its header: t('administration:fields.assignedTo').
      { key: 'assignedTo', labelKey: 'fields.assignedTo', text: assignedTo },
      { key: 'enabled', labelKey: 'fields.enabled', text: (row) => format.yesNo(row.enabled), filterable: true, essential: true },
      ...(showsPositions ? [lastPositionColumn] : []),
    ];
  }, [drivers, trailers, format, t, positions, showsPositions, dates]);
  return (
    <MasterDataPage
      context={context}
      collection="devices"
      type="device"
      title={t('devices.title')}
      columns={columns}
      itemName={(row) => row.name}
      renderForm={(row, close) => <DeviceForm context={context} row={row} onClose={close} />}
      describeError={(error) => deviceErrorMessage(error, t)}
    />
  );
}

function DeviceForm({ context, row, onClose }: { context: AdminContext; row: Device | null; onClose: () => void }) {
  const { t } = useTranslation('administration');
  const form = useRecordForm({
    collection: 'devices',
    organizationId: context.organizationId,
    row,
    toValues: deviceValues,
    toInput: deviceInput,
    nameOf: (device) => device.name,
    onSaved: onClose,
    describeError: (error) => deviceErrorMessage(error, t),
  });
  const { values, setValues } = form;
  const set = (change: Partial<DeviceValues>) => setValues((previous) => ({ ...previous, ...change }));
  const { data: drivers } = useMirrorList('drivers');
  const driverOptions = useMemo(
    () =>
      (drivers ?? [])
        .filter(
          (driver) =>
            driver.organizationId === context.organizationId && (driver.enabled || String(driver.id) === values.driverUserId),
        )
        .map((driver) => ({ value: String(driver.id), label: driver.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [drivers, context.organizationId, values.driverUserId],
  );
  const missing = { clientId: values.clientId.trim() === '', name: values.name.trim() === '' };
  const shown = form.dirty || !form.isNew;
  return (
    <FormModal
      {...form.modal}
      title={form.isNew ? t('devices.createTitle') : t('devices.editTitle', { name: form.row?.name })}
      canSave={!missing.clientId && !missing.name}
      onClose={onClose}
      testId="device-form"
    >
      <TextInput
        label={t('fields.name')}
        required
        data-autofocus
        value={values.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={shown && missing.name ? t('errors.nameRequired') : undefined}
        data-testid="device-name"
      />
      <TextInput
        label={t('fields.identifier')}
        description={t('devices.identifierHint')}
        required
        value={values.clientId}
        onChange={(event) => set({ clientId: event.currentTarget.value })}
        error={shown && missing.clientId ? t('errors.identifierRequired') : undefined}
        data-testid="device-identifier"
      />
      <Select
        label={t('fields.kind')}
        data={DEVICE_KINDS.map((kind) => ({ value: kind, label: t(`devices.kinds.${kind}`) }))}
        value={values.kind}
        onChange={(kind) => kind && set({ kind: kind as DeviceKind })}
        allowDeselect={false}
        data-testid="device-kind"
      />
      {values.kind === 'phone' && (
        <Select
          label={t('fields.driver')}
          placeholder={t('devices.noDriver')}
          data={driverOptions}
          value={values.driverUserId}
          onChange={(driverUserId) => set({ driverUserId })}
          clearable
          searchable
          nothingFoundMessage={t('common:resourceTable.nothingFound')}
          data-testid="device-driver"
        />
      )}
      <Switch
        label={t('fields.enabled')}
        checked={values.enabled}
        onChange={(event) => set({ enabled: event.currentTarget.checked })}
        data-testid="device-enabled"
      />
    </FormModal>
  );
}
