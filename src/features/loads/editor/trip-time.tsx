import { Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type TravelIndex, type TripStop, travelSecondsBetween } from '#core/domain/planning/index';
import { loadTripSeconds, type StoredTrip, storedLegIndex } from '#core/domain/planning/stop-times';
import { formatDurationShort, secondsToMinutes } from '#core/domain/units';

/**
 * The load's estimated trip time as core `loadTripSeconds` decides it for the row too: the stored
 * figure while the stops are the stored ones, else the rule the server stores on save. The tooltip
 * lists each leg, or "travel time unavailable" for a leg not known.
 */
export function TripTime({
  stops,
  stored,
  travel: fetched,
  fetching,
  locationName,
}: {
  stops: TripStop[];
  /** The load as saved (null for a new one): its figure and the legs its stops carry. */
  stored: StoredTrip | null;
  travel: TravelIndex;
  /** Missing legs are still being asked for: they are pending, not yet unavailable. */
  fetching: boolean;
  locationName: (id: number | null) => string;
}) {
  const { t } = useTranslation('load-editor');
  const travel = stored ? new Map([...storedLegIndex(stored.stops), ...fetched]) : fetched;
  const ordered = [...stops].sort((a, b) => a.sequence - b.sequence);
  const legs = ordered.slice(1).map((stop, index) => {
    const from = ordered[index]!;
    return {
      key: `${from.sequence}-${stop.sequence}`,
      label: t('tripTime.leg', {
        from: `${from.sequence}. ${locationName(from.organizationLocationId)}`,
        to: `${stop.sequence}. ${locationName(stop.organizationLocationId)}`,
      }),
      seconds: travelSecondsBetween(travel, from.organizationLocationId, stop.organizationLocationId),
    };
  });
  const total = loadTripSeconds(stops, travel, stored);
  const tooltip = (
    <Stack gap={2}>
      {legs.length === 0 && <Text size="sm">{t('tripTime.noLegs')}</Text>}
      {legs.map((leg) => (
        <Text size="sm" key={leg.key}>
          {leg.label}:{' '}
          {leg.seconds !== null
            ? formatDurationShort(secondsToMinutes(leg.seconds))
            : fetching
              ? t('tripTime.pending')
              : t('tripTime.unavailable')}
        </Text>
      ))}
    </Stack>
  );
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {t('fields.tripTime')}
      </Text>
      <Tooltip label={tooltip} multiline w={320} events={{ hover: true, focus: true, touch: true }}>
        <Group gap={4} tabIndex={0} w="fit-content" data-testid="trip-time" aria-label={t('fields.tripTime')}>
          {total === null && fetching ? (
            // A status names the busy indicator: aria-label on Mantine's bare span is prohibited (axe).
            <Loader size="xs" role="status" aria-label={t('tripTime.pending')} />
          ) : (
            <Text size="sm">{total === null ? t('tripTime.unknown') : formatDurationShort(secondsToMinutes(total))}</Text>
          )}
          <IconInfoCircle size={16} aria-hidden />
        </Group>
      </Tooltip>
    </Stack>
  );
}
