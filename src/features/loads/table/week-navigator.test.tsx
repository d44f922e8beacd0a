// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { weekContaining } from '#core/domain/weeks';
import loadsEnglish from '../../../../locales/en-US/loads.json';
import { WeekNavigator } from './week-navigator.tsx';

const ZONE = 'America/Chicago';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { loads: loadsEnglish } } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('WeekNavigator', () => {
  it('shows the week, and renders again for the same week without making another date formatter', () => {
    const week = weekContaining(new Date('2026-11-18T12:00:00Z'), ZONE);
    const navigator = (isCurrent: boolean) => (
      <MantineProvider>
        <WeekNavigator week={week} timezone={ZONE} isCurrent={isCurrent} onShift={() => {}} onCurrent={() => {}} />
      </MantineProvider>
    );
    const { rerender } = render(navigator(false));
    expect(screen.getByTestId('week-label').textContent).toMatch(/^Nov 15\s*–\s*21, 2026$/);
    // The loads table renders it again for each step of rows it mounts.
    const formatters = vi.spyOn(Intl, 'DateTimeFormat');
    rerender(navigator(true));
    rerender(navigator(false));
    expect(formatters).not.toHaveBeenCalled();
    expect(screen.getByTestId('week-label').textContent).toMatch(/^Nov 15\s*–\s*21, 2026$/);
  });
});
