// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderInput } from '#core/contract/orders';
import type { ProjectionConfig } from '#core/contract/planning-actions';
import actionsEnglish from '../../../../locales/en-US/load-actions.json';
import loadsEnglish from '../../../../locales/en-US/loads.json';
import planningEnglish from '../../../../locales/en-US/planning.json';
import { makeLoad, makeStop } from '#test/fixtures/loads';
import { PlanningDialogs } from './planning-dialogs.tsx';
import { pickDay, typeTime, instantIn } from '#src/ui/date-time-field.test-support.ts';

const saves: { loadId: number | null; input: OrderInput; label: string; options?: { via?: 'list' } }[] = [];
const batches: number[] = [];
const merges: { sources: Order[]; merged: OrderInput & { mergedFromOrderIds?: number[]; status?: string } }[] = [];
const unmerges: number[] = [];
const projections: ProjectionConfig[][] = [];
const savedPreferences: unknown[] = [];
const mergedSources: { data: Order[] | undefined } = { data: undefined };

const lists: Record<string, unknown[]> = {
  drivers: [
    {
      id: 7,
      organizationId: 1,
      name: 'Ana Ruiz',
      phone: null,
      enabled: true,
      driverInfo: { defaultTractorId: 31, defaultTrailerId: 41, contract: false },
      version: 1,
    },
  ],
  tractors: [{ id: 31, organizationId: 1, userDisplayName: 'T-31', enabled: true, weight: null }],
  trailers: [{ id: 41, organizationId: 1, userDisplayName: 'R-41', enabled: true, weight: null }],
  locations: [
    { id: 100, name: 'North Mill', enabled: true },
    { id: 200, name: 'Farm 12', enabled: true },
    { id: 300, name: 'Farm 30', enabled: true },
  ],
  cargoTypes: [{ id: 1, label: 'Pigs', category: 'Animals', measuredBy: 'quantity' }],
};

vi.mock('#src/data/loads.ts', async () => {
  const overlay = await import('#src/data/sync/load-overlay.ts');
  return {
    inputFromOrder: overlay.inputFromOrder,
    useMirrorList: (list: string) => ({ data: lists[list] ?? [] }),
    // The week's other loads, which the conflict warnings compare against: none here.
    useLoads: () => ({ data: [] }),
    useSaveLoad: () => (order: Order | null, input: OrderInput, label: string, options?: { via?: 'list' }) => {
      saves.push({ loadId: order?.id ?? null, input, label, options });
      return order?.id ?? -1;
    },
    usePlanningCommands: () => ({
      merge: (sources: Order[], merged: OrderInput) => {
        merges.push({ sources, merged });
        return -1;
      },
      unmerge: (merged: Order) => unmerges.push(merged.id),
      createProjections: (configs: ProjectionConfig[]) => projections.push(configs),
      // One queued batch (one PUT /api/orders); its drafts are recorded one by one for the assertions.
      saveDrafts: (changes: { order: Order; input: OrderInput }[], label: string) => {
        batches.push(changes.length);
        for (const { order, input } of changes) saves.push({ loadId: order.id, input, label, options: { via: 'list' } });
      },
    }),
    useMergedSources: () => ({ data: mergedSources.data, isPending: !mergedSources.data, isError: false, fetchStatus: 'idle' }),
  };
});

// The worker's functions, run here; arguments and answers cloned as Comlink would, so nothing unclonable slips through.
vi.mock('#src/data/planner.ts', async () => {
  const planning = (await import('#core/domain/planning/index')) as unknown as Record<string, (...args: unknown[]) => unknown>;
  return {
    planner: new Proxy(
      {},
      {
        get:
          (_target, name: string) =>
          async (...args: unknown[]) =>
            structuredClone(planning[name]!(...structuredClone(args))),
      },
    ),
  };
});

