// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completenessOptions } from '#core/domain/planning/index';
import planningEnglish from '../../../../locales/en-US/planning.json';
import { buildLoadRow, type LoadRowContext } from '../table/filter-loads.ts';
import { makeLoad, makeStop } from '#test/fixtures/loads';
import { zonedClock } from '#src/ui/zoned-clock.ts';
import { DraftCompletenessWarning } from './draft-completeness-warning.tsx';

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { planning: planningEnglish } },
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

const lookups = {
  locations: new Map(),
  cargoTypes: new Map(),
  customers: new Map(),
  drivers: new Map(),
  tractors: new Map(),
  trailers: new Map(),
};
const context: LoadRowContext = { lookups, clock: zonedClock('America/Chicago'), statusLabel: (status) => status };

const complete = makeLoad({
  id: 1,
  isDraft: true,
  stops: [
    makeStop({ sequence: 1, organizationLocationId: 100, cargoTypeId: 1, quantity: 10, arrivalTime: '2026-11-17T15:00:00.000Z' }),
    makeStop({ sequence: 2, organizationLocationId: 200, cargoTypeId: 1, quantity: 10, arrivalTime: '2026-11-17T17:00:00.000Z' }),
  ],
});
// The destination before the origin in time, and 2 units short.
const incomplete = makeLoad({
  id: 2,
  isDraft: true,
  stops: [
    makeStop({ sequence: 1, organizationLocationId: 100, cargoTypeId: 1, quantity: 10, arrivalTime: '2026-11-17T17:00:00.000Z' }),
    makeStop({ sequence: 2, organizationLocationId: 200, cargoTypeId: 1, quantity: 8, arrivalTime: '2026-11-17T15:00:00.000Z' }),
  ],
});

describe('draft completeness in the drafts table', () => {
  it('is computed with the row, time order included, only when the table asks for it', () => {
    const drafts = { ...context, completeness: completenessOptions('Pound', true) };
    expect(buildLoadRow(complete, drafts).incomplete).toEqual([]);
    expect(buildLoadRow(incomplete, drafts).incomplete).toEqual(['quantityUnbalanced', 'timesOutOfOrder']);
    expect(buildLoadRow(incomplete, context).incomplete).toEqual([]);
  });

  it('names what is missing on the row warning, for keyboard and screen readers too', () => {
    render(
      <MantineProvider env="test">
        <DraftCompletenessWarning missing={['quantityUnbalanced', 'timesOutOfOrder']} load="PO-7" />
      </MantineProvider>,
    );
    const icon = screen.getByTestId('draft-incomplete');
    expect(icon.getAttribute('aria-label')).toBe(
      "Draft PO-7 is incomplete: The origins' total quantity differs from the destinations'.; Stop times are out of order.",
    );
    expect(icon.tagName).toBe('BUTTON');
  });
});
