import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One stop's three times on the chart (ISO instants, each may be unknown). */
export interface StopTimes {
  sequence: number;
  name: string;
  scheduled: string | null;
  actual: string | null;
  estimated: string | null;
}

/** Spec 1 §2 legend: scheduled grey, actual green, estimated orange. */
export const STOP_TIME_COLORS = { scheduled: '#868e96', actual: '#2f9e44', estimated: '#f76707' } as const;
const KINDS = ['scheduled', 'actual', 'estimated'] as const;

const ROW_HEIGHT = 26;
const LABEL_WIDTH = 30;
const WIDTH = 300;

/** The earliest and latest of every known time, widened a little so no dot sits on the edge. */
export function chartSpan(stops: readonly StopTimes[]): { start: number; end: number } | null {
  const times = stops.flatMap((stop) => KINDS.map((kind) => stop[kind])).flatMap((time) => (time ? [Date.parse(time)] : []));
  if (times.length === 0) return null;
  const start = Math.min(...times);
  const end = Math.max(...times);
  const margin = Math.max((end - start) * 0.05, 15 * 60_000);
  return { start: start - margin, end: end + margin };
}

/**
 * The order panel's stops chart: a row per stop on one time axis, a dot for when it was scheduled,
 * when it actually happened and when it is now expected. Drawn as a small SVG (no chart library is
 * installed); each dot has a title, and the same times are read out below it.
 */
export function StopsChart({ stops, format }: { stops: readonly StopTimes[]; format: (iso: string) => string }) {
  const { t } = useTranslation('live-map');
  const legend = {
    scheduled: t('panel.legend.scheduled'),
    actual: t('panel.legend.actual'),
    estimated: t('panel.legend.estimated'),
  };
  const span = chartSpan(stops);
  const plotWidth = WIDTH - LABEL_WIDTH - 8;
  const x = (iso: string) => (span ? LABEL_WIDTH + ((Date.parse(iso) - span.start) / (span.end - span.start)) * plotWidth : 0);
  return (
    <Stack gap={4} data-testid="live-map-stops-chart">
      <svg viewBox={`0 0 ${WIDTH} ${stops.length * ROW_HEIGHT + 4}`} width="100%" role="img" aria-label={t('panel.chart')}>
        {stops.map((stop, row) => {
          const y = row * ROW_HEIGHT + ROW_HEIGHT / 2 + 2;
          return (
            <g key={stop.sequence}>
              <text x={0} y={y + 4} fontSize={11} fill="#495057">
                {stop.sequence}
              </text>
              <line x1={LABEL_WIDTH} x2={WIDTH - 8} y1={y} y2={y} stroke="#dee2e6" />
              {KINDS.map((kind) => {
                const time = stop[kind];
                if (!time || !span) return null;
                return (
                  <circle key={kind} cx={x(time)} cy={y} r={6} fill={STOP_TIME_COLORS[kind]} stroke="#fff" strokeWidth={1.5}>
                    <title>{`${stop.name} — ${legend[kind]}: ${format(time)}`}</title>
                  </circle>
                );
              })}
            </g>
          );
        })}
      </svg>
      <Group gap="md" justify="center" data-testid="live-map-chart-legend">
        {KINDS.map((kind) => (
          <Group key={kind} gap={4} wrap="nowrap">
            <span
              style={{ width: 10, height: 10, borderRadius: 5, background: STOP_TIME_COLORS[kind], display: 'inline-block' }}
            />
            <Text size="xs">{legend[kind]}</Text>
          </Group>
        ))}
      </Group>
    </Stack>
  );
}