vi.mock('#src/data/travel-times.ts', () => ({
  // Every leg of the tests takes 30 minutes.
  fetchTravelTimes: async (
    _client: unknown,
    pairs: { originOrganizationLocationId: number; destinationOrganizationLocationId: number }[],
  ) => ({
    entries: pairs.map((pair) => ({ ...pair, timeSeconds: 1800, distanceMeters: 40_000 })),
    missing: [],
  }),
  travelTimesQuery: (organizationId: number) => ({ queryKey: ['travel-times', organizationId] }),
  throughputRulesQuery: (organizationId: number) => ({ queryKey: ['throughput', organizationId], queryFn: async () => [] }),
  useThroughputRules: () => ({ data: [], isPending: false }),
}));

vi.mock('#src/data/session-queries.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#src/data/session-queries.ts')>()),
  savePreferences: async (_client: unknown, _userId: number, preferences: unknown) => {
    savedPreferences.push(preferences);
  },
}));

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { planning: planningEnglish, 'load-actions': actionsEnglish, loads: loadsEnglish } },
    interpolation: { escapeValue: false },
  });
});

beforeEach(() => {
  for (const list of [saves, batches, merges, unmerges, projections, savedPreferences] as unknown[][]) list.length = 0;
  mergedSources.data = undefined;
});

afterEach(cleanup);

function renderDialog(ui: ReactNode, preferences: Record<string, unknown> = {}) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['self'], {
    id: 3,
    activeOrganizationId: 1,
    contact: { timezone: 'America/Chicago', units: 'Imperial', unitsWeight: 'Pound', language: 'en-US' },
    permissions: [],
    preferences,
    organization: { isCarrier: false, features: [], tier: 'Standard' },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">{ui}</MantineProvider>
    </QueryClientProvider>,
  );
}

/** A complete draft: pigs from `from` at 14:00 UTC to `to` two hours later. */
function draft(id: number, from = 100, to = 200, start = '2030-03-04T14:00:00.000Z', fields: Partial<Order> = {}): Order {
  const later = new Date(Date.parse(start) + 2 * 3600_000).toISOString();
  return makeLoad({
    id,
    isDraft: true,
    version: 2,
    stops: [
      makeStop({
        sequence: 1,
        id: id * 10 + 1,
        organizationLocationId: from,
        cargoTypeId: 1,
        quantity: 10,
        arrivalTime: start,
        orderNumber: `PO-${id}`,
      }),
      makeStop({ sequence: 2, id: id * 10 + 2, organizationLocationId: to, cargoTypeId: 1, quantity: 10, arrivalTime: later }),
    ],
    ...fields,
  });
}

const isOff = (element: HTMLElement) => element.getAttribute('aria-disabled') === 'true';

