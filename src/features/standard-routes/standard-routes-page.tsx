import { ActionIcon, Alert, Button, Checkbox, Group, Paper, Select, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconPencil, IconPlus, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteNotice, routeAnswerSchema } from '#core/contract/routing';
import type { StandardRoute } from '#core/contract/standard-routes';
import { decodeFlexiblePolyline, encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { standardRouteGapTooLarge } from '#core/domain/geo/route-gaps';
import { withViaPoint } from '#core/domain/geo/route-points';
import { isActiveStandardRoute, standardRoutePairProblem, standardRoutePoints } from '#core/domain/standard-routes';
import type { LatLng } from '#core/domain/units';
import { apiRequest } from '#src/data/api-client.ts';
import { useMirrorList } from '#src/data/loads.ts';
import { useDeleteMasterData, useSaveMasterData } from '#src/data/master-data.ts';
import { ExplainedActionIcon, ExplainedButton } from '#src/ui/explained-button.tsx';
import { SureButton } from '#src/ui/sure-button.tsx';
import { errorMessage } from '../administration/forms/use-record-form.ts';
import { type AdminContext, useAdminContext } from '../administration/use-admin-context.ts';
import { RouteNotices, RouteSpacingFacts } from './route-facts.tsx';

// Lazy so that OpenLayers loads only with the map.
const RouteMap = lazy(() => import('./route-map.tsx').then((module) => ({ default: module.RouteMap })));

/** /manage-company/standard-routes (spec 1 §2): the organization's standard routes on a map, and their editor. */
export function StandardRoutesPage() {
  const context = useAdminContext();
  return context ? <StandardRoutes context={context} /> : null;
}

interface Place {
  id: number;
  name: string;
  position: LatLng | null;
}

/** What the editor works on: a new route (id null) or one being changed. */
interface Editing {
  id: number | null;
  version: number;
  originId: number | null;
  destinationId: number | null;
  path: readonly LatLng[] | null;
  vias: LatLng[];
  notices: RouteNotice[];
}

function StandardRoutes({ context }: { context: AdminContext }) {
  const { t } = useTranslation('routes');
  const routes = useMirrorList('standardRoutes').data;
  const locationRows = useMirrorList('locations').data;
  const places = useMemo(
    () =>
      new Map<number, Place>(
        (locationRows ?? []).map((row) => {
          const geofence = row.customGeofence;
          // A location not placed yet carries latitude 1 (spec 2 §5).
          const placed = geofence && geofence.latitude !== 1 && Number.isFinite(geofence.latitude);
          return [row.id, { id: row.id, name: row.name, position: placed ? geofence : null }];
        }),
      ),
    [locationRows],
  );
  const active = useMemo(
    () =>
      (routes ?? [])
        .filter(isActiveStandardRoute)
        .map((route) => ({
          route,
          label: `${places.get(route.originId)?.name ?? route.originId} -> ${places.get(route.destinationId)?.name ?? route.destinationId}`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [routes, places],
  );
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [hovered, setHovered] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const { generate, generating } = useGenerate(places, setEditing);

  const drawn = useMemo(() => {
    if (editing) {
      return editing.path ? [{ id: 'editing', path: editing.path, highlighted: true }] : [];
    }
    return active
      .filter(({ route }) => !hidden.has(route.id))
      .map(({ route }) => ({
        id: String(route.id),
        path: standardRoutePoints(route.flexiblePolyline) ?? [],
        highlighted: route.id === hovered,
      }));
  }, [editing, active, hidden, hovered]);

  const open = (route: StandardRoute | null) =>
    setEditing({
      id: route?.id ?? null,
      version: route?.version ?? 0,
      originId: route?.originId ?? null,
      destinationId: route?.destinationId ?? null,
      path: route ? standardRoutePoints(route.flexiblePolyline) : null,
      vias: [],
      notices: [],
    });

  return (
    <Stack gap="md" p="md" data-testid="standard-routes-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('standardRoutes.title')}
        </Title>
        {!editing && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => open(null)} data-testid="standard-route-new">
            {t('standardRoutes.new')}
          </Button>
        )}
      </Group>
      <Group align="flex-start" grow wrap="wrap">
        <Stack gap="sm" miw={280}>
          {editing ? (
            <RouteEditor
              context={context}
              editing={editing}
              setEditing={setEditing}
              places={places}
              routes={routes ?? []}
              generate={generate}
              generating={generating}
              onClose={() => setEditing(null)}
            />
          ) : (
            <RouteList
              rows={active}
              hidden={hidden}
              onToggle={(id) =>
                setHidden((current) => {
                  const next = new Set(current);
                  if (!next.delete(id)) next.add(id);
                  return next;
                })
              }
              onHover={setHovered}
              onEdit={open}
            />
          )}
        </Stack>
        <Paper withBorder p={0} miw={280}>
          <Suspense fallback={<Skeleton h={460} />}>
            <EditorMap editing={editing} drawn={drawn} generate={generate} />
          </Suspense>
          {editing && <RouteNotices notices={editing.notices} />}
        </Paper>
      </Group>
    </Stack>
  );
}

function RouteList({
  rows,
  hidden,
  onToggle,
  onHover,
  onEdit,
}: {
  rows: { route: StandardRoute; label: string }[];
  hidden: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onHover: (id: number | null) => void;
  onEdit: (route: StandardRoute) => void;
}) {
  const { t } = useTranslation('routes');
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('standardRoutes.empty')}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="standard-route-list">
      {rows.map(({ route, label }) => (
        <Group
          key={route.id}
          justify="space-between"
          wrap="nowrap"
          p={6}
          onMouseEnter={() => onHover(route.id)}
          onMouseLeave={() => onHover(null)}
          onFocus={() => onHover(route.id)}
          onBlur={() => onHover(null)}
          data-testid="standard-route-row"
        >
          <Checkbox
            checked={!hidden.has(route.id)}
            onChange={() => onToggle(route.id)}
            label={label}
            aria-label={t('standardRoutes.show', { route: label })}
          />
          <Tooltip label={t('standardRoutes.edit')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('standardRoutes.editRoute', { route: label })}
              onClick={() => onEdit(route)}
              data-testid="standard-route-edit"
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
    </Stack>
  );
}

/** Asks the routing provider for the road from the origin through the via points to the destination. */
async function routeThrough(origin: LatLng, vias: readonly LatLng[], destination: LatLng) {
  const point = (position: LatLng, via = false) => ({
    lat: position.latitude,
    lng: position.longitude,
    ...(via ? { via: true } : {}),
  });
  return apiRequest('/routing/routes', routeAnswerSchema, {
    method: 'POST',
    body: { points: [point(origin), ...vias.map((via) => point(via, true)), point(destination)] },
  });
}

function useGenerate(places: Map<number, Place>, setEditing: (update: (current: Editing | null) => Editing | null) => void) {
  const { t } = useTranslation('routes');
  const [generating, setGenerating] = useState(false);
  const generate = useCallback(
    async (editing: Editing, vias: LatLng[]) => {
      const origin = editing.originId === null ? null : places.get(editing.originId)?.position;
      const destination = editing.destinationId === null ? null : places.get(editing.destinationId)?.position;
      if (!origin || !destination) {
        notifications.show({ color: 'red', message: t('editor.notPlaced') });
        return;
      }
      setGenerating(true);
      try {
        const answer = await routeThrough(origin, vias, destination);
        setEditing(
          (current) => current && { ...current, path: decodeFlexiblePolyline(answer.polyline), vias, notices: answer.notices },
        );
      } catch (error) {
        // The route stays as it was; the failure is said once.
        console.warn('standard route: routing failed', error);
        notifications.show({ color: 'red', message: t('editor.routingFailed') });
      } finally {
        setGenerating(false);
      }
    },
    [places, setEditing, t],
  );
  return { generate, generating };
}

function EditorMap({
  editing,
  drawn,
  generate,
}: {
  editing: Editing | null;
  drawn: { id: string; path: readonly LatLng[]; highlighted?: boolean }[];
  generate: (editing: Editing, vias: LatLng[]) => Promise<void>;
}) {
  const { t } = useTranslation('routes');
  const onDrag = useCallback(
    ({ position, viaIndex }: { position: LatLng; viaIndex: number | null }) => {
      if (!editing?.path) return;
      const vias =
        viaIndex === null
          ? withViaPoint(editing.vias, editing.path, position)
          : editing.vias.map((via, index) => (index === viaIndex ? position : via));
      void generate(editing, vias);
    },
    [editing, generate],
  );
  const routePoints = editing?.path?.length ?? 0;
  return (
    <div data-testid="standard-route-map" data-route-points={routePoints}>
      <RouteMap
        label={t('standardRoutes.mapLabel')}
        height={460}
        routes={drawn}
        vias={editing?.vias ?? []}
        editableRouteId={editing?.path ? 'editing' : undefined}
        onDrag={editing?.path ? onDrag : undefined}
        fitKey={
          editing
            ? `editing:${editing.id}:${editing.originId}:${editing.destinationId}:${editing.vias.length === 0 && routePoints}`
            : `list:${drawn.length}`
        }
      />
    </div>
  );
}

function RouteEditor({
  context,
  editing,
  setEditing,
  places,
  routes,
  generate,
  generating,
  onClose,
}: {
  context: AdminContext;
  editing: Editing;
  setEditing: (update: (current: Editing | null) => Editing | null) => void;
  places: Map<number, Place>;
  routes: readonly StandardRoute[];
  generate: (editing: Editing, vias: LatLng[]) => Promise<void>;
  generating: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('routes');
  const save = useSaveMasterData(context.organizationId, 'standardRoutes');
  const remove = useDeleteMasterData(context.organizationId, 'standardRoutes');
  const queryClient = useQueryClient();
  // The route's leg now takes its own time (server travel times): the device's table reads it again.
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: ['travel-times'] });
    notifications.show({ color: 'green', message });
    onClose();
  };
  const problem = standardRoutePairProblem(routes, editing.originId, editing.destinationId, editing.id);
  const locked = editing.id !== null;
  const options = [...places.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((place) => ({ value: String(place.id), label: place.name }));
  const choose = (end: 'originId' | 'destinationId', value: string | null) =>
    setEditing(
      (current) => current && { ...current, [end]: value === null ? null : Number(value), path: null, vias: [], notices: [] },
    );

  const submit = () => {
    if (!editing.path || editing.originId === null || editing.destinationId === null) return;
    const input = {
      originId: editing.originId,
      destinationId: editing.destinationId,
      flexiblePolyline: encodeFlexiblePolyline(editing.path),
    };
    save.mutate(editing.id === null ? { id: null, input } : { id: editing.id, version: editing.version, input }, {
      onSuccess: () => done(t('editor.saved')),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    });
  };

  const generateReason =
    problem === 'missingEnd'
      ? t('editor.chooseEnds')
      : problem === 'sameLocations'
        ? t('editor.sameLocations')
        : problem === 'existingRoute'
          ? t('editor.existingRoute')
          : null;

  return (
    <Stack gap="sm" data-testid="standard-route-editor">
      <Title order={2} size="h3">
        {locked ? t('editor.editTitle') : t('editor.newTitle')}
      </Title>
      <Select
        label={t('editor.origin')}
        data={options}
        value={editing.originId === null ? null : String(editing.originId)}
        onChange={(value) => choose('originId', value)}
        disabled={locked}
        searchable
        required
        data-testid="standard-route-origin"
      />
      <Select
        label={t('editor.destination')}
        data={options}
        value={editing.destinationId === null ? null : String(editing.destinationId)}
        onChange={(value) => choose('destinationId', value)}
        disabled={locked}
        searchable
        required
        data-testid="standard-route-destination"
      />
      {problem === 'sameLocations' && (
        <Text size="sm" c="red" data-testid="standard-route-same">
          {t('editor.sameLocations')}
        </Text>
      )}
      {problem === 'existingRoute' && (
        <Alert color="yellow" variant="light" data-testid="standard-route-exists">
          {t('editor.existingRoute')}
        </Alert>
      )}
      {editing.path && (
        <RouteSpacingFacts points={editing.path} tooLarge={standardRouteGapTooLarge} warning={t('editor.gapWarning')} />
      )}
      {editing.path && (
        <Text size="xs" c="dimmed">
          {t('editor.dragHint')}
        </Text>
      )}
      {editing.vias.length > 0 && (
        <Stack gap={2} data-testid="standard-route-vias">
          {editing.vias.map((via, index) => (
            <Group key={`${via.latitude},${via.longitude}`} gap="xs" wrap="nowrap">
              <Text size="sm">{t('editor.via', { position: `${via.latitude}, ${via.longitude}` })}</Text>
              <ExplainedActionIcon
                label={t('editor.removeVia')}
                needsConnection
                onClick={() =>
                  void generate(
                    editing,
                    editing.vias.filter((_, other) => other !== index),
                  )
                }
              >
                <IconX size={16} />
              </ExplainedActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="sm">
        <ExplainedButton
          variant="default"
          disabledReason={generateReason}
          needsConnection
          loading={generating}
          onClick={() => void generate(editing, [])}
          data-testid="standard-route-generate"
        >
          {t('editor.generate')}
        </ExplainedButton>
        <ExplainedButton
          disabledReason={editing.path ? null : t('editor.generateFirst')}
          needsConnection
          loading={save.isPending}
          onClick={submit}
          data-testid="standard-route-save"
        >
          {t('editor.save')}
        </ExplainedButton>
        <Button variant="subtle" onClick={onClose} data-testid="standard-route-cancel">
          {t('editor.cancel')}
        </Button>
        {editing.id !== null && (
          <SureButton
            label={t('editor.delete')}
            question={t('editor.deleteQuestion')}
            color="red"
            testId="standard-route-delete"
            onConfirm={() =>
              remove.mutate(editing.id as number, {
                onSuccess: () => done(t('editor.deleted')),
                onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
              })
            }
          />
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('editor.needsConnection')}
      </Text>
    </Stack>
  );
}
