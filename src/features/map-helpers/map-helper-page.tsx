import { Alert, Button, CopyButton, Group, Paper, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_MATCH_POINTS, matchAnswerSchema, type RouteNotice } from '#core/contract/routing';
import { decodeFlexiblePolyline, encodeFlexiblePolyline } from '#core/domain/geo/flexible-polyline';
import { mapHelperGapWarning } from '#core/domain/geo/route-gaps';
import { parseRoutePoints } from '#core/domain/geo/route-points';
import type { LatLng } from '#core/domain/units';
import { apiRequest } from '#src/data/api-client.ts';
import { ExplainedButton } from '#src/ui/explained-button.tsx';
import { RouteNotices, RouteSpacingFacts } from '../standard-routes/route-facts.tsx';

// Lazy so that OpenLayers loads only with the map.
const RouteMap = lazy(() => import('../standard-routes/route-map.tsx').then((module) => ({ default: module.RouteMap })));

/**
 * Matches a trace in pieces the engine accepts (at most MAX_MATCH_POINTS points, each piece starting
 * where the last ended) and joins the matched paths.
 */
async function matchTrace(points: readonly LatLng[]): Promise<{ path: LatLng[]; notices: RouteNotice[] }> {
  const path: LatLng[] = [];
  const notices = new Set<RouteNotice>();
  for (let start = 0; start < points.length - 1; start += MAX_MATCH_POINTS - 1) {
    const piece = points.slice(start, start + MAX_MATCH_POINTS);
    const answer = await apiRequest('/routing/match', matchAnswerSchema, {
      method: 'POST',
      body: { points: piece.map((point) => ({ lat: point.latitude, lng: point.longitude })) },
    });
    const matched = decodeFlexiblePolyline(answer.polyline);
    path.push(...(path.length ? matched.slice(1) : matched));
    for (const notice of answer.notices) notices.add(notice);
  }
  return { path, notices: [...notices] };
}

/**
 * The map helper (spec 3 §2, all-companies access): paste route points, see them on the map with
 * their spacing (warned above 25 km), encode them as a flexible polyline to copy, or import the road
 * they follow through the routing provider's map matching.
 */
export function MapHelperPage() {
  const { t } = useTranslation('routes');
  const [text, setText] = useState('');
  const [encoded, setEncoded] = useState('');
  const [imported, setImported] = useState<{ path: LatLng[]; notices: RouteNotice[] } | null>(null);
  const [importing, setImporting] = useState(false);
  const { points, invalidLines } = useMemo(() => parseRoutePoints(text), [text]);
  const routes = useMemo(
    () => [{ id: 'pasted', path: points }, ...(imported ? [{ id: 'imported', path: imported.path, highlighted: true }] : [])],
    [points, imported],
  );

  const importRoute = async () => {
    setImporting(true);
    try {
      const answer = await matchTrace(points);
      setImported(answer);
      setEncoded(encodeFlexiblePolyline(answer.path));
    } catch (error) {
      // Spec 3 §2: an import that fails is only logged.
      console.warn('map helper: route import failed', error);
    } finally {
      setImporting(false);
    }
  };

  return (
    <Stack gap="md" p="md" data-testid="map-helper-page">
      <Title order={1} size="h2">
        {t('mapHelper.title')}
      </Title>
      <Group align="flex-start" grow wrap="wrap">
        <Stack gap="sm" miw={280}>
          <Textarea
            label={t('mapHelper.points')}
            description={t('mapHelper.pointsHelp')}
            autosize
            minRows={8}
            maxRows={16}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setImported(null);
              setEncoded('');
            }}
            error={invalidLines.length ? t('mapHelper.invalidLines', { lines: invalidLines.join(', ') }) : undefined}
            data-testid="map-helper-points"
          />
          <RouteSpacingFacts points={points} tooLarge={mapHelperGapWarning} warning={t('mapHelper.gapWarning')} />
          <Group gap="sm">
            <Button
              variant="default"
              disabled={points.length < 2}
              onClick={() => setEncoded(encodeFlexiblePolyline(points))}
              data-testid="map-helper-encode"
            >
              {t('mapHelper.encode')}
            </Button>
            <ExplainedButton
              disabledReason={points.length < 2 ? t('mapHelper.needsTwoPoints') : null}
              needsConnection
              loading={importing}
              onClick={() => void importRoute()}
              data-testid="map-helper-import"
            >
              {t('mapHelper.import')}
            </ExplainedButton>
          </Group>
          {encoded && (
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('mapHelper.polyline')}
                value={encoded}
                readOnly
                style={{ flex: 1 }}
                data-testid="map-helper-polyline"
              />
              <CopyButton value={encoded}>
                {({ copied, copy }) => (
                  <Button
                    variant="light"
                    leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    onClick={copy}
                    data-testid="map-helper-copy"
                  >
                    {copied ? t('mapHelper.copied') : t('mapHelper.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
          {imported && <RouteNotices notices={imported.notices} />}
          {imported && (
            <Text size="sm" c="dimmed" data-testid="map-helper-imported">
              {t('mapHelper.imported', { count: imported.path.length })}
            </Text>
          )}
        </Stack>
        <Paper withBorder p={0} miw={280}>
          <Suspense fallback={<Skeleton h={420} />}>
            <RouteMap
              label={t('mapHelper.mapLabel')}
              height={420}
              routes={routes}
              points={points}
              fitKey={`${points.length}:${imported?.path.length ?? 0}:${text.length}`}
            />
          </Suspense>
        </Paper>
      </Group>
      {points.length === 0 && (
        <Alert color="gray" variant="light">
          {t('mapHelper.empty')}
        </Alert>
      )}
    </Stack>
  );
}
