import { loadLabel } from '../load-label.ts';
import { Alert, Badge, Button, Group, Modal, Paper, Progress, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconClockPlay, IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '#core/contract/orders';
import { hasPermission } from '#core/domain/access';
import { driverAssignmentFor, driversOffered, mayChooseResource, type ResourceKind } from '#core/domain/load-actions';
import { dateTimeFormat } from '#core/domain/date-format';
import { loadDateFromStops, statusAfterDriverChoice } from '#core/domain/load-rules';
import { canRecomputeArrivals, travelTimeIndex } from '#core/domain/planning/index';
import {
  addStop,
  canEditOrderNumber,
  changeStopType,
  chooseCargoType,
  moveStop,
  removeStop,
  splitStop,
  stopControls,
} from '#core/domain/stop-editing';
import { DEFAULT_WEIGHT_UNIT } from '#core/domain/units';
import { useMirrorList, useSaveLoad } from '#src/data/loads.ts';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import { useTravelTimes } from '#src/data/travel-times.ts';
import { DateTimeField } from '#src/ui/date-time-field.tsx';
import { useDiscardGuard } from '#src/ui/discard-guard.tsx';
import {
  type EditorStop,
  editorStateForNewLoad,
  editorStateFromLoad,
  hasErrors,
  initialMeasure,
  isEditorDirty,
  legPairs,
  type LoadEditorState,
  orderInputFromEditor,
  validateEditor,
  withClientKeys,
} from './editor-state.ts';
import { selectConflictProps } from '../conflicts/conflict-notes.tsx';
import { useWeekConflictFinder } from '../conflicts/use-conflicts.ts';
import { useEditorErrorText } from './editor-messages.ts';
import { StopsEditor } from './stops-editor.tsx';
import { StopsMapPanel } from './stops-map-panel.tsx';
import { TripTime } from './trip-time.tsx';
import { useAutoStopTimes } from './use-auto-stop-times.ts';

export interface LoadEditorProps {
  /** The load to edit; null creates one. */
  load: Order | null;
  isDraft: boolean;
  onClose: () => void;
  /** 'modal' for create and the row's edit button, 'inline' inside an expanded table row. */
  variant: 'modal' | 'inline';
  /**
   * Inline: where the table finds this editor's `requestLeave`, so collapsing the row or expanding
   * another asks before unsaved changes go.
   */
  leaveGuard?: RefObject<((leave: () => void) => void) | null>;
  /** A new load was saved: at once under its provisional id, again under its real id once accepted. */
  onCreated?: (created: { id: number; date: string }) => void;
}

interface EquipmentRow {
  id: number;
  organizationId: number;
  userDisplayName: string;
  enabled: boolean;
}

/** Create/edit load form (spec 1 §2): date, trip time, driver, tractor, trailer, stops, map and save. */
export function LoadEditor({ load, isDraft, onClose, variant, leaveGuard, onCreated }: LoadEditorProps) {
  const { t } = useTranslation('load-editor');
  const narrow = useMediaQuery('(max-width: 48em)');
  const title = load
    ? isDraft
      ? t('title.editDraft')
      : t('title.editLoad')
    : isDraft
      ? t('title.newDraft')
      : t('title.newLoad');
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty, onClose);
  const { requestLeave } = guard;
  useEffect(() => {
    if (!leaveGuard) return;
    leaveGuard.current = requestLeave;
    return () => {
      if (leaveGuard.current === requestLeave) leaveGuard.current = null;
    };
  }, [leaveGuard, requestLeave]);
  const form = (
    <LoadEditorForm
      load={load}
      isDraft={isDraft}
      onClose={onClose}
      onCancel={guard.requestClose}
      onCreated={onCreated}
      onDirtyChange={setDirty}
      variant={variant}
    />
  );
  if (variant === 'inline') {
    return (
      <Paper withBorder p="sm" data-testid="load-editor" aria-label={title} role="region">
        {form}
        {guard.confirmation}
      </Paper>
    );
  }
  return (
    <>
      <Modal opened onClose={guard.requestClose} title={title} size="95%" fullScreen={narrow} data-testid="load-editor">
        {form}
      </Modal>
      {guard.confirmation}
    </>
  );
}

interface LoadEditorFormProps extends LoadEditorProps {
  /** Cancel, Close: asks first when there are unsaved changes. `onClose` is for after a save. */
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
}