async function choose(testId: string, option: string) {
  fireEvent.click(screen.getByTestId(testId));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('PublishDialog', () => {
  it('publishes only the complete drafts and names each incomplete one with what it lacks', async () => {
    const incomplete = draft(2);
    incomplete.stops[1] = { ...incomplete.stops[1]!, quantity: 8 };
    const onDone = vi.fn();
    renderDialog(<PlanningDialogs action="publish" selected={[draft(1), incomplete]} onClose={() => {}} onDone={onDone} />);

    const notice = await screen.findByTestId('publish-refused');
    expect(notice.textContent).toContain('1 draft is incomplete and stays a draft');
    // Incomplete drafts are listed first, with their reasons; the complete one says it will be published.
    const [first, second] = screen.getAllByTestId('planning-draft');
    expect(first!.getAttribute('data-load-id')).toBe('2');
    expect(within(first!).getByTestId('publish-missing').textContent).toBe(
      "The origins' total quantity differs from the destinations'.",
    );
    expect(within(second!).getByTestId('publish-complete').textContent).toBe('Complete: will be published');
    await waitFor(() => expect(isOff(screen.getByTestId('publish-confirm'))).toBe(false));
    expect(screen.getByTestId('publish-confirm').textContent).toBe('Publish 1 draft');
    fireEvent.click(screen.getByTestId('publish-confirm'));
    expect(saves.map((save) => [save.loadId, save.input.isDraft])).toEqual([[1, false]]);
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });

  it('refuses when no selected draft is complete, naming what it lacks', async () => {
    const incomplete = draft(2);
    incomplete.stops[1] = { ...incomplete.stops[1]!, quantity: 8 };
    renderDialog(<PlanningDialogs action="publish" selected={[incomplete]} onClose={() => {}} onDone={() => {}} />);

    await screen.findByTestId('publish-missing');
    const confirm = screen.getByTestId('publish-confirm');
    expect(isOff(confirm)).toBe(true);
    fireEvent.click(confirm);
    expect(saves).toEqual([]);
  });

  it('publishes complete drafts through the list route with isDraft false', async () => {
    const onDone = vi.fn();
    renderDialog(<PlanningDialogs action="publish" selected={[draft(1), draft(2)]} onClose={() => {}} onDone={onDone} />);
    // The button is re-mounted without its tooltip once enabled: look it up again.
    await waitFor(() => expect(isOff(screen.getByTestId('publish-confirm'))).toBe(false));
    fireEvent.click(screen.getByTestId('publish-confirm'));
    expect(batches).toEqual([2]);
    expect(saves.map((save) => [save.loadId, save.input.isDraft, save.options?.via])).toEqual([
      [1, false, 'list'],
      [2, false, 'list'],
    ]);
    expect(saves[0]!.input.stops.map((stop) => stop.id)).toEqual([11, 12]);
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
  });
});

describe('MergeDialog', () => {
  it('previews the merged draft and queues it with its sources', async () => {
    const driver = { transportedByUserId: 7, status: 'Assigned' as const };
    const sources = [draft(1, 100, 200, undefined, driver), draft(2, 100, 300, undefined, driver)];
    renderDialog(<PlanningDialogs action="merge" selected={sources} onClose={() => {}} onDone={() => {}} />);

    await screen.findByTestId('merge-preview');
    // Both pick up at North Mill: one stop of 20, then each farm.
    expect(screen.getAllByTestId('planning-stop-quantity').map((cell) => cell.textContent)).toEqual(['20', '10', '10']);
    expect(screen.getByTestId('merge-status').textContent).toBe('Assigned');
    expect(screen.getByTestId('merge-driver').textContent).toBe('Driver: Ana Ruiz');

    fireEvent.click(screen.getByTestId('merge-confirm'));
    expect(merges).toHaveLength(1);
    expect(merges[0]!.sources.map((source) => source.id)).toEqual([1, 2]);
    expect(merges[0]!.merged).toMatchObject({ isDraft: true, mergedFromOrderIds: [1, 2], transportedByUserId: 7 });
  });

  it('explains why drafts cannot be merged', () => {
    const delivered = draft(2, 100, 300, undefined, { status: 'Delivered' });
    renderDialog(<PlanningDialogs action="merge" selected={[draft(1), delivered]} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByTestId('merge-refused').textContent).toContain('Only Open or Assigned drafts can be merged.');
    fireEvent.click(screen.getByTestId('merge-confirm'));
    expect(merges).toEqual([]);
  });
});

describe('UnmergeDialog', () => {
  const merged = draft(9, 100, 200, undefined, { mergedFromOrderIds: [1, 2] });

  it('lists the source drafts and queues the unmerge', () => {
    mergedSources.data = [
      draft(1, 100, 200, undefined, { status: 'Merged' }),
      draft(2, 100, 300, undefined, { status: 'Merged' }),
    ];
    renderDialog(<PlanningDialogs action="unmerge" selected={[merged]} onClose={() => {}} onDone={() => {}} />);
    const listed = within(screen.getByTestId('unmerge-sources')).getAllByTestId('planning-draft');
    expect(listed.map((item) => item.getAttribute('data-load-id'))).toEqual(['1', '2']);
    fireEvent.click(screen.getByTestId('unmerge-confirm'));
    expect(unmerges).toEqual([9]);
  });

  it('refuses when a source changed since the merge', () => {
    mergedSources.data = [draft(1, 100, 200, undefined, { status: 'Merged' }), draft(2, 100, 300, undefined, { status: 'Open' })];
    renderDialog(<PlanningDialogs action="unmerge" selected={[merged]} onClose={() => {}} onDone={() => {}} />);
    expect(screen.getByTestId('unmerge-refused').textContent).toContain('has changed since the merge');
    fireEvent.click(screen.getByTestId('unmerge-confirm'));
    expect(unmerges).toEqual([]);
  });
});

describe('CascadeDialog', () => {
  it('spaces the basis stops by the interval from the first draft, moving each draft whole', async () => {
    const drafts = [
      draft(1, 100, 200, '2030-03-04T14:00:00.000Z'),
      draft(2, 100, 300, '2030-03-04T09:10:00.000Z'),
      draft(3, 100, 200, '2030-03-05T20:00:00.000Z'),
    ];
    renderDialog(<PlanningDialogs action="cascade" selected={drafts} onClose={() => {}} onDone={() => {}} />);
    // 14:00 UTC is 08:00 in Chicago; the default interval is 60 minutes.
    expect(instantIn(screen.getByTestId('cascade-start'))).toBe('2030-03-04T14:00:00.000Z');
    expect(screen.getByTestId('cascade-summary').textContent).toContain('one every 60 min');
    fireEvent.click(screen.getByTestId('cascade-confirm'));
    await waitFor(() => expect(saves).toHaveLength(3));
    expect(saves.map((save) => save.input.stops.map((stop) => stop.arrivalTime))).toEqual([
      ['2030-03-04T14:00:00.000Z', '2030-03-04T16:00:00.000Z'],
      ['2030-03-04T15:00:00.000Z', '2030-03-04T17:00:00.000Z'],
      ['2030-03-04T16:00:00.000Z', '2030-03-04T18:00:00.000Z'],
    ]);
    expect(saves.map((save) => [save.input.date, save.options?.via])).toEqual([
      ['2030-03-04T14:00:00.000Z', 'list'],
      ['2030-03-04T15:00:00.000Z', 'list'],
      ['2030-03-04T16:00:00.000Z', 'list'],
    ]);
  });

  it('asks before Escape discards a changed interval', async () => {
    const onClose = vi.fn();
    renderDialog(
      <PlanningDialogs
        action="cascade"
        selected={[draft(1, 100, 200), draft(2, 100, 200)]}
        onClose={onClose}
        onDone={() => {}}
      />,
    );
    fireEvent.click(screen.getByTestId('cascade-interval'));
    fireEvent.click(await screen.findByRole('option', { name: '30 min' }));

    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(await screen.findByTestId('discard-guard-keep'));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByTestId('cascade-interval') as HTMLInputElement).value).toBe('30 min');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(await screen.findByTestId('discard-guard-discard'));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('explains why the drafts cannot be cascaded', () => {
    renderDialog(
      <PlanningDialogs
        action="cascade"
        selected={[draft(1, 100, 200), draft(2, 300, 300)]}
        onClose={() => {}}
        onDone={() => {}}
      />,
    );
    expect(screen.getByTestId('cascade-ineligible').textContent).toContain('no location is shared by all of them');
    expect(isOff(screen.getByTestId('cascade-confirm'))).toBe(true);
  });
});

describe('BulkWindowsDialog', () => {
  it('explains that cascading needs the stop type on every draft, and sets the window otherwise', async () => {
    const noOrigin = draft(2);
    noOrigin.stops[0] = { ...noOrigin.stops[0]!, type: 'Weigh' };
    renderDialog(<PlanningDialogs action="bulkWindows" selected={[draft(1), noOrigin]} onClose={() => {}} onDone={() => {}} />);
    expect(instantIn(screen.getByTestId('windows-begin'))).toMatch(/T\d\d:00:00.000Z$/);

    fireEvent.click(screen.getByTestId('windows-cascade'));
    expect(screen.getByTestId('windows-error').textContent).toContain('every selected draft needs a stop of the chosen type');
    expect(isOff(screen.getByTestId('windows-confirm'))).toBe(true);

    fireEvent.click(screen.getByTestId('windows-cascade'));
    await pickDay(screen.getByTestId('windows-begin'), '2030-03-04');
    typeTime(screen.getByTestId('windows-begin'), '0600');
    await pickDay(screen.getByTestId('windows-end'), '2030-03-04');
    typeTime(screen.getByTestId('windows-end'), '7:30');
    fireEvent.click(screen.getByTestId('windows-confirm'));
    expect(saves).toHaveLength(1);
    expect(saves[0]!.loadId).toBe(1);
    expect(saves[0]!.input.stops[0]).toMatchObject({
      requiredBegin: '2030-03-04T12:00:00.000Z',
      requiredEnd: '2030-03-04T13:30:00.000Z',
    });
    expect(saves[0]!.input.stops[1]).toMatchObject({ requiredBegin: null, requiredEnd: null });
  });
  it('closes at once when nothing was changed, and asks before Cancel discards a changed window', async () => {
    const onClose = vi.fn();
    renderDialog(<PlanningDialogs action="bulkWindows" selected={[draft(1)]} onClose={onClose} onDone={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    onClose.mockClear();

    typeTime(screen.getByTestId('windows-end'), '0730');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(await screen.findByTestId('discard-guard-discard'));
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('BulkScheduleDialog', () => {
  it('needs a reference time and a driver, then schedules every draft backward for that driver', async () => {
    const onDone = vi.fn();
    const drafts = [draft(1, 100, 200), draft(2, 300, 100)];
    renderDialog(<PlanningDialogs action="bulkSchedule" selected={drafts} onClose={() => {}} onDone={onDone} />);
    expect(isOff(screen.getByTestId('schedule-calculate'))).toBe(true);
    expect(isOff(screen.getByTestId('schedule-save'))).toBe(true);

    fireEvent.click(screen.getByText('From the last stop'));
    await pickDay(screen.getByTestId('schedule-reference'), '2030-03-05');
    typeTime(screen.getByTestId('schedule-reference'), '12:00');
    expect(isOff(screen.getByTestId('schedule-save'))).toBe(true);
    await choose('schedule-driver', 'Ana Ruiz');
    expect((screen.getByTestId('schedule-tractor') as HTMLInputElement).value).toBe('T-31');

    fireEvent.click(screen.getByTestId('schedule-calculate'));
    await screen.findByTestId('schedule-calculated', {}, { timeout: 10_000 });
    fireEvent.click(screen.getByTestId('schedule-save'));
    await waitFor(() => expect(saves).toHaveLength(2));
    // 12:00 in Chicago is 18:00 UTC at the last stop; every leg 30 minutes, no stop durations.
    expect(saves.map((save) => save.input.stops.map((stop) => stop.arrivalTime))).toEqual([
      ['2030-03-05T16:30:00.000Z', '2030-03-05T17:00:00.000Z'],
      ['2030-03-05T17:30:00.000Z', '2030-03-05T18:00:00.000Z'],
    ]);
    for (const save of saves) {
      expect(save.input).toMatchObject({ transportedByUserId: 7, tractorId: 31, trailerId: 41 });
      expect(save.options?.via).toBe('list');
    }
    expect(onDone).toHaveBeenCalledOnce();
    // Picking the day through the calendar renders it a few times: slow in happy-dom on a busy machine.
  }, 30_000);
});

describe('BulkCreateWizard', () => {
  // The grid closes the days of this week already past: these tests run on a Sunday morning, when none is.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('goes from configuration to grid to preview, creates the projections and lands on the week', async () => {
    const onWeekChange = vi.fn();
    renderDialog(
      <PlanningDialogs action="createDrafts" selected={[]} onClose={() => {}} onDone={() => {}} onWeekChange={onWeekChange} />,
    );

    fireEvent.click(screen.getByTestId('bulk-next'));
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    await choose('bulk-cargo-type', 'Pigs');
    await choose('bulk-site', 'North Mill');
    fireEvent.click(screen.getByTestId('bulk-next'));
    expect(screen.getByText('Enter a load size of at least 1 or a weight above 0.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('bulk-amount'), { target: { value: '180' } });
    fireEvent.click(screen.getByTestId('bulk-next'));

    const cells = screen.getAllByTestId('bulk-cell') as HTMLInputElement[];
    expect(cells).toHaveLength(7);
    expect(isOff(screen.getByTestId('bulk-preview'))).toBe(true);
    fireEvent.change(cells[1]!, { target: { value: '3' } });
    fireEvent.change(cells[4]!, { target: { value: 'x' } });
    expect(screen.getByTestId('bulk-total').textContent).toBe('Total loads: 3');
    fireEvent.click(screen.getByTestId('bulk-preview'));
    expect(screen.getAllByTestId('bulk-preview-row')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('bulk-create'));
    expect(projections).toHaveLength(1);
    expect(projections[0]).toEqual([
      expect.objectContaining({
        organizationLocationId: 100,
        cargoTypeId: 1,
        quantityPerLoad: 180,
        numberOfLoads: 3,
        isBasedOnOrigin: true,
      }),
    ]);
    const week = onWeekChange.mock.calls[0]?.[0] as string;
    expect(week).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const completion = await screen.findByTestId('bulk-completion');
    fireEvent.click(within(completion).getByTestId('bulk-do-not-show'));
    fireEvent.click(within(completion).getByTestId('bulk-finish'));
    await waitFor(() => expect(savedPreferences).toEqual([{ doNotShowBulkOrderCompletionModal: true }]));
  });

  it('skips the completion note when the user asked not to see it again', async () => {
    const onClose = vi.fn();
    renderDialog(<PlanningDialogs action="createDrafts" selected={[]} onClose={onClose} onDone={() => {}} />, {
      doNotShowBulkOrderCompletionModal: true,
    });
    await choose('bulk-cargo-type', 'Pigs');
    await choose('bulk-site', 'Farm 12');
    fireEvent.click(screen.getByText('Destination'));
    fireEvent.change(screen.getByTestId('bulk-amount'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('bulk-next'));
    fireEvent.change(screen.getAllByTestId('bulk-cell')[0]!, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('bulk-preview'));
    fireEvent.click(screen.getByTestId('bulk-create'));
    expect(projections[0]).toEqual([
      expect.objectContaining({ organizationLocationId: 200, numberOfLoads: 12, isBasedOnOrigin: false }),
    ]);
    expect(screen.queryByTestId('bulk-completion')).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('saving many drafts', () => {
  it('queues a thousand drafts as one list save', async () => {
    const drafts = Array.from({ length: 1000 }, (_, index) => draft(index + 1));
    const onDone = vi.fn();
    renderDialog(<PlanningDialogs action="publish" selected={drafts} onClose={() => {}} onDone={onDone} />);
    await waitFor(() => expect(isOff(screen.getByTestId('publish-confirm'))).toBe(false));
    fireEvent.click(screen.getByTestId('publish-confirm'));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(batches).toEqual([1000]);
    expect(saves).toHaveLength(1000);
    expect(new Set(saves.map((save) => save.loadId)).size).toBe(1000);
    expect(saves.every((save) => save.options?.via === 'list' && save.input.isDraft === false)).toBe(true);
  });
});
