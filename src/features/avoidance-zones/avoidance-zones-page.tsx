import {
  Accordion,
  ActionIcon,
  Badge,
  Box,
  Button,
  ColorSwatch,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvoidanceZone } from '#core/contract/avoidance-zones';
import { mayEditZone, restrictionOf, ZONE_GROUPS, type ZoneGroup, zoneGroup } from '#core/domain/avoidance-zones';
import { isGeofencePlaced, UNPLACED_LATITUDE } from '#core/domain/master-data/locations';
import { formatWeight } from '#core/domain/units';
import { useMirrorList } from '#src/data/loads.ts';
import type { PendingChange } from '#src/data/master-data.ts';
import { type AdminContext, useAdminContext } from '#src/features/administration/use-admin-context.ts';
import type { BackdropShape, MapFocus } from '#src/map/geofence-editor.tsx';
import { zoneColor } from './zone-color.ts';
import { ZoneForm } from './zone-form.tsx';

// OpenLayers is loaded with the map only.
const GeofenceEditor = lazy(() => import('#src/map/geofence-editor.tsx'));

const UNPLACED = { latitude: UNPLACED_LATITUDE, longitude: 0, radius: null, bbox: null };

type ZoneRow = AvoidanceZone & { pendingChange?: PendingChange };

/** /manage-company/avoidance-zones (spec 2 §5): the zones listed by group beside the map that draws them all. */
export function AvoidanceZonesPage() {
  const context = useAdminContext();
  return context ? <AvoidanceZones context={context} /> : null;
}

