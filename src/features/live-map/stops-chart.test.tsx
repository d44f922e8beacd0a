// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import liveMapEnglish from '../../../locales/en-US/live-map.json';
import { chartSpan, STOP_TIME_COLORS, StopsChart } from './stops-chart.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'live-map': liveMapEnglish } },
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

const stops = [
  { sequence: 1, name: 'Mill', scheduled: '2026-11-28T08:00:00Z', actual: '2026-11-28T08:10:00Z', estimated: null },
  { sequence: 2, name: 'Farm', scheduled: '2026-11-28T10:00:00Z', actual: null, estimated: '2026-11-28T10:20:00Z' },
];

describe('StopsChart', () => {
  it('draws a dot per known time in the legend’s colours (scheduled grey, actual green, estimated orange)', () => {
    const { container } = render(
      <MantineProvider>
        <StopsChart stops={stops} format={(iso) => iso.slice(11, 16)} />
      </MantineProvider>,
    );
    const fills = [...container.querySelectorAll('circle')].map((circle) => circle.getAttribute('fill'));
    expect(fills).toEqual([
      STOP_TIME_COLORS.scheduled,
      STOP_TIME_COLORS.actual,
      STOP_TIME_COLORS.scheduled,
      STOP_TIME_COLORS.estimated,
    ]);
    expect(STOP_TIME_COLORS).toEqual({ scheduled: '#868e96', actual: '#2f9e44', estimated: '#f76707' });
    expect(screen.getByTestId('live-map-chart-legend').textContent).toBe('ScheduledActualEstimated');
    expect(container.querySelector('circle title')?.textContent).toBe('Mill — Scheduled: 08:00');
  });

  it('spans every known time with a margin, and nothing when no time is known', () => {
    const span = chartSpan(stops)!;
    expect(span.start).toBeLessThan(Date.parse('2026-11-28T08:00:00Z'));
    expect(span.end).toBeGreaterThan(Date.parse('2026-11-28T10:20:00Z'));
    expect(chartSpan([{ sequence: 1, name: 'Mill', scheduled: null, actual: null, estimated: null }])).toBeNull();
  });
});
