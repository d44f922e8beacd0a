import { describe, expect, it } from 'vitest';
import { bulkModifyWindows, defaultWindow, type WindowStop } from './stop-windows.ts';

const at = (hours: number, minutes = 0) => new Date(Date.UTC(2026, 10, 24, hours, minutes)).toISOString();

const stop = (type: WindowStop['type']): WindowStop => ({ type, requiredBegin: null, requiredEnd: null });
const millToFarms = () => ({ id: 1, stops: [stop('Origin'), stop('Destination'), stop('Destination')] });
const millOnly = () => ({ id: 2, stops: [stop('Origin'), stop('Weigh')] });

describe('default window (spec 1 §4)', () => {
  it('starts at the current hour and ends one hour later', () => {
    expect(defaultWindow('2026-11-24T13:37:12.345Z')).toEqual({ begin: at(13), end: at(14) });
    expect(defaultWindow('2026-11-24T13:00:00.000Z')).toEqual({ begin: at(13), end: at(14) });
    expect(defaultWindow('2026-11-24T23:59:00.000Z')).toEqual({ begin: at(23), end: at(24) });
  });

  it('takes the hour in the user zone', () => {
    // 13:37 UTC is 19:07 in Kolkata (+05:30): its hour began at 13:30 UTC.
    expect(defaultWindow('2026-11-24T13:37:00.000Z', 'Asia/Kolkata')).toEqual({ begin: at(13, 30), end: at(14, 30) });
    expect(defaultWindow('2026-11-24T13:37:00.000Z', 'America/Chicago')).toEqual({ begin: at(13), end: at(14) });
  });
});

describe('bulk modify stop windows (spec 1 §4)', () => {
  const window = { begin: at(8), end: at(9) };

  it('sets the window on every stop of the chosen type', () => {
    const result = bulkModifyWindows([millToFarms(), millOnly()], { ...window, stopType: 'Destination', cascade: false });
    if (!('drafts' in result)) throw new Error(result.error);
    expect(result.drafts[0]!.stops).toEqual([
      stop('Origin'),
      { type: 'Destination', requiredBegin: at(8), requiredEnd: at(9) },
      { type: 'Destination', requiredBegin: at(8), requiredEnd: at(9) },
    ]);
    // Without cascade, a draft without such a stop is left as it was.
    expect(result.drafts[1]).toEqual(millOnly());
  });

  it('cascades the windows draft after draft by the window length, or by the interval given', () => {
    const drafts = [millToFarms(), millToFarms(), millToFarms()];
    const result = bulkModifyWindows(drafts, { ...window, stopType: 'Origin', cascade: true });
    if (!('drafts' in result)) throw new Error(result.error);
    expect(result.drafts.map((draft) => [draft.stops[0]!.requiredBegin, draft.stops[0]!.requiredEnd])).toEqual([
      [at(8), at(9)],
      [at(9), at(10)],
      [at(10), at(11)],
    ]);
    const every45 = bulkModifyWindows(drafts, { ...window, stopType: 'Origin', cascade: true, intervalMinutes: 45 });
    if (!('drafts' in every45)) throw new Error(every45.error);
    expect(every45.drafts.map((draft) => draft.stops[0]!.requiredBegin)).toEqual([at(8), at(8, 45), at(9, 30)]);
  });

  it('explains that cascade needs a stop of the type on every draft', () => {
    expect(bulkModifyWindows([millToFarms(), millOnly()], { ...window, stopType: 'Destination', cascade: true })).toEqual({
      error: 'notEveryDraftHasStopType',
    });
  });

  it('refuses a window that ends before it begins', () => {
    expect(bulkModifyWindows([millToFarms()], { begin: at(9), end: at(8), stopType: 'Origin', cascade: false })).toEqual({
      error: 'windowEndBeforeBegin',
    });
  });

  it('does not modify the drafts it is given', () => {
    const drafts = [millToFarms()];
    bulkModifyWindows(drafts, { ...window, stopType: 'Origin', cascade: false });
    expect(drafts).toEqual([millToFarms()]);
  });
});
