import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Menu,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAdjustments, IconCurrentLocation, IconList, IconSearch, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Component, lazy, memo, type ReactNode, Suspense, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceLocationEvent } from '#core/contract/realtime';
import { isActiveZone } from '#core/domain/avoidance-zones';
import {
  type DuplicateResourceKind,
  duplicatedResources,
  LIVE_MAP_SELECTED_ZOOM,
  matchesSearch,
  nextStop,
} from '#core/domain/live-map';
import { metersPerSecondToSpeedUnit, speedUnitLabel } from '#core/domain/units';
import { useDateTimeFormat } from '#src/data/date-time-format.ts';
import { latestDevicePositionsQuery } from '#src/data/device-positions.ts';
import { loadTrailQuery, tripEventsQuery } from '#src/data/load-details.ts';
import { accurateEnough } from '#core/domain/geo/trail';
import { useMirrorList } from '#src/data/loads.ts';
import { selfQuery } from '#src/data/session-queries.ts';
import { useSavePreferences } from '#src/features/loads/table/use-save-preferences.ts';
import { trackedLoadQuery } from './live-map-queries.ts';
import { NameOrder } from './name-order.ts';
import { type Roster, rosterOf } from './roster.ts';
import type { LiveMapDisplay, MapFocus } from './live-map-view.tsx';
import { StopsChart, type StopTimes } from './stops-chart.tsx';
import { DEFAULT_TRUCK_DISPLAY, type TruckDisplay } from './truck-layer.ts';

const LiveMapView = lazy(() => import('./live-map-view.tsx'));

/** Spec 1 §9: search debounce 300 ms. */
const SEARCH_DEBOUNCE_MS = 300;
/** Cards drawn at once; more on request (thousands of cards would cost the frames the map needs). */
const CARDS_PAGE = 50;
/** A picked site is centred at the product's default map zoom (spec 1 §9). */
const SITE_ZOOM = 12;
const SIDEBAR_WIDTH = 320;

const DEFAULT_DISPLAY: LiveMapDisplay = {
  ...DEFAULT_TRUCK_DISPLAY,
  mobileEvents: true,
  trailerEvents: true,
  augerOnEvents: true,
};
const CONTROLS = [
  'mobileLocations',
  'trailerLocations',
  'mobileHeading',
  'mobileSpeed',
  'trailerHeading',
  'mobileEvents',
  'trailerEvents',
  'augerOnEvents',
] as const satisfies readonly (keyof LiveMapDisplay)[];

/** The map's own failure (its code not loading): spec 1 §8 "map currently unavailable". */
class MapUnavailableBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface TrackedDevice {
  deviceId: number;
  /** Its place in the positions list (the roster's order: see `rosterOf`). */
  index: number;
  name: string;
  driverName: string | null;
  deviceName: string;
}

