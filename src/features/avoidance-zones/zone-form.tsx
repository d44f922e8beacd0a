import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvoidanceZone } from '#core/contract/avoidance-zones';
import { DEFAULT_ZONE_SIDE_METERS, MAX_ZONE_SIDE, ZONE_SITE_ZOOM, zoneOfSize, zoneSize } from '#core/domain/avoidance-zones';
import { isGeofencePlaced, UNPLACED_LATITUDE } from '#core/domain/master-data/locations';
import {
  distanceUnitLabel,
  distanceUnitToMeters,
  metersToDistanceUnit,
  WEIGHT_UNIT_ABBREVIATIONS,
  weightInputStep,
} from '#core/domain/units';
import { useMirrorList } from '#src/data/loads.ts';
import { queuesOffline, useDeleteMasterData, useQueueRecordChange } from '#src/data/master-data.ts';
import { CoordinateInputs } from '#src/ui/coordinate-inputs.tsx';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { errorMessage, useRecordForm } from '#src/features/administration/forms/use-record-form.ts';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import { geocodeAddress } from '#src/features/locations/location-queries.ts';
import type { BackdropShape, MapFocus } from '#src/map/geofence-editor.tsx';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { bindFields, type FieldError } from '#src/ui/form-fields.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { zoneColor } from './zone-color.ts';
import {
  addressQuery,
  canSearchAddress,
  type ZoneAddress,
  type ZoneValues,
  zoneCoordinateErrors,
  zoneErrors,
  zoneInput,
  zoneValues,
} from './zone-values.ts';

// OpenLayers is loaded with the map only.
const GeofenceEditor = lazy(() => import('#src/map/geofence-editor.tsx'));

const UNPLACED = { latitude: UNPLACED_LATITUDE, longitude: 0, radius: null, bbox: null };
type LocationTab = 'site' | 'point' | 'address';