function AvoidanceZones({ context }: { context: AdminContext }) {
  const { t, i18n } = useTranslation('avoidance-zones');
  const { data } = useMirrorList('avoidanceZones');
  const wide = useMediaQuery('(min-width: 62em)', true);
  const cargoTypes = useMirrorList('cargoTypes').data;
  const zones = useMemo(
    () =>
      (data as ZoneRow[] | undefined)
        ?.filter((zone) => zone.organizationId === null || zone.organizationId === context.organizationId)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [data, context.organizationId],
  );
  const caller = { organizationId: context.organizationId, permissions: context.self.permissions };
  const mayCreate = context.self.permissions.includes('CreateAvoidanceZones');
  const [form, setForm] = useState<{ zone: AvoidanceZone | null; key: number } | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [openGroups, setOpenGroups] = useState<string[]>([...ZONE_GROUPS]);

  const shapes = useMemo(
    (): BackdropShape[] =>
      (zones ?? []).map((zone) => ({
        key: String(zone.id),
        area: zone.geoLocation,
        color: zoneColor(zone),
        highlighted: zone.id === hovered || zone.id === selected,
      })),
    [zones, hovered, selected],
  );
  // The map starts amid the zones (their mean centre), once they are read.
  const start = useMemo(() => {
    const placed = (zones ?? []).filter((zone) => isGeofencePlaced(zone.geoLocation));
    if (!placed.length) return null;
    const mean = (pick: (zone: ZoneRow) => number) => placed.reduce((sum, zone) => sum + pick(zone), 0) / placed.length;
    return { latitude: mean((zone) => zone.geoLocation.latitude), longitude: mean((zone) => zone.geoLocation.longitude) };
  }, [zones]);
  const startFocus = useMemo(() => (start ? { ...start, zoom: 9, request: 0 } : null), [start]);
  const mapFocus = focus ?? startFocus;

  const summary = (zone: ZoneRow) => {
    switch (restrictionOf(zone)) {
      case 'weight':
        return t('summary.weight', { weight: formatWeight(zone.weightThreshold ?? 0, context.weightUnit, i18n.language) });
      case 'cargoType':
        return t('summary.cargoType', {
          names: (zone.cargoTypeIds ?? [])
            .map((id) => cargoTypes?.find((cargo) => cargo.id === id)?.label ?? String(id))
            .join(', '),
        });
      default:
        return t('summary.none');
    }
  };
  const byGroup = (group: ZoneGroup) => (zones ?? []).filter((zone) => zoneGroup(zone) === group);

  const list =
    zones === undefined ? (
      <Skeleton h={200} />
    ) : zones.length === 0 ? (
      <Text c="dimmed" data-testid="zones-empty">
        {t('empty')}
      </Text>
    ) : (
      <Accordion multiple value={openGroups} onChange={setOpenGroups} variant="separated">
        {ZONE_GROUPS.map((group) => {
          const members = byGroup(group);
          return (
            <Accordion.Item key={group} value={group} data-testid={`zone-group-${group}`}>
              {/* t('avoidance-zones:groups.company'), t('avoidance-zones:groups.global'),
                  t('avoidance-zones:groups.deactivated'), t('avoidance-zones:groups.deactivatedGlobal') */}
              <Accordion.Control>
                {t(`groups.${group}`)} ({members.length})
              </Accordion.Control>
              <Accordion.Panel>
                {members.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('groupEmpty')}
                  </Text>
                ) : (
                  <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                    {members.map((zone) => (
                      <Group
                        key={zone.id}
                        component="li"
                        gap="xs"
                        wrap="nowrap"
                        p={4}
                        bg={zone.id === selected ? 'var(--mantine-color-default-hover)' : undefined}
                        onMouseEnter={() => setHovered(zone.id)}
                        onMouseLeave={() => setHovered(null)}
                        data-testid="zone-item"
                        data-zone-name={zone.name}
                      >
                        <ColorSwatch color={zoneColor(zone)} size={16} aria-hidden />
                        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                          <Button
                            variant="subtle"
                            size="compact-sm"
                            justify="flex-start"
                            px={0}
                            onFocus={() => setHovered(zone.id)}
                            onBlur={() => setHovered(null)}
                            onClick={() => {
                              setSelected(zone.id);
                              setFocus({ ...zone.geoLocation, zoom: 13, request: Date.now() });
                            }}
                            aria-pressed={zone.id === selected}
                          >
                            <Text size="sm" fw={500} truncate>
                              {zone.name}
                            </Text>
                          </Button>
                          <Text size="xs" c="dimmed">
                            {summary(zone)}
                          </Text>
                        </Stack>
                        {zone.pendingChange && (
                          <Badge size="xs" color="blue" variant="light" data-testid="zone-pending">
                            {t('pending')}
                          </Badge>
                        )}
                        {mayEditZone(zone, caller) && (
                          <ActionIcon
                            variant="light"
                            size="lg"
                            aria-label={t('edit', { name: zone.name })}
                            onClick={() => setForm({ zone, key: Date.now() })}
                            data-testid="zone-edit"
                          >
                            ✎
                          </ActionIcon>
                        )}
                      </Group>
                    ))}
                  </Stack>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    );

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        {mayCreate && (
          <Button onClick={() => setForm({ zone: null, key: Date.now() })} data-testid="zone-create">
            {t('create')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {t('count', { count: zones?.length ?? 0 })}
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="sm" data-testid="zones-list">
          {list}
        </Paper>
        <Box component="section" aria-label={t('map.pageLabel')}>
          <Suspense fallback={<Skeleton h="100%" />}>
            <GeofenceEditor
              label={t('map.pageLabel')}
              geofence={UNPLACED}
              tool="none"
              focus={mapFocus}
              editable={false}
              backdrop={shapes}
              testId="zones-map"
              height={wide ? 560 : 360}
              onToolDone={() => {}}
              onGeofenceChange={() => {}}
            />
          </Suspense>
        </Box>
      </SimpleGrid>
      {form && (
        <ZoneForm
          key={form.key}
          context={context}
          row={form.zone}
          others={shapes
            .filter((shape) => shape.key !== String(form.zone?.id))
            .map((shape) => ({ ...shape, highlighted: false }))}
          onClose={() => setForm(null)}
        />
      )}
    </Stack>
  );
}
