import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GROUP_COLORS,
  geofenceMoved,
  isGeofencePlaced,
  isSiteCategory,
  LOCATION_ZOOM,
  NAME_UNLOCK_CLICKS,
} from '#core/domain/master-data/locations';
import { MANAGEMENT_ROLE_IDS } from '#core/domain/master-data/people';
import { endsStandardRoute } from '#core/domain/standard-routes';
import { useMirrorList } from '#src/data/loads.ts';
import { CoordinateInputs } from '#src/ui/coordinate-inputs.tsx';
import { useOnlineStatus } from '#src/data/online-status.ts';
import { bindFields, type FieldError } from '#src/ui/form-fields.ts';
import { FormModal } from '#src/ui/form-modal.tsx';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { useRecordForm } from '#src/features/administration/forms/use-record-form.ts';
import type { AdminContext } from '#src/features/administration/use-admin-context.ts';
import type { BackdropShape, GeofenceTool, MapFocus } from '#src/map/geofence-editor.tsx';
import { LocationImages, type PendingImages, savePendingImages } from './location-images.tsx';
import { geocodeAddress, locationThroughputQuery, locationTypesQuery, saveLocationThroughput } from './location-queries.ts';
import {
  coordinateErrors,
  type Location,
  type LocationValues,
  locationErrors,
  locationInput,
  locationValues,
  newSubLocationKey,
  type ThroughputRowValues,
  throughputErrors,
  throughputInput,
  throughputValues,
} from './location-values.ts';
import { ThroughputEditor } from './throughput-editor.tsx';

// OpenLayers is loaded with the form's map only, never with the table.
const GeofenceEditor = lazy(() => import('#src/map/geofence-editor.tsx'));
/** The other sites' outline (grey), apart from the edited geofence's blue. */
const OTHER_SITE_COLOR = '#868e96';

