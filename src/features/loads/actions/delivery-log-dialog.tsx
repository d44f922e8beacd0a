import {
  Alert,
  Badge,
  Group,
  Modal,
  Paper,
  ScrollArea,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TripEvent, TripEventType } from '#core/contract/load-details';
import type { Order, Stop } from '#core/contract/orders';
import { TIERS, tierRank } from '#core/domain/access';
import { accurateEnough, drivenMeters } from '#core/domain/geo/trail';
import { loadTrailQuery, tripEventsQuery } from '#src/data/load-details.ts';
import { useRoutedPath } from '#src/data/routing.ts';
import { useMirrorList } from '#src/data/loads.ts';
import { hasAccuracyWarning, isManualCompletion, loadFigures, stopActuals } from './delivery-log-figures.ts';
import { useReferenceRows } from './reference-rows.ts';
import { type ActionFormatting, useActionFormatting } from './use-action-formatting.ts';

// Lazy: OpenLayers loads only once a delivery log is open.
const DeliveryLogMap = lazy(() => import('./delivery-log-map.tsx').then((module) => ({ default: module.DeliveryLogMap })));

/** A map that fails to load (offline without its chunk) leaves the rest of the log readable. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

interface DeliveryLogDialogProps {
  load: Order;
  opened: boolean;
  onClose: () => void;
}

/** The delivery log (spec 3 "Load detail view"), read-only: planned against actual figures, stop actuals, trip events and stops. */
export function DeliveryLogDialog({ load, opened, onClose }: DeliveryLogDialogProps) {
  const { t } = useTranslation('load-actions');
  const narrow = useMediaQuery('(max-width: 62em)');
  const format = useActionFormatting();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="90rem"
      fullScreen={narrow}
      title={t('deliveryLog.title', { load: format.label(load) })}
      data-testid="delivery-log"
    >
      {opened && <DeliveryLog load={load} format={format} />}
    </Modal>
  );
}

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="xs" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Paper>
  );
}

/** One entry of the map's legend: a line (a trail) or a dot (events, stops) in the colour drawn. */
function LegendItem({
  color,
  label,
  line,
  dashed,
  hollow,
}: {
  color: string;
  label: string;
  line?: boolean;
  dashed?: boolean;
  hollow?: boolean;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: line ? 18 : 10,
          height: line ? 4 : 10,
          borderRadius: line ? 2 : '50%',
          background: hollow ? '#fff' : dashed ? `repeating-linear-gradient(90deg, ${color} 0 5px, transparent 5px 8px)` : color,
          border: hollow ? `3px solid ${color}` : undefined,
          boxSizing: 'border-box',
        }}
      />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

function useEventLabel() {
  const { t } = useTranslation('load-actions');
  return (event: TripEvent, stop: Stop | undefined) => {
    const labels: Record<TripEventType, string> = {
      SiteArrived: t('events.SiteArrived'),
      SiteLeft: t('events.SiteLeft'),
      SubLocationArrived: t('events.SubLocationArrived'),
      SubLocationLeft: t('events.SubLocationLeft'),
      TaskCompleted: isManualCompletion(event, stop) ? t('events.TaskCompletedManually') : t('events.TaskCompleted'),
      StopStarted: t('events.StopStarted'),
      UnscheduledStop: t('events.UnscheduledStop'),
      ArrivalOverridden: t('events.ArrivalOverridden'),
      AvoidanceZoneEntered: t('events.AvoidanceZoneEntered'),
      TripResumed: t('events.TripResumed', { minutes: Number(event.metadata.duration ?? 0) }),
      AugerOn: t('events.AugerOn'),
    };
    return labels[event.type];
  };
}