/** The avoidance zone form (spec 2 §5): fields on the left, the zone on the map on the right. */
export function ZoneForm({
  context,
  row,
  others,
  onClose,
}: {
  context: AdminContext;
  row: AvoidanceZone | null;
  /** The other zones, drawn beneath in their colours. */
  others: BackdropShape[];
  onClose: () => void;
}) {
  const { t } = useTranslation('avoidance-zones');
  const form = useRecordForm({
    collection: 'avoidanceZones',
    organizationId: context.organizationId,
    row,
    toValues: (zone) => zoneValues(zone, context.weightUnit),
    toInput: (values) => zoneInput(values, context.weightUnit),
    nameOf: (zone) => zone.name,
    onSaved: () => onClose(),
  });
  const { values, setValues } = form;
  const set = (change: Partial<ZoneValues>) => setValues((previous) => ({ ...previous, ...change }));
  const errors = zoneErrors(values);
  // t('avoidance-zones:errors.required'), t('avoidance-zones:errors.tooLong'), t('avoidance-zones:errors.noLocation'),
  // t('avoidance-zones:errors.weightThreshold'), t('avoidance-zones:errors.cargoTypes')
  const describe = (error: FieldError) => t(error.key, error.values ?? {});
  const fields = bindFields(form, errors, describe);
  const permissions = context.self.permissions;
  const mayModifyGlobal = permissions.includes('ModifyGlobalAvoidanceZones');
  const creating = form.isNew;

  // Width and height in the user's distance unit; the shape a new zone takes.
  const system = context.self.contact.units;
  const unit = distanceUnitLabel(system);
  const [shape, setShape] = useState<'rectangle' | 'circle'>(values.area?.radius != null ? 'circle' : 'rectangle');
  const size = values.area
    ? zoneSize(values.area)
    : { widthMeters: DEFAULT_ZONE_SIDE_METERS, heightMeters: DEFAULT_ZONE_SIDE_METERS };
  const inUnit = (meters: number) => Math.round(metersToDistanceUnit(meters, system) * 100) / 100;
  const placeAt = (center: { latitude: number; longitude: number }, focusMap: boolean) => {
    set({ area: zoneOfSize(center, shape, size.widthMeters, size.heightMeters) });
    if (focusMap) setFocus({ ...center, zoom: ZONE_SITE_ZOOM, request: Date.now() });
  };
  const resize = (side: 'width' | 'height', value: number | string) => {
    if (!values.area || typeof value !== 'number' || value <= 0 || value > MAX_ZONE_SIDE) return;
    const meters = distanceUnitToMeters(value, system);
    set({
      area: zoneOfSize(
        values.area,
        shape,
        side === 'width' ? meters : size.widthMeters,
        side === 'height' ? meters : size.heightMeters,
      ),
    });
  };

  const [focus, setFocus] = useState<MapFocus | null>(() =>
    values.area ? { latitude: values.area.latitude, longitude: values.area.longitude, zoom: ZONE_SITE_ZOOM, request: 0 } : null,
  );

  // The three ways to place a new zone (spec 2 §5).
  const [tab, setTab] = useState<LocationTab>('point');
  const sites = useMirrorList('locations').data;
  const siteOptions = useMemo(
    () =>
      (sites ?? [])
        .filter((site) => site.organizationId === context.organizationId && isGeofencePlaced(site.customGeofence))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((site) => ({ value: String(site.id), label: site.name })),
    [sites, context.organizationId],
  );
  const [siteId, setSiteId] = useState<string | null>(null);
  const chooseSite = (id: string | null) => {
    setSiteId(id);
    const site = sites?.find((entry) => String(entry.id) === id);
    if (site) placeAt(site.customGeofence, true);
  };
  const [address, setAddress] = useState<ZoneAddress>({ address1: '', address2: '', city: '', state: '', postalCode: '' });
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<'none' | 'found' | 'notFound'>('none');
  const search = async () => {
    setSearching(true);
    const position = await geocodeAddress(addressQuery(address));
    setSearching(false);
    setFound(position ? 'found' : 'notFound');
    if (position) placeAt({ latitude: position.lat, longitude: position.lng }, true);
  };
  const [typed, setTyped] = useState<{ latitude: number | ''; longitude: number | '' }>({ latitude: '', longitude: '' });
  // t('avoidance-zones:errors.invalidLatitude'), t('avoidance-zones:errors.invalidLongitude')
  const typedErrors = zoneCoordinateErrors(typed.latitude, typed.longitude);
  const canPlaceTyped = typed.latitude !== '' && typed.longitude !== '' && !typedErrors.latitude && !typedErrors.longitude;

  const cargoTypes = useMirrorList('cargoTypes').data ?? [];
  const cargoOptions = cargoTypes.map((cargo) => ({ value: String(cargo.id), label: cargo.label }));

  // Activate/Deactivate saves at once: the flag waits for the render holding the new state.
  const [saveAfterToggle, setSaveAfterToggle] = useState(false);
  useEffect(() => {
    if (!saveAfterToggle) return;
    setSaveAfterToggle(false);
    void form.save();
  }, [saveAfterToggle, form]);

  const [confirmDelete, setConfirmDelete] = useState(false);
  const online = useOnlineStatus();
  const queueChange = useQueueRecordChange();
  const remove = useDeleteMasterData(context.organizationId, 'avoidanceZones');
  const deleteZone = async () => {
    const stored = form.row;
    if (!stored) return;
    setConfirmDelete(false);
    if ((!online || stored.id < 0) && queuesOffline('avoidanceZones', 'delete')) {
      queueChange({
        organizationId: context.organizationId,
        store: 'avoidanceZones',
        recordId: stored.id,
        change: { kind: 'delete' },
        label: stored.name,
      });
      notifications.show({ color: 'blue', message: t('deleteQueued', { name: stored.name }) });
      onClose();
      return;
    }
    try {
      await remove.mutateAsync(stored.id);
      notifications.show({ color: 'green', message: t('deleted', { name: stored.name }) });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', title: t('notDeleted'), message: errorMessage(error) });
    }
  };

  const mapHeight = useMediaQuery('(min-width: 62em)', true) ? 420 : 320;
  const hasErrors = Object.values(errors).some((error) => error !== undefined);
  const area = values.area;
  const mapPane = (
    <Stack gap="xs" pos="sticky" top={0}>
      {creating && (
        <SegmentedControl
          aria-label={t('shape.label')}
          data={[
            { value: 'rectangle', label: t('shape.rectangle') },
            { value: 'circle', label: t('shape.circle') },
          ]}
          value={shape}
          onChange={(next) => {
            const nextShape = next as 'rectangle' | 'circle';
            setShape(nextShape);
            if (area) set({ area: zoneOfSize(area, nextShape, size.widthMeters, size.heightMeters) });
          }}
          data-testid="zone-shape"
        />
      )}
      <Text size="xs" c="dimmed" aria-live="polite">
        {!area ? t('map.hintNone') : creating ? t('map.hintEdit') : t('map.hintLocked')}
      </Text>
      {area && (
        <Text size="sm" data-testid="zone-summary">
          {t('map.summary', { latitude: area.latitude.toFixed(5), longitude: area.longitude.toFixed(5) })}
        </Text>
      )}
      <Box h={mapHeight}>
        <Suspense fallback={<Skeleton h="100%" />}>
          <GeofenceEditor
            label={t('map.label')}
            geofence={area ?? UNPLACED}
            tool="none"
            focus={focus}
            editable={creating}
            backdrop={others}
            testId="zone-map"
            color={zoneColor({
              organizationId: values.global ? null : context.organizationId,
              deactivatedAt: values.active ? null : 'deactivated',
            })}
            height={mapHeight}
            // Centred at zoom 14 where clicked: a zone of 500 m is then large enough to drag and resize.
            onMapClick={creating && tab === 'point' ? (point) => placeAt(point, true) : undefined}
            onToolDone={() => {}}
            onGeofenceChange={(geofence) => {
              if (creating) set({ area: geofence });
            }}
          />
        </Suspense>
      </Box>
      <SimpleGrid cols={2} spacing="xs">
        <NumberInput
          label={t('fields.width', { unit })}
          value={inUnit(size.widthMeters)}
          min={0}
          max={MAX_ZONE_SIDE}
          step={0.01}
          decimalScale={2}
          disabled={!creating || !area}
          onChange={(value) => resize('width', value)}
          description={t('fields.sideMax', { max: MAX_ZONE_SIDE, unit })}
          data-testid="zone-width"
        />
        <NumberInput
          label={t('fields.height', { unit })}
          value={inUnit(size.heightMeters)}
          min={0}
          max={MAX_ZONE_SIDE}
          step={0.01}
          decimalScale={2}
          disabled={!creating || !area || shape === 'circle'}
          onChange={(value) => resize('height', value)}
          data-testid="zone-height"
        />
      </SimpleGrid>
    </Stack>
  );

  const stored = form.row;
  const footerStart = stored ? (
    <>
      <Button
        variant="light"
        color={values.active ? 'orange' : 'green'}
        onClick={() => {
          set({ active: !values.active });
          setSaveAfterToggle(true);
        }}
        disabled={hasErrors || form.saving}
        data-testid="zone-toggle-active"
      >
        {values.active ? t('deactivate') : t('activate')}
      </Button>
      {permissions.includes('EditAvoidanceZones') && (
        <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)} data-testid="zone-delete">
          {t('delete')}
        </Button>
      )}
    </>
  ) : undefined;

  return (
    <>
      <FormModal
        {...form.modal}
        title={creating ? t('createTitle') : t('editTitle', { name: stored?.name })}
        canSave={!hasErrors}
        saveBlockedReason={area ? null : t('errors.noLocation')}
        saveLabel={creating ? t('createZone') : t('saveChanges')}
        footerStart={footerStart}
        covered={confirmDelete}
        onClose={onClose}
        testId="zone-form"
        mapPane={mapPane}
        mapLabel={t('map.pane')}
        size="80rem"
      >
        {!values.active && (
          <Badge color="gray" data-testid="zone-deactivated">
            {t('deactivatedBadge')}
          </Badge>
        )}
        <TextInput
          label={t('fields.name')}
          data-autofocus
          {...fields.text('name', { required: true })}
          maxLength={ZONE_TEXT_LIMIT}
          data-testid="zone-name"
        />
        <Textarea
          label={t('fields.description')}
          autosize
          minRows={2}
          {...fields.text('description')}
          maxLength={ZONE_TEXT_LIMIT}
          data-testid="zone-description"
        />
        {mayModifyGlobal && (
          <Checkbox
            label={t('fields.global')}
            description={t('fields.globalHelp')}
            {...fields.checkbox('global')}
            disabled={!creating}
            data-testid="zone-global"
          />
        )}
        {creating && (
          <Tabs value={tab} onChange={(next) => next && setTab(next as LocationTab)} keepMounted={false}>
            <Tabs.List aria-label={t('tabs.label')}>
              <Tabs.Tab value="site" data-testid="zone-tab-site">
                {t('tabs.site')}
              </Tabs.Tab>
              <Tabs.Tab value="point" data-testid="zone-tab-point">
                {t('tabs.point')}
              </Tabs.Tab>
              <Tabs.Tab value="address" data-testid="zone-tab-address">
                {t('tabs.address')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="site" pt="xs">
              <Select
                label={t('fields.site')}
                placeholder={t('fields.sitePlaceholder')}
                data={siteOptions}
                value={siteId}
                onChange={chooseSite}
                searchable
                nothingFoundMessage={t('noSites')}
                data-testid="zone-site"
              />
            </Tabs.Panel>
            <Tabs.Panel value="point" pt="xs">
              <Text size="sm" c="dimmed">
                {t('pointHelp')}
              </Text>
            </Tabs.Panel>
            <Tabs.Panel value="address" pt="xs">
              <Stack gap="xs">
                <TextInput
                  label={t('fields.address1')}
                  value={address.address1}
                  maxLength={ZONE_TEXT_LIMIT}
                  onChange={(event) => setAddress({ ...address, address1: event.currentTarget.value })}
                  data-testid="zone-address1"
                />
                <TextInput
                  label={t('fields.address2')}
                  value={address.address2}
                  maxLength={ZONE_TEXT_LIMIT}
                  onChange={(event) => setAddress({ ...address, address2: event.currentTarget.value })}
                  data-testid="zone-address2"
                />
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
                  <TextInput
                    label={t('fields.city')}
                    value={address.city}
                    maxLength={ZONE_TEXT_LIMIT}
                    onChange={(event) => setAddress({ ...address, city: event.currentTarget.value })}
                    data-testid="zone-city"
                  />
                  <TextInput
                    label={t('fields.state')}
                    value={address.state}
                    maxLength={ZONE_TEXT_LIMIT}
                    onChange={(event) => setAddress({ ...address, state: event.currentTarget.value })}
                    data-testid="zone-state"
                  />
                  <TextInput
                    label={t('fields.postalCode')}
                    value={address.postalCode}
                    maxLength={ZONE_TEXT_LIMIT}
                    onChange={(event) => setAddress({ ...address, postalCode: event.currentTarget.value })}
                    data-testid="zone-postal-code"
                  />
                </SimpleGrid>
                <Group>
                  <ExplainedButton
                    variant="light"
                    onClick={search}
                    loading={searching}
                    needsConnection
                    disabledReason={canSearchAddress(address) ? null : t('searchNeedsAddress')}
                    data-testid="zone-search"
                  >
                    {t('search')}
                  </ExplainedButton>
                  {found === 'notFound' && (
                    <Text size="sm" c="dimmed" role="status" data-testid="zone-not-found">
                      {t('notFound')}
                    </Text>
                  )}
                </Group>
                <Group gap="xs" align="flex-start" wrap="wrap">
                  <CoordinateInputs
                    value={typed}
                    onChange={setTyped}
                    labels={{ latitude: t('fields.latitude'), longitude: t('fields.longitude') }}
                    errors={{
                      latitude: typedErrors.latitude ? t(typedErrors.latitude) : undefined,
                      longitude: typedErrors.longitude ? t(typedErrors.longitude) : undefined,
                    }}
                    width={150}
                    testIdPrefix="zone"
                  />
                  <Button
                    mt={25}
                    variant="light"
                    disabled={!canPlaceTyped}
                    onClick={() => placeAt({ latitude: typed.latitude as number, longitude: typed.longitude as number }, true)}
                    data-testid="zone-place"
                  >
                    {t('place')}
                  </Button>
                </Group>
              </Stack>
            </Tabs.Panel>
          </Tabs>
        )}
        {!area && (
          <Alert color="yellow" role="status" data-testid="zone-no-location">
            {t('errors.noLocation')}
          </Alert>
        )}
        <Select
          label={t('fields.restriction')}
          // t('avoidance-zones:restriction.none'), t('avoidance-zones:restriction.weight'), t('avoidance-zones:restriction.cargoType')
          data={(['none', 'weight', 'cargoType'] as const).map((value) => ({ value, label: t(`restriction.${value}`) }))}
          value={values.restriction}
          allowDeselect={false}
          onChange={(restriction) => restriction && set({ restriction: restriction as ZoneValues['restriction'] })}
          data-testid="zone-restriction"
        />
        {values.restriction === 'weight' && (
          <NumberInput
            label={t('fields.weightThreshold', { unit: WEIGHT_UNIT_ABBREVIATIONS[context.weightUnit] })}
            {...fields.number('weightThreshold', { required: true })}
            min={0}
            step={weightInputStep(context.weightUnit)}
            data-testid="zone-weight"
          />
        )}
        {values.restriction === 'cargoType' && (
          <MultiSelect
            label={t('fields.cargoTypes')}
            data={cargoOptions}
            value={values.cargoTypeIds}
            onChange={(cargoTypeIds) => set({ cargoTypeIds })}
            error={errors.cargoTypeIds && (form.dirty || !creating) ? describe(errors.cargoTypeIds) : undefined}
            searchable
            required
            data-testid="zone-cargo-types"
          />
        )}
      </FormModal>
      <Modal opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('deleteTitle')} size="sm">
        <Text>{t('deleteQuestion', { name: stored?.name })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmDelete(false)} data-testid="zone-delete-no">
            {t('no')}
          </Button>
          <Button color="red" onClick={deleteZone} loading={remove.isPending} data-testid="zone-delete-yes">
            {t('yes')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

/** Beyond the rule's 200, so a pasted longer text shows its error instead of being cut. */
const ZONE_TEXT_LIMIT = 250;