/** The location form (spec 2 §4): fields on the left, the geofence on the map on the right. */
export function LocationForm({ context, row, onClose }: { context: AdminContext; row: Location | null; onClose: () => void }) {
  const { t } = useTranslation('locations');
  const queryClient = useQueryClient();
  const [images, setImages] = useState<PendingImages>({ added: [], removed: [] });
  const [throughput, setThroughput] = useState<ThroughputRowValues[] | null>(null);
  const [throughputDirty, setThroughputDirty] = useState(false);
  const [finishing, setFinishing] = useState(false);

  const finishSave = async (saved?: Location) => {
    // Spec 2 §4: the location, then its images (new uploaded, removed deleted), then throughput, then close.
    if (saved) {
      setFinishing(true);
      try {
        await savePendingImages(context.organizationId, saved.id, images);
        if (throughput && throughputDirty) {
          await saveLocationThroughput(context.organizationId, saved.id, throughputInput(throughput, context.weightUnit));
        }
      } catch {
        notifications.show({ color: 'red', title: t('notSavedExtras'), message: t('extrasNeedRetry') });
      } finally {
        await queryClient.invalidateQueries({ queryKey: ['location-images', context.organizationId, saved.id] });
        await queryClient.invalidateQueries({ queryKey: ['location-throughput', context.organizationId, saved.id] });
        await queryClient.invalidateQueries({ queryKey: ['throughput', context.organizationId] });
        setFinishing(false);
      }
    }
    onClose();
  };

  const form = useRecordForm({
    collection: 'locations',
    organizationId: context.organizationId,
    row,
    toValues: locationValues,
    toInput: locationInput,
    nameOf: (location) => location.name,
    onSaved: finishSave,
  });
  const { values, setValues } = form;
  const set = (change: Partial<LocationValues>) => setValues((previous) => ({ ...previous, ...change }));
  const errors = locationErrors(values);
  // The rules' keys: t('locations:errors.required'), t('locations:errors.tooLong'),
  // t('locations:errors.subLocationName'), t('locations:warningCreateGeozone').
  const describe = (error: FieldError) => t(error.key, error.values ?? {});
  const fields = bindFields(form, errors, describe);

  const types = useQuery(locationTypesQuery);
  const category = types.data?.find((type) => String(type.id) === values.organizationLocationTypeId)?.category;
  const site = types.data === undefined || isSiteCategory(category);
  const customers = useMirrorList('customers').data ?? [];
  const loadingTeams = useMirrorList('loadingTeams').data ?? [];
  const users = useMirrorList('users').data ?? [];
  const own = <Row extends { organizationId: number }>(rows: readonly Row[]) =>
    rows.filter((entry) => entry.organizationId === context.organizationId);
  // Spec 2 §4: site managers are the users holding a management role, sorted by name.
  const managerOptions = useMemo(
    () =>
      own(users)
        .filter((user) => user.roleIds.some((role) => MANAGEMENT_ROLE_IDS.includes(role)))
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((user) => ({ value: String(user.id), label: user.name })),
    [users, context.organizationId],
  );

  const stored = form.row;
  const throughputQuery = useQuery({
    ...locationThroughputQuery(context.organizationId, stored?.id ?? 0),
    enabled: stored !== null && stored.id > 0,
  });
  const storedRules = throughputQuery.data;
  // The stored rules go into the editor once read; the user's rows are never replaced after.
  useEffect(() => {
    if (storedRules) setThroughput((rows) => rows ?? throughputValues(storedRules, context.weightUnit));
  }, [storedRules, context.weightUnit]);
  const throughputRows = throughput ?? (stored && stored.id > 0 ? null : []);
  const throughputProblem = throughputRows ? throughputErrors(throughputRows) : null;

  // The name of a stored location is locked until clicked seven times (spec 2 §4).
  const [nameClicks, setNameClicks] = useState(0);
  const nameLocked = !form.isNew && nameClicks < NAME_UNLOCK_CLICKS;

  const [tool, setTool] = useState<GeofenceTool>('none');
  const sites = useMirrorList('locations').data;
  const [focus, setFocus] = useState<MapFocus | null>(() =>
    isGeofencePlaced(values.customGeofence) ? { ...values.customGeofence, zoom: LOCATION_ZOOM.existing, request: 0 } : null,
  );
  // A new location starts at zoom 14 amid the organization's other sites, once they are read.
  const siteCentre = useMemo(() => {
    const placedSites = (sites ?? []).filter(
      (entry) => entry.organizationId === context.organizationId && isGeofencePlaced(entry.customGeofence),
    );
    if (!placedSites.length) return null;
    const mean = (pick: (entry: (typeof placedSites)[number]) => number) =>
      placedSites.reduce((sum, entry) => sum + pick(entry), 0) / placedSites.length;
    return {
      latitude: mean((entry) => entry.customGeofence.latitude),
      longitude: mean((entry) => entry.customGeofence.longitude),
    };
  }, [sites, context.organizationId]);
  useEffect(() => {
    if (siteCentre) setFocus((current) => current ?? { ...siteCentre, zoom: LOCATION_ZOOM.new, request: 0 });
  }, [siteCentre]);
  // The organization's other sites drawn beneath, so a geofence is placed beside its neighbours, not over them.
  const otherSites = useMemo(
    (): BackdropShape[] =>
      (sites ?? [])
        .filter(
          (entry) =>
            entry.organizationId === context.organizationId && entry.id !== stored?.id && isGeofencePlaced(entry.customGeofence),
        )
        .map((entry) => ({ key: String(entry.id), area: entry.customGeofence, color: OTHER_SITE_COLOR })),
    [sites, context.organizationId, stored?.id],
  );
  const [locating, setLocating] = useState(false);
  const [located, setLocated] = useState<'none' | 'found' | 'notFound'>('none');
  const locate = async () => {
    setLocating(true);
    const query = [values.address1, values.address2, values.city, values.state, values.postalCode, values.country]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', ');
    const position = await geocodeAddress(query);
    setLocating(false);
    setLocated(position ? 'found' : 'notFound');
    if (position)
      setFocus({ latitude: position.lat, longitude: position.lng, zoom: LOCATION_ZOOM.geocoded, request: Date.now() });
  };

  // Coordinates typed by hand: the keyboard's way to place a circle geofence.
  const [typed, setTyped] = useState<{ latitude: number | ''; longitude: number | ''; radius: number | '' }>({
    latitude: '',
    longitude: '',
    radius: 100,
  });
  // t('locations:errors.invalidLatitude'), t('locations:errors.invalidLongitude')
  const typedErrors = coordinateErrors(typed.latitude, typed.longitude);
  const canPlaceTyped =
    typed.latitude !== '' &&
    typed.longitude !== '' &&
    typed.radius !== '' &&
    typed.radius > 0 &&
    !typedErrors.latitude &&
    !typedErrors.longitude;
  const placeTyped = () => {
    if (!canPlaceTyped) return;
    const geofence = {
      latitude: typed.latitude as number,
      longitude: typed.longitude as number,
      radius: typed.radius as number,
      bbox: null,
    };
    set({ customGeofence: geofence });
    setFocus({ latitude: geofence.latitude, longitude: geofence.longitude, zoom: LOCATION_ZOOM.new, request: Date.now() });
  };

  const placed = isGeofencePlaced(values.customGeofence);
  // Spec 2: a site that ends a standard route keeps its geofence (the server refuses it too).
  const standardRoutes = useMirrorList('standardRoutes').data ?? [];
  const movesRouteEnd =
    stored !== null &&
    stored.id > 0 &&
    endsStandardRoute(standardRoutes, stored.id) &&
    geofenceMoved(stored.customGeofence, values.customGeofence);
  const addSubLocation = (point: { latitude: number; longitude: number }) =>
    setValues((previous) => ({
      ...previous,
      subLocations: [
        ...previous.subLocations,
        {
          key: newSubLocationKey(),
          id: null,
          name: t('subLocationName', { number: previous.subLocations.length + 1 }),
          ...point,
        },
      ],
    }));

  const hasFieldErrors = Object.entries(errors).some(([field, error]) => field !== 'customGeofence' && error !== undefined);
  const online = useOnlineStatus();
  const mapPane = (
    // The map stays in view while the fields beside it scroll.
    <Stack gap="xs" pos="sticky" top={0}>
      <Group gap="xs" role="toolbar" aria-label={t('map.tools')}>
        <Button
          size="xs"
          variant={tool === 'rectangle' ? 'filled' : 'light'}
          onClick={() => setTool(tool === 'rectangle' ? 'none' : 'rectangle')}
          aria-pressed={tool === 'rectangle'}
          data-testid="draw-rectangle"
        >
          {t('map.rectangle')}
        </Button>
        <Button
          size="xs"
          variant={tool === 'circle' ? 'filled' : 'light'}
          onClick={() => setTool(tool === 'circle' ? 'none' : 'circle')}
          aria-pressed={tool === 'circle'}
          data-testid="draw-circle"
        >
          {t('map.circle')}
        </Button>
        <Button
          size="xs"
          variant={tool === 'subLocation' ? 'filled' : 'light'}
          disabled={!placed}
          onClick={() => setTool(tool === 'subLocation' ? 'none' : 'subLocation')}
          aria-pressed={tool === 'subLocation'}
          data-testid="draw-sub-location"
        >
          {t('map.subLocation')}
        </Button>
      </Group>
      {/* t('locations:map.hint.rectangle'), t('locations:map.hint.circle'), t('locations:map.hint.subLocation') */}
      <Text size="xs" c="dimmed" aria-live="polite">
        {tool === 'none' ? t(placed ? 'map.hintEdit' : 'map.hintNone') : t(`map.hint.${tool}`)}
      </Text>
      {movesRouteEnd && (
        <Alert color="red" variant="light" data-testid="standard-route-end" role="alert">
          {t('errors.standardRouteEnd')}
        </Alert>
      )}
      {placed && (
        <Text size="sm" data-testid="geofence-summary">
          {values.customGeofence.bbox
            ? t('map.summaryRectangle', {
                latitude: values.customGeofence.latitude.toFixed(5),
                longitude: values.customGeofence.longitude.toFixed(5),
              })
            : t('map.summaryCircle', {
                latitude: values.customGeofence.latitude.toFixed(5),
                longitude: values.customGeofence.longitude.toFixed(5),
                radius: Math.round(values.customGeofence.radius ?? 0),
              })}
        </Text>
      )}
      {!placed && (
        <Alert color="yellow" role="status" data-testid="geofence-warning">
          {t('warningCreateGeozone')}
        </Alert>
      )}
      <Stack h={{ base: 320, md: 420 }} gap={0}>
        <Suspense fallback={<Skeleton h="100%" />}>
          <GeofenceEditor
            label={t('map.label')}
            geofence={values.customGeofence}
            subLocations={values.subLocations}
            tool={tool}
            focus={focus}
            backdrop={otherSites}
            onToolDone={() => setTool('none')}
            onGeofenceChange={(customGeofence) => set({ customGeofence })}
            onSubLocationAdd={addSubLocation}
            onSubLocationMove={(key, point) =>
              setValues((previous) => ({
                ...previous,
                subLocations: previous.subLocations.map((sub) => (sub.key === key ? { ...sub, ...point } : sub)),
              }))
            }
          />
        </Suspense>
      </Stack>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <CoordinateInputs
          value={typed}
          onChange={setTyped}
          labels={{ latitude: t('fields.latitude'), longitude: t('fields.longitude') }}
          errors={{
            latitude: typedErrors.latitude ? t(typedErrors.latitude) : undefined,
            longitude: typedErrors.longitude ? t(typedErrors.longitude) : undefined,
          }}
          width={130}
          testIdPrefix="geofence"
        />
        <NumberInput
          label={t('fields.radius')}
          value={typed.radius}
          min={1}
          max={100_000}
          onChange={(radius) => setTyped((previous) => ({ ...previous, radius: typeof radius === 'number' ? radius : '' }))}
          w={110}
          data-testid="geofence-radius"
        />
        <Button size="sm" variant="light" disabled={!canPlaceTyped} onClick={placeTyped} data-testid="geofence-place">
          {t('map.placeCircle')}
        </Button>
      </Group>
    </Stack>
  );

  return (
    <FormModal
      {...form.modal}
      saving={form.saving || finishing}
      title={form.isNew ? t('createTitle') : t('editTitle', { name: form.row?.name })}
      canSave={!hasFieldErrors && throughputProblem === null}
      saveBlockedReason={movesRouteEnd ? t('errors.standardRouteEnd') : placed ? null : t('warningCreateGeozone')}
      onClose={onClose}
      testId="location-form"
      mapPane={mapPane}
      mapLabel={t('map.pane')}
      size="90rem"
    >
      <Select
        label={t('fields.type')}
        required
        data={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
        value={values.organizationLocationTypeId}
        onChange={(value) => value && set({ organizationLocationTypeId: value })}
        allowDeselect={false}
        data-testid="location-type"
      />
      <TextInput
        label={t('fields.name')}
        data-autofocus
        {...fields.text('name', { required: true })}
        readOnly={nameLocked}
        onClick={() => setNameClicks((clicks) => clicks + 1)}
        description={nameLocked ? t('nameLocked', { count: NAME_UNLOCK_CLICKS - nameClicks }) : undefined}
        maxLength={250}
        data-testid="location-name"
      />
      <TextInput label={t('fields.description')} {...fields.text('description')} data-testid="location-description" />
      <Select
        label={t('fields.customer')}
        placeholder={t('noCustomer')}
        data={own(customers)
          .map((customer) => ({ value: String(customer.id), label: customer.customerName }))
          .sort((a, b) => a.label.localeCompare(b.label))}
        value={values.customerId}
        onChange={(customerId) => set({ customerId })}
        clearable
        searchable
        data-testid="location-customer"
      />
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('fields.address1')}
          {...fields.text('address1', { required: true })}
          style={{ flex: 1 }}
          data-testid="location-address1"
        />
        <ExplainedButton
          variant="light"
          onClick={locate}
          loading={locating}
          needsConnection
          disabledReason={values.address1.trim() === '' ? t('locateNeedsAddress') : null}
          data-testid="location-locate"
        >
          {t('locate')}
        </ExplainedButton>
      </Group>
      {located === 'notFound' && (
        <Text size="sm" c="dimmed" role="status" data-testid="locate-not-found">
          {t('locateNotFound')}
        </Text>
      )}
      <TextInput label={t('fields.address2')} {...fields.text('address2')} data-testid="location-address2" />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label={t('fields.city')} {...fields.text('city', { required: true })} data-testid="location-city" />
        <TextInput label={t('fields.state')} {...fields.text('state', { required: true })} data-testid="location-state" />
        <TextInput
          label={t('fields.postalCode')}
          {...fields.text('postalCode', { required: true })}
          data-testid="location-postal-code"
        />
        <TextInput label={t('fields.country')} {...fields.text('country')} data-testid="location-country" />
      </SimpleGrid>
      {site && (
        <>
          <TextInput label={t('fields.premiseId')} {...fields.text('premiseId')} data-testid="location-premise-id" />
          <Select
            label={t('fields.loadingTeam')}
            placeholder={t('noLoadingTeam')}
            data={own(loadingTeams).map((team) => ({ value: String(team.id), label: team.name }))}
            value={values.loadingTeamId}
            onChange={(loadingTeamId) => set({ loadingTeamId })}
            clearable
            data-testid="location-loading-team"
          />
          <MultiSelect
            label={t('fields.siteManagers')}
            data={managerOptions}
            value={values.userIds}
            onChange={(userIds) => set({ userIds })}
            searchable
            clearable
            data-testid="location-site-managers"
          />
        </>
      )}
      <Select
        label={t('fields.groupColor')}
        placeholder={t('noGroupColor')}
        // t('locations:colors.red'), t('locations:colors.green'), t('locations:colors.blue'),
        // t('locations:colors.orange'), t('locations:colors.yellow'), t('locations:colors.purple')
        data={GROUP_COLORS.map((color) => ({ value: color, label: t(`colors.${color}`) }))}
        value={values.groupColor}
        onChange={(groupColor) => set({ groupColor })}
        clearable
        data-testid="location-group-color"
      />
      <Group>
        <Switch label={t('fields.hasScale')} {...fields.checkbox('hasScale')} data-testid="location-has-scale" />
        <Switch label={t('fields.enabled')} {...fields.checkbox('enabled')} data-testid="location-enabled" />
      </Group>
      <Textarea
        label={t('fields.siteInstructions')}
        autosize
        minRows={2}
        maxRows={6}
        {...fields.text('siteInstructions')}
        data-testid="location-site-instructions"
      />

      <Title order={4} mt="sm">
        {t('subLocations')}
      </Title>
      {values.subLocations.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('noSubLocations')}
        </Text>
      )}
      {values.subLocations.map((sub, index) => (
        <Group key={sub.key} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={t('subLocationLabel', { number: index + 1 })}
            value={sub.name}
            onChange={(event) => {
              const name = event.currentTarget.value;
              setValues((previous) => ({
                ...previous,
                subLocations: previous.subLocations.map((entry) => (entry.key === sub.key ? { ...entry, name } : entry)),
              }));
            }}
            error={sub.name.trim() === '' ? t('errors.subLocationName') : undefined}
            style={{ flex: 1 }}
            data-testid={`sub-location-name-${index}`}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('removeSubLocation', { name: sub.name })}
            onClick={() =>
              setValues((previous) => ({
                ...previous,
                subLocations: previous.subLocations.filter((entry) => entry.key !== sub.key),
              }))
            }
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        disabled={!placed}
        onClick={() => addSubLocation({ latitude: values.customGeofence.latitude, longitude: values.customGeofence.longitude })}
        data-testid="add-sub-location"
      >
        {t('addSubLocation')}
      </Button>

      <LocationImages
        organizationId={context.organizationId}
        locationId={stored && stored.id > 0 ? stored.id : null}
        pending={images}
        onChange={setImages}
      />

      <Title order={4} mt="sm">
        {t('throughput.title')}
      </Title>
      {throughputRows === null ? (
        throughputQuery.isError ? (
          <Text size="sm" c="dimmed">
            {t('throughput.unavailable')}
          </Text>
        ) : (
          <Skeleton h={36} />
        )
      ) : (
        <ThroughputEditor
          rows={throughputRows}
          weightUnit={context.weightUnit}
          online={online}
          problem={throughputProblem}
          onChange={(rows) => {
            setThroughput(rows);
            setThroughputDirty(true);
          }}
        />
      )}
    </FormModal>
  );
}