/** `/live-map` (spec 1 §2 "Live map"). */
export function LiveMapPage({
  selectedDeviceId: selectedId,
  onSelectDevice: setSelectedId,
}: {
  selectedDeviceId: number | null;
  onSelectDevice: (deviceId: number | null) => void;
}) {
  const { t } = useTranslation(['live-map', 'common']);
  const { data: self } = useQuery(selfQuery);
  const compact = useMediaQuery('(max-width: 62em)') ?? false;
  const [sidebarOpen, setSidebarOpen] = useState<boolean | null>(null);
  const showSidebar = sidebarOpen ?? !compact;
  const [typed, setTyped] = useState('');
  const [search] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [display, setDisplay] = useState<LiveMapDisplay>(DEFAULT_DISPLAY);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [recenter, setRecenter] = useState(0);
  const [cardsShown, setCardsShown] = useState(CARDS_PAGE);
  const [siteId, setSiteId] = useState<string | null>(null);
  const savePreferences = useSavePreferences();
  const { format: dateTime } = useDateTimeFormat();
  const formatTime = useCallback((iso: string) => dateTime.dateTime(iso), [dateTime]);

  // Read again on each opening (the socket keeps it current from there): a list another screen read
  // earlier may predate positions pushed before this page's socket connected.
  const positionsQuery = useQuery({ ...latestDevicePositionsQuery, refetchOnMount: 'always' });
  // Thousands of positions laid over the list every second: the sidebar and panels render them at
  // a lower priority, in slices React can interrupt, so a second's update is never one long task
  // (the map's markers move without React, by the socket's listener).
  const positions = useDeferredValue(positionsQuery.data);
  const previousRoster = useRef<Roster | null>(null);
  const roster = useMemo(() => rosterOf(previousRoster.current, positions ?? []), [positions]);
  previousRoster.current = roster;
  const devices = useMirrorList('devices').data;
  const drivers = useMirrorList('drivers').data;
  const locations = useMirrorList('locations').data;
  const zones = useMirrorList('avoidanceZones').data;

  const removedDrivers = useMemo(() => new Set(self?.preferences.removedDrivers ?? []), [self?.preferences.removedDrivers]);
  const enabledDrivers = useMemo(
    () => (drivers ?? []).filter((driver) => driver.enabled).sort((a, b) => a.name.localeCompare(b.name)),
    [drivers],
  );
  const driverNames = useMemo(() => new Map((drivers ?? []).map((driver) => [driver.id, driver.name])), [drivers]);
  const deviceNames = useMemo(() => new Map((devices ?? []).map((device) => [device.id, device.name])), [devices]);
  const units = self?.contact.units ?? 'Imperial';

  // "Device 12" for a device the mirror does not name (yet): made once per device, not per render.
  const unnamed = useMemo(() => {
    const names = new Map<number, string>();
    return (deviceId: number) => {
      let name = names.get(deviceId);
      if (name === undefined) {
        name = t('device', { id: deviceId });
        names.set(deviceId, name);
      }
      return name;
    };
  }, [t]);
  const nameOf = useCallback(
    (position: DeviceLocationEvent) =>
      (position.userId !== null ? driverNames.get(position.userId) : undefined) ??
      deviceNames.get(position.deviceId) ??
      unnamed(position.deviceId),
    [driverNames, deviceNames, unnamed],
  );
  const speedOf = useCallback(
    (position: DeviceLocationEvent) =>
      position.speed === null
        ? null
        : `${Math.round(metersPerSecondToSpeedUnit(position.speed, units))} ${speedUnitLabel(units)}`,
    [units],
  );
  const truckOptions = useMemo(
    () => ({
      label: (position: DeviceLocationEvent, shown: TruckDisplay) => {
        const speed = shown.mobileSpeed && position.deviceType === 'mobile' ? speedOf(position) : null;
        return speed ? `${nameOf(position)} · ${speed}` : nameOf(position);
      },
      allowed: (position: DeviceLocationEvent) => position.userId === null || !removedDrivers.has(position.userId),
    }),
    [nameOf, speedOf, removedDrivers],
  );

  // Sorted again only when the roster changes (not as devices move); the names' order is kept between sorts.
  const [nameOrder] = useState(() => new NameOrder());
  const tracked = useMemo((): TrackedDevice[] => {
    const devices: TrackedDevice[] = [];
    roster.positions.forEach((position, index) => {
      if (
        !truckOptions.allowed(position) ||
        !(position.deviceType === 'mobile' ? display.mobileLocations : display.trailerLocations)
      ) {
        return;
      }
      devices.push({
        deviceId: position.deviceId,
        index,
        name: nameOf(position),
        driverName: position.userId !== null ? (driverNames.get(position.userId) ?? null) : null,
        deviceName: deviceNames.get(position.deviceId) ?? unnamed(position.deviceId),
      });
    });
    return nameOrder.sort(devices, (device) => device.deviceId);
  }, [
    roster,
    truckOptions,
    display.mobileLocations,
    display.trailerLocations,
    nameOf,
    driverNames,
    deviceNames,
    unnamed,
    nameOrder,
  ]);
  const listed = useMemo(
    () =>
      tracked.filter((device) => {
        const { orderId } = roster.positions[device.index]!;
        return matchesSearch([device.name, device.deviceName, orderId === null ? null : String(orderId)], search);
      }),
    [tracked, roster, search],
  );
  const duplicates = useMemo(() => duplicatedResources(roster.positions), [roster]);
  // The roster's order is the positions' order: a device's place in one is its place in the other.
  const positionOf = (deviceId: number | null) => {
    const index = deviceId === null ? undefined : roster.indexOf.get(deviceId);
    return index === undefined ? null : (positions?.[index] ?? null);
  };
  const selected = positionOf(selectedId);
  const sites = useMemo(() => (locations ?? []).filter((location) => location.enabled), [locations]);
  const siteFences = useMemo(() => sites.map((site) => site.customGeofence), [sites]);
  const activeZones = useMemo(() => (zones ?? []).filter(isActiveZone), [zones]);

  const orderId = selected?.orderId ?? null;
  const loadTrail = useQuery({ ...loadTrailQuery(orderId ?? 0), enabled: orderId !== null });
  // The selected device's own points: a load's phone and trailer device report the same trip twice.
  const trail = useMemo(
    () => (loadTrail.data ?? []).filter((point) => point.deviceId === selectedId && accurateEnough(point)),
    [loadTrail.data, selectedId],
  );
  const events = useQuery({ ...tripEventsQuery(orderId ?? 0), enabled: orderId !== null });

  const select = useCallback(
    (position: DeviceLocationEvent) => {
      setSelectedId(position.deviceId);
      setFocus({ latitude: position.latitude, longitude: position.longitude, zoom: LIVE_MAP_SELECTED_ZOOM, request: Date.now() });
      if (compact) setSidebarOpen(false);
    },
    [setSelectedId, compact],
  );
  const selectById = useCallback((deviceId: number) => setSelectedId(deviceId), [setSelectedId]);
  const pickSite = (value: string | null) => {
    setSiteId(value);
    const site = sites.find((candidate) => String(candidate.id) === value);
    if (site)
      setFocus({
        latitude: site.customGeofence.latitude,
        longitude: site.customGeofence.longitude,
        zoom: SITE_ZOOM,
        request: Date.now(),
      });
  };
  const toggleDriver = (driverId: number, shown: boolean) =>
    void savePreferences((current) => {
      const removed = new Set(current.removedDrivers ?? []);
      if (shown) removed.delete(driverId);
      else removed.add(driverId);
      return { ...current, removedDrivers: [...removed] };
    });

  const controlLabels: Record<(typeof CONTROLS)[number], string> = {
    mobileLocations: t('controls.mobileLocations'),
    trailerLocations: t('controls.trailerLocations'),
    mobileHeading: t('controls.mobileHeading'),
    mobileSpeed: t('controls.mobileSpeed'),
    trailerHeading: t('controls.trailerHeading'),
    mobileEvents: t('controls.mobileEvents'),
    trailerEvents: t('controls.trailerEvents'),
    augerOnEvents: t('controls.augerOnEvents'),
  };
  const kindLabels: Record<DuplicateResourceKind, string> = {
    device: t('resourceKinds.device'),
    load: t('resourceKinds.load'),
    driver: t('resourceKinds.driver'),
    tractor: t('resourceKinds.tractor'),
    trailer: t('resourceKinds.trailer'),
  };

  const mapFallback = (
    <Alert color="gray" variant="light" data-testid="map-unavailable" role="status">
      {t('common:map.unavailable')}
    </Alert>
  );

  const sidebar = (
    <Paper
      withBorder
      p="sm"
      data-testid="live-map-sidebar"
      style={
        compact
          ? {
              position: 'absolute',
              inset: 0,
              right: 'auto',
              width: `min(${SIDEBAR_WIDTH}px, 100%)`,
              zIndex: 5,
              display: 'flex',
              flexDirection: 'column',
            }
          : { width: SIDEBAR_WIDTH, flexShrink: 0, display: 'flex', flexDirection: 'column' }
      }
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} data-testid="live-map-count" aria-live="polite">
          {t('tracked', { count: listed.length })}
        </Text>
        {compact && <CloseButton aria-label={t('hideList')} onClick={() => setSidebarOpen(false)} />}
      </Group>
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('search')}
        aria-label={t('search')}
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          setCardsShown(CARDS_PAGE);
        }}
        data-testid="live-map-search"
        mb="xs"
      />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('devices')}>
          {listed.slice(0, cardsShown).map((device) => {
            const position = positions![device.index]!;
            return (
              <li key={device.deviceId}>
                <DeviceCard
                  device={device}
                  position={position}
                  selected={device.deviceId === selectedId}
                  onSelect={select}
                  speed={speedOf(position)}
                  formatTime={formatTime}
                />
              </li>
            );
          })}
        </Stack>
        {listed.length > cardsShown && (
          <Button variant="subtle" fullWidth mt="xs" onClick={() => setCardsShown((shown) => shown + CARDS_PAGE)}>
            {t('showMore', { count: listed.length - cardsShown })}
          </Button>
        )}
      </ScrollArea>
    </Paper>
  );

  return (
    <Stack gap="sm" p="md" h="calc(100dvh - var(--app-shell-header-height, 60px))" style={{ minHeight: 480 }}>
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Group gap="xs">
          {compact && (
            <Button
              variant="default"
              leftSection={<IconList size={16} />}
              onClick={() => setSidebarOpen(!showSidebar)}
              aria-expanded={showSidebar}
              data-testid="live-map-list-toggle"
            >
              {showSidebar ? t('hideList') : t('showList')}
            </Button>
          )}
          <Menu closeOnItemClick={false} position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconUsers size={16} />} data-testid="live-map-driver-filter">
                {t('drivers', { count: enabledDrivers.filter((driver) => !removedDrivers.has(driver.id)).length })}
              </Button>
            </Menu.Target>
            <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
              {enabledDrivers.length === 0 && <Menu.Label>{t('noDrivers')}</Menu.Label>}
              {enabledDrivers.map((driver) => (
                <Menu.Item key={driver.id} onClick={() => toggleDriver(driver.id, removedDrivers.has(driver.id))}>
                  <Checkbox label={driver.name} checked={!removedDrivers.has(driver.id)} readOnly tabIndex={-1} />
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Select
            aria-label={t('site')}
            placeholder={t('site')}
            data={sites.map((site) => ({ value: String(site.id), label: site.name }))}
            value={siteId}
            onChange={pickSite}
            searchable
            clearable
            w={200}
            data-testid="live-map-site"
          />
          <Menu closeOnItemClick={false} position="bottom-end">
            <Menu.Target>
              <Button variant="default" leftSection={<IconAdjustments size={16} />} data-testid="live-map-controls">
                {t('controls.title')}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {CONTROLS.map((control) => (
                <Menu.Item key={control} onClick={() => setDisplay((current) => ({ ...current, [control]: !current[control] }))}>
                  <Checkbox label={controlLabels[control]} checked={display[control]} readOnly tabIndex={-1} />
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          <Tooltip label={t('controls.recenter')}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('controls.recenter')}
              onClick={() => setRecenter((count) => count + 1)}
              data-testid="live-map-recenter"
            >
              <IconCurrentLocation size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {duplicates.length > 0 && (
        <Alert color="yellow" title={t('duplicateResourcesFound')} data-testid="live-map-duplicates">
          {t('duplicateResourcesFoundMessage', { kinds: duplicates.map((kind) => kindLabels[kind]).join(', ') })}
        </Alert>
      )}
      <Group gap="sm" align="stretch" wrap="nowrap" style={{ flex: 1, minHeight: 0, position: 'relative' }}>
        {showSidebar && sidebar}
        <div style={{ flex: 1, position: 'relative', minWidth: 0 }}>
          <MapUnavailableBoundary fallback={mapFallback}>
            <Suspense fallback={<Loader m="md" />}>
              <LiveMapView
                label={t('title')}
                positions={positions ?? []}
                display={display}
                truckOptions={truckOptions}
                selectedDeviceId={selectedId}
                onSelect={selectById}
                zones={activeZones}
                sites={siteFences}
                trail={selected ? trail : []}
                events={selected && events.data ? events.data : []}
                focus={focus}
                recenter={recenter}
              />
            </Suspense>
          </MapUnavailableBoundary>
          {positions && positions.length === 0 && (
            <Paper
              withBorder
              shadow="sm"
              p="md"
              data-testid="live-map-no-locations"
              style={{ position: 'absolute', top: 16, left: '50%', transform: 'translateX(-50%)', maxWidth: '90%' }}
            >
              <Text size="sm">{t('noLocations')}</Text>
            </Paper>
          )}
          {selected && (
            <OrderPanel
              position={selected}
              name={nameOf(selected)}
              onClose={() => setSelectedId(null)}
              formatTime={formatTime}
              events={events.data ?? []}
              locationNames={new Map((locations ?? []).map((location) => [location.id, location.name]))}
            />
          )}
        </div>
      </Group>
    </Stack>
  );
}

const DeviceCard = memo(
  function DeviceCard({
    device,
    position,
    selected,
    onSelect,
    speed,
    formatTime,
  }: {
    device: TrackedDevice;
    position: DeviceLocationEvent;
    selected: boolean;
    onSelect: (position: DeviceLocationEvent) => void;
    speed: string | null;
    formatTime: (iso: string) => string;
  }) {
    const { t } = useTranslation('live-map');
    return (
      <UnstyledButton
        onClick={() => onSelect(position)}
        aria-pressed={selected}
        data-testid="live-map-card"
        data-device-id={position.deviceId}
        w="100%"
        p="xs"
        style={{
          border: `1px solid ${selected ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-3)'}`,
          borderRadius: 6,
          background: selected ? 'var(--mantine-color-green-0)' : undefined,
        }}
      >
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text fw={600} size="sm" truncate>
            {device.name}
          </Text>
          <Badge size="xs" variant="light" color={position.deviceType === 'mobile' ? 'blue' : 'orange'}>
            {position.deviceType === 'mobile' ? t('deviceTypes.mobile') : t('deviceTypes.trailer')}
          </Badge>
        </Group>
        {device.driverName && (
          <Text size="xs" c="dimmed" truncate>
            {device.deviceName}
          </Text>
        )}
        <Text size="xs" data-testid="live-map-card-load">
          {position.orderId === null ? t('noLoad') : t('load', { id: position.orderId })}
        </Text>
        <Text size="xs" c="dimmed">
          {formatTime(position.timestamp)}
          {speed ? ` · ${speed}` : ''}
        </Text>
        <Text size="xs" c="dimmed" data-testid="live-map-card-coordinates">
          {position.latitude.toFixed(5)}, {position.longitude.toFixed(5)}
        </Text>
      </UnstyledButton>
    );
  },
  // A card redraws only when its device moved or its names, selection or formats changed: of thousands
  // of devices, most are still in a given second.
  (before, after) =>
    before.position === after.position &&
    before.device.name === after.device.name &&
    before.device.deviceName === after.device.deviceName &&
    before.device.driverName === after.device.driverName &&
    before.selected === after.selected &&
    before.speed === after.speed &&
    before.onSelect === after.onSelect &&
    before.formatTime === after.formatTime,
);

function OrderPanel({
  position,
  name,
  onClose,
  formatTime,
  events,
  locationNames,
}: {
  position: DeviceLocationEvent;
  name: string;
  onClose: () => void;
  formatTime: (iso: string) => string;
  events: readonly { type: string; stopId: number | null; timestamp: string }[];
  locationNames: Map<number, string>;
}) {
  const { t } = useTranslation('live-map');
  const load = useQuery({ ...trackedLoadQuery(position.orderId ?? 0), enabled: position.orderId !== null });
  const order = load.data ?? null;
  const next = order ? nextStop(order.stops) : null;
  const expected = next ? next.estimatedArrivalAt : null;
  const chartStops = useMemo(
    (): StopTimes[] =>
      (order?.stops ?? [])
        .slice()
        .sort((a, b) => a.sequence - b.sequence)
        .map((stop) => ({
          sequence: stop.sequence,
          name:
            (stop.organizationLocationId !== null ? locationNames.get(stop.organizationLocationId) : null) ??
            t('stop', { sequence: stop.sequence }),
          scheduled: stop.arrivalTime,
          actual: events.find((event) => event.type === 'SiteArrived' && event.stopId === stop.id)?.timestamp ?? stop.completedAt,
          estimated: stop.status === 'Complete' ? null : stop.estimatedArrivalAt,
        })),
    [order, events, locationNames, t],
  );
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role="region"
      aria-label={t('panel.title')}
      data-testid="live-map-order-panel"
      style={{
        position: 'absolute',
        right: 12,
        bottom: 12,
        width: 'min(360px, calc(100% - 24px))',
        maxHeight: '70%',
        overflowY: 'auto',
        zIndex: 4,
      }}
    >
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Text fw={700} truncate>
          {name}
        </Text>
        <CloseButton aria-label={t('panel.close')} onClick={onClose} />
      </Group>
      {position.orderId === null ? (
        <Text size="sm" c="dimmed" data-testid="live-map-no-load">
          {t('noLoad')}
        </Text>
      ) : (
        <Stack gap={6}>
          <Text size="sm">{t('load', { id: position.orderId })}</Text>
          {order ? (
            <>
              <Text size="sm" data-testid="live-map-next-stop">
                {next
                  ? t('panel.nextStop', {
                      name:
                        (next.organizationLocationId !== null ? locationNames.get(next.organizationLocationId) : null) ??
                        t('stop', { sequence: next.sequence }),
                      status: t(`stopStatus.${next.status.replace(' ', '')}`),
                    })
                  : t('panel.allStopsComplete')}
              </Text>
              <Text size="sm" data-testid="live-map-expected-arrival">
                {t('panel.expectedArrival', { time: expected ? formatTime(expected) : t('panel.unknown') })}
              </Text>
              <StopsChart stops={chartStops} format={formatTime} />
            </>
          ) : (
            <Text size="sm" c="dimmed">
              {load.isPending ? t('panel.loading') : t('panel.loadNotOnDevice')}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