function DeliveryLog({ load, format }: { load: Order; format: ActionFormatting }) {
  const { t } = useTranslation('load-actions');
  const { t: tCommon } = useTranslation('common');
  const reference = useReferenceRows();
  const cargoTypes = new Map((useMirrorList('cargoTypes').data ?? []).map((row) => [row.id, row.label]));
  // A load created offline has no server id yet, so it has no events to ask for.
  const events = useQuery({ ...tripEventsQuery(load.id), enabled: load.id > 0 });
  const eventLabel = useEventLabel();
  const tractor = reference.tractors.find((row) => row.id === load.tractorId);
  const trailer = reference.trailers.find((row) => row.id === load.trailerId);
  const actuals = stopActuals(load, events.data ?? [], {
    tractorGrams: tractor?.weight ?? null,
    trailerGrams: trailer?.weight ?? null,
  });
  // Live load data (the device trail) is not for Freemium (spec 1 §2).
  const liveData = tierRank(format.self?.organization.tier) > TIERS.Freemium;
  const trail = useQuery({ ...loadTrailQuery(load.id), enabled: load.id > 0 && liveData });
  // Only points and events accurate to under 100 m are drawn or measured (spec 3, spec 1 §9).
  const shownTrail = useMemo(() => (trail.data ?? []).filter(accurateEnough), [trail.data]);
  const shownEvents = useMemo(
    () =>
      (events.data ?? []).flatMap((event) =>
        event.latitude !== null && event.longitude !== null && accurateEnough(event)
          ? [{ ...event, latitude: event.latitude, longitude: event.longitude }]
          : [],
      ),
    [events.data],
  );
  const locationRows = reference.locations;
  const stopPlaces = useMemo(
    () =>
      [...load.stops]
        .sort((a, b) => a.sequence - b.sequence)
        .flatMap((stop) => {
          const fence = locationRows.find((row) => row.id === stop.organizationLocationId)?.customGeofence;
          return fence ? [{ latitude: fence.latitude, longitude: fence.longitude, locationId: stop.organizationLocationId }] : [];
        }),
    [load.stops, locationRows],
  );
  // The planned route, as the load editor's map draws it (standard routes where they join two stops).
  const plannedRoute = useRoutedPath(stopPlaces, useMirrorList('standardRoutes').data);
  const figures = loadFigures(load, actuals, drivenMeters(shownTrail));
  const stopById = new Map(load.stops.map((stop) => [stop.id, stop]));
  const sortedEvents = [...(events.data ?? [])].sort((a, b) => a.timestamp.localeCompare(b.timestamp));
  const dash = '–';
  // The device writes its completion method as a code; one it does not know yet is shown as sent.
  const completionMethods: Record<string, string> = {
    device: t('deliveryLog.completionMethods.device'),
    manual: t('deliveryLog.completionMethods.manual'),
  };
  const completionMethod = (method: unknown) =>
    typeof method === 'string' ? (Object.hasOwn(completionMethods, method) ? completionMethods[method] : method) : undefined;
  const time = (iso: string | null) => (iso ? format.formatDateTime(iso) : dash);
  const minutes = (value: number | null) => (value === null ? dash : format.formatMinutes(value));
  const meters = (value: number | null) => (value === null ? dash : format.formatDistance(value));
  const userName = (id: number | null) => reference.driverName(id) ?? (id ? t('deliveryLog.userNumber', { id }) : dash);

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="xs">
        <Figure label={t('deliveryLog.loadNumber')} testId="delivery-log-number">
          {format.label(load)}
        </Figure>
        <Figure label={t('deliveryLog.date')}>{format.formatDate(load.date)}</Figure>
        <Figure label={t('deliveryLog.estimatedTripTime')} testId="delivery-log-estimated-trip-time">
          {minutes(figures.estimatedMinutes)}
        </Figure>
        <Figure label={t('deliveryLog.actualTripTime')} testId="delivery-log-actual-duration">
          {minutes(figures.actualMinutes)}
        </Figure>
        <Figure label={t('deliveryLog.estimatedDistance')}>{meters(figures.estimatedMeters)}</Figure>
        <Figure label={t('deliveryLog.actualDistance')} testId="delivery-log-actual-distance">
          {meters(figures.actualMeters)}
        </Figure>
        <Figure label={t('deliveryLog.driver')}>{reference.driverName(load.transportedByUserId) ?? dash}</Figure>
        <Figure label={t('deliveryLog.tractor')}>{tractor?.userDisplayName ?? dash}</Figure>
        <Figure label={t('deliveryLog.trailer')}>{trailer?.userDisplayName ?? dash}</Figure>
      </SimpleGrid>

      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('deliveryLog.stopActuals')}
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing={4} data-testid="delivery-log-actuals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('deliveryLog.location')}</Table.Th>
                <Table.Th>{t('deliveryLog.started')}</Table.Th>
                <Table.Th>{t('deliveryLog.completed')}</Table.Th>
                <Table.Th>{t('deliveryLog.actualDuration')}</Table.Th>
                <Table.Th>{t('deliveryLog.actualDistance')}</Table.Th>
                <Table.Th>{t('deliveryLog.grossWeight')}</Table.Th>
                <Table.Th>{t('deliveryLog.completedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {actuals.map((row) => (
                <Table.Tr key={row.stop.id}>
                  <Table.Td>{reference.locationName(row.stop.organizationLocationId) ?? dash}</Table.Td>
                  <Table.Td>{time(row.startedAt)}</Table.Td>
                  <Table.Td>{time(row.completedAt)}</Table.Td>
                  <Table.Td>{minutes(row.actualMinutes)}</Table.Td>
                  <Table.Td>{meters(row.actualMeters)}</Table.Td>
                  <Table.Td>
                    {row.grossWeightMissing ? (
                      <Tooltip label={t('deliveryLog.grossWeightErrorHelp')} multiline maw={280}>
                        <Text span c="red" size="sm" tabIndex={0} data-testid="gross-weight-error">
                          {t('deliveryLog.grossWeightError')}*
                        </Text>
                      </Tooltip>
                    ) : row.grossWeightGrams === null ? (
                      dash
                    ) : (
                      format.formatWeight(row.grossWeightGrams)
                    )}
                  </Table.Td>
                  <Table.Td>
                    {row.completedByUserId
                      ? userName(row.completedByUserId)
                      : row.manuallyCompleted
                        ? t('deliveryLog.manuallyCompleted')
                        : dash}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('deliveryLog.events')}
        </Title>
        {liveData && load.id > 0 && (
          <Stack
            gap={6}
            data-testid="delivery-log-map-panel"
            data-trail-points={shownTrail.length}
            data-event-points={shownEvents.length}
          >
            <MapBoundary
              fallback={
                <Alert color="gray" variant="light" data-testid="map-unavailable">
                  {tCommon('map.unavailable')}
                </Alert>
              }
            >
              <Suspense fallback={<Skeleton h={320} />}>
                <DeliveryLogMap
                  trail={shownTrail}
                  events={shownEvents}
                  stops={stopPlaces}
                  plannedRoute={plannedRoute}
                  label={t('deliveryLog.mapLabel')}
                />
              </Suspense>
            </MapBoundary>
            <Group gap="md" wrap="wrap" data-testid="delivery-log-map-legend">
              <LegendItem color="#868e96" line label={t('deliveryLog.legend.plannedRoute')} />
              <LegendItem color="#1c7ed6" line label={t('deliveryLog.legend.phone')} />
              <LegendItem color="#7048e8" line dashed label={t('deliveryLog.legend.trailer')} />
              <LegendItem color="#2f9e44" label={t('deliveryLog.legend.event')} />
              <LegendItem color="#f59f00" label={t('deliveryLog.legend.unreliableEvent')} />
              <LegendItem color="#1971c2" hollow label={t('deliveryLog.legend.stop')} />
            </Group>
            {trail.isSuccess && shownTrail.length === 0 && (
              <Text size="sm" c="dimmed" data-testid="delivery-log-no-trail">
                {t('deliveryLog.noTrail')}
              </Text>
            )}
          </Stack>
        )}
        {events.isError || (events.isPending && events.fetchStatus === 'paused') ? (
          <Text size="sm" c="dimmed">
            {t('deliveryLog.eventsUnavailable')}
          </Text>
        ) : events.isPending && load.id > 0 ? (
          <Text size="sm" c="dimmed">
            {t('deliveryLog.eventsLoading')}
          </Text>
        ) : sortedEvents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('deliveryLog.noEvents')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Table.ScrollContainer minWidth={600}>
              <Table striped verticalSpacing={4} data-testid="delivery-log-events">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('deliveryLog.time')}</Table.Th>
                    <Table.Th>{t('deliveryLog.event')}</Table.Th>
                    <Table.Th>{t('deliveryLog.location')}</Table.Th>
                    <Table.Th>{t('deliveryLog.user')}</Table.Th>
                    <Table.Th>{t('deliveryLog.details')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sortedEvents.map((event) => {
                    const stop = event.stopId ? stopById.get(event.stopId) : undefined;
                    const location = reference.locationName(event.organizationLocationId ?? stop?.organizationLocationId);
                    const details = [event.metadata.comment, completionMethod(event.metadata.method)].filter(
                      (value): value is string => typeof value === 'string' && value.length > 0,
                    );
                    return (
                      <Table.Tr key={event.id} data-testid="delivery-log-event">
                        <Table.Td>{format.formatDateTime(event.timestamp)}</Table.Td>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm">{eventLabel(event, stop)}</Text>
                            {hasAccuracyWarning(event) && (
                              <Tooltip label={t('deliveryLog.accuracyWarning')} multiline maw={280}>
                                <Badge
                                  color="yellow"
                                  variant="light"
                                  size="sm"
                                  leftSection={<IconAlertTriangle size={12} />}
                                  tabIndex={0}
                                  data-testid="accuracy-warning"
                                >
                                  {t('deliveryLog.accuracy')}
                                </Badge>
                              </Tooltip>
                            )}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          {location ?? dash}
                          {stop ? ` · ${t('deliveryLog.stopNumber', { sequence: stop.sequence })}` : ''}
                        </Table.Td>
                        <Table.Td>{event.userId ? userName(event.userId) : dash}</Table.Td>
                        <Table.Td>{details.length ? details.join(' · ') : dash}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </ScrollArea.Autosize>
        )}
      </Stack>

      <Stack gap={4}>
        <Title order={3} size="h5">
          {t('deliveryLog.stops')}
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing={4} data-testid="delivery-log-stops">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('deliveryLog.type')}</Table.Th>
                <Table.Th>{t('deliveryLog.location')}</Table.Th>
                <Table.Th>{t('deliveryLog.cargo')}</Table.Th>
                <Table.Th>{t('deliveryLog.arrival')}</Table.Th>
                <Table.Th>{t('deliveryLog.quantity')}</Table.Th>
                <Table.Th>{t('deliveryLog.weight')}</Table.Th>
                <Table.Th>{t('deliveryLog.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {actuals.map(({ stop }) => (
                <Table.Tr key={stop.id}>
                  <Table.Td>{stop.sequence}</Table.Td>
                  <Table.Td>{t(`stopType.${stop.type}`)}</Table.Td>
                  <Table.Td>{reference.locationName(stop.organizationLocationId) ?? dash}</Table.Td>
                  <Table.Td>{(stop.cargoTypeId && cargoTypes.get(stop.cargoTypeId)) || dash}</Table.Td>
                  <Table.Td>{time(stop.arrivalTime)}</Table.Td>
                  <Table.Td>{stop.actualQuantity ?? stop.quantity ?? dash}</Table.Td>
                  <Table.Td>
                    {stop.actualWeight !== null
                      ? format.formatWeight(stop.actualWeight)
                      : stop.weight !== null
                        ? format.formatWeight(stop.weight)
                        : dash}
                  </Table.Td>
                  <Table.Td>{t(`stopStatus.${stop.status.replace(' ', '')}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Stack>
  );
}