function LoadEditorForm({ load, isDraft, onClose, onCancel, onDirtyChange, variant, onCreated }: LoadEditorFormProps) {
  const { t, i18n } = useTranslation('load-editor');
  const errorText = useEditorErrorText();
  const { data: self } = useQuery(selfQuery);
  const saveLoad = useSaveLoad();
  const online = useOnlineStatus();
  const timezone = self?.contact.timezone ?? 'America/Chicago';
  const weightUnit = self?.contact.unitsWeight ?? DEFAULT_WEIGHT_UNIT;
  const organizationId = self?.activeOrganizationId ?? 0;
  const isCarrier = self?.organization.isCarrier ?? false;

  const keyPrefix = useId();
  const keyCounter = useRef(0);
  const makeKey = () => {
    keyCounter.current += 1;
    return `${keyPrefix}-${keyCounter.current}`;
  };
  // The edit is based on the load as it was when the editor opened: saving sends that version, so a
  // change someone else made meanwhile surfaces as a conflict instead of being overwritten.
  const [base] = useState(load);
  const [original] = useState<LoadEditorState>(() => {
    const start = base ? editorStateFromLoad(base) : editorStateForNewLoad(new Date().toISOString(), isDraft);
    return { ...start, stops: withClientKeys(start.stops, makeKey) };
  });
  const [state, setState] = useState(original);
  const [measures, setMeasures] = useState<Record<string, 'quantity' | 'weight'>>({});
  const [orderHeaderClicks, setOrderHeaderClicks] = useState(0);
  const [attempted, setAttempted] = useState(false);
  const [fromIndex, setFromIndex] = useState<number>(0);
  const [unavailableStops, setUnavailableStops] = useState<number[]>([]);
  const [calculationFailed, setCalculationFailed] = useState(false);
  const autoTimes = useAutoStopTimes();

  const drivers = useMirrorList('drivers').data ?? [];
  const tractors = useMirrorList('tractors').data ?? [];
  const trailers = useMirrorList('trailers').data ?? [];
  const locationRows = useMirrorList('locations').data ?? [];
  const cargoTypes = useMirrorList('cargoTypes').data ?? [];
  const customers = useMirrorList('customers').data ?? [];
  const standardRoutes = useMirrorList('standardRoutes').data;
  const carriers = useMirrorList('carriers').data ?? [];
  const locations = useMemo(() => new Map(locationRows.map((row) => [row.id, row])), [locationRows]);

  // Travel times are asked for between the active organization's own sites only: the server refuses
  // another company's, and the carrier of a load cannot change its owner's stops anyway.
  const ownSites = base === null || base.owningOrganizationId === organizationId;
  const pairs = legPairs(state.stops);
  const travelTimes = useTravelTimes(ownSites ? pairs : []);
  const travel = travelTimeIndex(travelTimes.entries);
  const dirty = isEditorDirty(state, original);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // The choice as it stands, compared with the other loads and drafts of its week (a warning, never a block).
  const loadDate = loadDateFromStops(state.stops, state.date);
  const week = useWeekConflictFinder(loadDate);
  const conflicts = week.finder.conflictsOf({
    ...state,
    id: base?.id ?? 0,
    date: loadDate,
    status: base?.status ?? 'Open',
    timeSeconds: base?.timeSeconds ?? null,
  });
  const conflictsOf = (resource: ResourceKind) => conflicts.filter((conflict) => conflict.resource === resource);

  if (!self) return null;

  const delivered = base?.status === 'Delivered';
  const permitted = base ? hasPermission(self, 'EditOrder') : hasPermission(self, 'CreateOrder');
  const readOnly = delivered || !permitted;
  const controlsContext = { isCarrier, loadId: base?.id ?? null };
  const initialOrderNumbers = new Map(original.stops.map((stop) => [stop.clientKey, stop.orderNumber]));
  const errors = validateEditor(state);
  const shownErrors = attempted ? errors : { form: [], stops: state.stops.map(() => ({})) };

  // A load handed to a carrier: the carrier relation says who may choose each resource (spec 1 §5).
  const carried = base !== null && base.transportingOrganizationId !== base.owningOrganizationId;
  const relation = carried ? carriers.find((row) => row.carrierOrganizationId === base.transportingOrganizationId) : undefined;
  const mayChoose = (kind: ResourceKind) => {
    if (!carried || !relation) return true;
    const ownership = kind === 'driver' ? relation.loadDriver : kind === 'tractor' ? relation.loadTractor : relation.loadTrailer;
    return mayChooseResource(ownership, organizationId === base.owningOrganizationId ? 'owner' : 'carrier');
  };

  const update = (patch: Partial<LoadEditorState>) => setState((current) => ({ ...current, ...patch }));
  const updateStops = (change: (stops: EditorStop[]) => EditorStop[]) =>
    setState((current) => ({ ...current, stops: withClientKeys(change(current.stops), makeKey) }));

  const chooseDriver = (value: string | null) => {
    const driver = value ? (drivers.find((row) => row.id === Number(value)) ?? null) : null;
    const assignment = driverAssignmentFor({ id: base?.id ?? 0 }, driver);
    update({
      transportedByUserId: assignment.transportedByUserId,
      tractorId: assignment.tractorId,
      trailerId: assignment.trailerId,
    });
  };

  const equipmentOptions = (rows: EquipmentRow[], current: number | null) =>
    rows
      .filter((row) => row.organizationId === organizationId && (row.enabled || row.id === current))
      .sort((a, b) => a.userDisplayName.localeCompare(b.userDisplayName))
      .map((row) => ({ value: String(row.id), label: row.userDisplayName }));
  const driverOptions = driversOffered(drivers, { transportedByUserId: state.transportedByUserId }, organizationId)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((row) => ({ value: String(row.id), label: row.name }));

  // The owner of a load handed to a carrier sees the carrier named, and which resources it supplies.
  const carrierName = carried && organizationId === base.owningOrganizationId ? relation?.name : undefined;
  const carrierSupplies = (options: { value: string }[], current: number | null) =>
    carrierName !== undefined && current !== null && !options.some((option) => option.value === String(current));
  const carrierDriver = carrierSupplies(driverOptions, state.transportedByUserId);
  const tractorOptions = equipmentOptions(tractors, state.tractorId);
  const trailerOptions = equipmentOptions(trailers, state.trailerId);
  const carrierTractor = carrierSupplies(tractorOptions, state.tractorId);
  const carrierTrailer = carrierSupplies(trailerOptions, state.trailerId);
  // The names of the carrier's own resources come with the load (the owner's lists hold only its own).
  const carrierNamed = (load ?? base)?.carrierResources;
  const carrierResource = (name: string | null | undefined, unnamed: string) =>
    name ? t('fields.carrierResource', { name, carrier: carrierName }) : unnamed;
  const equipmentPlaceholder = (fromCarrier: boolean, name: string | null | undefined) =>
    fromCarrier ? carrierResource(name, t('fields.carrierEquipment', { carrier: carrierName })) : t('fields.none');

  const locationName = (id: number | null) => (id === null ? t('stops.noLocation') : (locations.get(id)?.name ?? `#${id}`));
  const formatDate = (iso: string) => dateTimeFormat(i18n.language, timezone).dateTime(iso);

  const isLocked = (index: number) => readOnly || stopControls(state.stops, index, controlsContext).locked;
  const canAdd = !readOnly && stopControls(state.stops, -1, controlsContext).canAdd;

  const calculate = async () => {
    setCalculationFailed(false);
    try {
      const result = await autoTimes.run(state.stops, fromIndex, isLocked);
      setUnavailableStops(result.unavailable.map((index) => state.stops[index]?.sequence ?? index + 1));
      // Only the stops' times change; anything typed meanwhile in other fields is kept.
      setState((current) => ({
        ...current,
        stops: current.stops.map((stop) => {
          const computed = result.stops.find((candidate) => candidate.clientKey === stop.clientKey);
          return computed ? { ...stop, arrivalTime: computed.arrivalTime, durationMinutes: computed.durationMinutes } : stop;
        }),
      }));
    } catch {
      setCalculationFailed(true);
    }
  };

  const save = () => {
    setAttempted(true);
    if (readOnly || hasErrors(errors)) return;
    const input = orderInputFromEditor(state);
    // "Edited" or "created" only once the server accepted the save: a refusal (someone else edited
    // first) says only why. Offline the save joins the queue, and says so now.
    const success = base ? t('notifications.edited') : t('notifications.created');
    const id = saveLoad(base, input, loadLabel(input, formatDate), {
      onAccepted: (saved) => {
        if (online) notifications.show({ color: 'teal', message: success, position: 'top-left' });
        if (!base) onCreated?.({ id: saved.id, date: saved.date });
      },
    });
    if (!base) onCreated?.({ id, date: loadDateFromStops(input.stops, input.date) });
    if (!online) notifications.show({ color: 'teal', message: t('sync:savedOnDevice'), position: 'top-left' });
    onClose();
  };

  const status = statusAfterDriverChoice(state.transportedByUserId, base?.status ?? 'Open');
  const statusLabel = {
    Open: t('status.open'),
    Assigned: t('status.assigned'),
    'In Transit': t('status.inTransit'),
    Delivered: t('status.delivered'),
    Merged: t('status.merged'),
  }[status];
  const chosenStop = state.stops[fromIndex];
  const cannotCalculateReason = !ownSites
    ? t('autoTimes.ownersSites')
    : chosenStop !== undefined && !canRecomputeArrivals(state.stops, fromIndex)
      ? t('autoTimes.needsArrival')
      : null;
  const canCalculate = !readOnly && chosenStop !== undefined && cannotCalculateReason === null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="md">
        {delivered && (
          <Alert color="gray" data-testid="load-editor-delivered">
            {t('locks.delivered')}
          </Alert>
        )}
        {!delivered && !permitted && <Alert color="gray">{t('locks.noPermission')}</Alert>}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm">
          <DateTimeField
            label={t('fields.date')}
            description={t('fields.dateHint')}
            value={state.date}
            timezone={timezone}
            disabled={readOnly}
            onChange={(instant) => {
              if (instant) update({ date: instant });
            }}
            data-testid="load-date"
          />
          <TripTime
            stops={state.stops}
            stored={base ?? null}
            travel={travel}
            fetching={travelTimes.isFetching}
            locationName={locationName}
          />
          <Select
            label={t('fields.driver')}
            description={carrierName ? t('fields.transportedBy', { carrier: carrierName }) : undefined}
            placeholder={
              carrierName
                ? carrierDriver
                  ? carrierResource(carrierNamed?.driverName, t('fields.carrierDriver', { carrier: carrierName }))
                  : t('fields.carrierNoDriver', { carrier: carrierName })
                : t('fields.noDriver')
            }
            data={driverOptions}
            value={state.transportedByUserId === null || carrierDriver ? null : String(state.transportedByUserId)}
            clearable
            searchable
            disabled={readOnly || !mayChoose('driver')}
            onChange={chooseDriver}
            data-testid="load-driver"
            {...selectConflictProps(conflictsOf('driver'), week.labelOf, 'load-driver-conflicts')}
          />
          <Select
            label={t('fields.tractor')}
            placeholder={equipmentPlaceholder(carrierTractor, carrierNamed?.tractorName)}
            data={tractorOptions}
            value={state.tractorId === null || carrierTractor ? null : String(state.tractorId)}
            clearable
            searchable
            disabled={readOnly || !mayChoose('tractor')}
            onChange={(value) => update({ tractorId: value ? Number(value) : null })}
            data-testid="load-tractor"
            {...selectConflictProps(conflictsOf('tractor'), week.labelOf, 'load-tractor-conflicts')}
          />
          <Select
            label={t('fields.trailer')}
            placeholder={equipmentPlaceholder(carrierTrailer, carrierNamed?.trailerName)}
            data={trailerOptions}
            value={state.trailerId === null || carrierTrailer ? null : String(state.trailerId)}
            clearable
            searchable
            disabled={readOnly || !mayChoose('trailer')}
            onChange={(value) => update({ trailerId: value ? Number(value) : null })}
            data-testid="load-trailer"
            {...selectConflictProps(conflictsOf('trailer'), week.labelOf, 'load-trailer-conflicts')}
          />
          <Stack gap={2}>
            <Text size="sm" fw={500}>
              {t('fields.status')}
            </Text>
            <Badge variant="light" data-testid="load-status">
              {statusLabel}
            </Badge>
          </Stack>
        </SimpleGrid>

        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={3} size="h5">
            {t('stops.title')}
          </Title>
          {!readOnly && (
            <Group gap="xs" align="flex-end" wrap="wrap">
              <Select
                label={t('autoTimes.from')}
                data={state.stops.map((stop, index) => ({
                  value: String(index),
                  label: `${stop.sequence}. ${locationName(stop.organizationLocationId)}`,
                }))}
                value={String(fromIndex)}
                allowDeselect={false}
                onChange={(value) => setFromIndex(Number(value ?? 0))}
                w={220}
                data-testid="auto-times-from"
              />
              <Button
                variant="light"
                leftSection={<IconClockPlay size={18} />}
                disabled={!canCalculate || autoTimes.stage !== 'idle'}
                loading={autoTimes.stage !== 'idle'}
                onClick={() => void calculate()}
                title={cannotCalculateReason ?? undefined}
                data-testid="auto-times"
              >
                {t('autoTimes.button')}
              </Button>
            </Group>
          )}
        </Group>
        {!readOnly && cannotCalculateReason !== null && (
          <Text size="xs" c="dimmed" data-testid="auto-times-reason">
            {cannotCalculateReason}
          </Text>
        )}
        {autoTimes.stage !== 'idle' && (
          <Stack gap={4} data-testid="auto-times-progress" aria-live="polite">
            <Progress value={autoTimes.stage === 'travel' ? 40 : 80} animated striped />
            <Text size="xs">{autoTimes.stage === 'travel' ? t('autoTimes.fetching') : t('autoTimes.computing')}</Text>
          </Stack>
        )}
        {calculationFailed && (
          <Alert color="red" onClose={() => setCalculationFailed(false)} withCloseButton>
            {t('autoTimes.failed')}
          </Alert>
        )}
        {unavailableStops.length > 0 && autoTimes.stage === 'idle' && (
          <Alert color="yellow" withCloseButton onClose={() => setUnavailableStops([])} data-testid="auto-times-unavailable">
            {t('autoTimes.unavailable', { stops: unavailableStops.join(', ') })}
          </Alert>
        )}

        <StopsEditor
          stops={state.stops}
          readOnly={readOnly}
          controlsOf={(index) => stopControls(state.stops, index, controlsContext)}
          lockReasonOf={(index) =>
            readOnly
              ? delivered
                ? t('locks.delivered')
                : t('locks.noPermission')
              : isCarrier
                ? t('locks.carrier')
                : stopControls(state.stops, index, controlsContext).locked
                  ? t('locks.completed')
                  : null
          }
          orderNumberEditable={(stop) => canEditOrderNumber(initialOrderNumbers.get(stop.clientKey) ?? null, orderHeaderClicks)}
          onOrderNumberHeaderClick={() => setOrderHeaderClicks((clicks) => clicks + 1)}
          measureOf={(stop) => measures[stop.clientKey ?? ''] ?? initialMeasure(stop)}
          onMeasure={(stop, measure) => setMeasures((current) => ({ ...current, [stop.clientKey ?? '']: measure }))}
          errors={shownErrors.stops}
          options={{
            locations: locationRows
              .filter((row) => row.enabled || state.stops.some((stop) => stop.organizationLocationId === row.id))
              .sort((a, b) => a.name.localeCompare(b.name))
              .map((row) => ({ value: String(row.id), label: row.name })),
            subLocationsOf: (id) =>
              (id === null ? [] : (locations.get(id)?.orgSubLocations ?? [])).map((sub) => ({
                value: String(sub.id),
                label: sub.name,
              })),
            cargoTypes: [...cargoTypes]
              .sort((a, b) => a.label.localeCompare(b.label))
              .map((row) => ({ value: String(row.id), label: row.label })),
            customers: customers
              .filter((row) => row.pendingChange !== 'delete' || state.stops.some((stop) => stop.customerId === row.id))
              .sort((a, b) => a.customerName.localeCompare(b.customerName))
              .map((row) => ({ value: String(row.id), label: row.customerName })),
          }}
          timezone={timezone}
          weightUnit={weightUnit}
          onChange={(index, patch) =>
            updateStops((stops) => stops.map((stop, at) => (at === index ? { ...stop, ...patch } : stop)))
          }
          onType={(index, type) => updateStops((stops) => changeStopType(stops, index, type))}
          onCargoType={(index, cargoTypeId) => updateStops((stops) => chooseCargoType(stops, index, cargoTypeId))}
          onSplit={(index) => updateStops((stops) => splitStop(stops, index))}
          onDelete={(index) => {
            updateStops((stops) => removeStop(stops, index));
            setFromIndex(0);
          }}
          onMove={(from, to) => {
            updateStops((stops) => moveStop(stops, from, to));
            setFromIndex(0);
          }}
        />
        {canAdd && (
          <Button
            variant="default"
            leftSection={<IconPlus size={18} />}
            w="fit-content"
            onClick={() => updateStops((stops) => addStop(stops))}
            data-testid="add-stop"
          >
            {t('stops.add')}
          </Button>
        )}

        <StopsMapPanel stops={state.stops} locations={locations} standardRoutes={standardRoutes} />

        {attempted && hasErrors(errors) && (
          <Alert color="red" data-testid="load-editor-errors">
            {errors.form.length > 0 ? errors.form.map(errorText).join(' ') : t('errors.fixFields')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-testid="load-editor-cancel">
            {variant === 'inline' ? t('actions.close') : t('actions.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" leftSection={<IconDeviceFloppy size={18} />} disabled={!dirty} data-testid="load-editor-save">
              {t('actions.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
