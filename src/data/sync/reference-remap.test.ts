import { describe, expect, it } from 'vitest';
import { loadingTeamInputSchema } from '#core/contract/people';
import { orderInputSchema } from '#core/contract/orders';
import { trailerInputSchema } from '#core/contract/master-data';
import { remapReferences } from './reference-remap.ts';

const stop = (customerId: number | null, sequence: number) => ({
  sequence,
  type: 'Origin',
  organizationLocationId: 4,
  organizationSubLocationIds: [],
  cargoTypeId: 2,
  customerId,
  lotId: null,
  orderNumber: `PO-${sequence}`,
  customerOrderNumber: null,
  quantity: 10,
  weight: null,
  notes: null,
  arrivalTime: null,
  requiredBegin: null,
  requiredEnd: null,
  durationMinutes: null,
  metadata: {},
});

describe('remapReferences', () => {
  const realIds = new Map([
    ['customer:-5', 41],
    ['tractor:-7', 12],
    ['device:-9', 88],
  ]);
  const realIdOf = (kind: string, id: number) => {
    const real = realIds.get(`${kind}:${id}`);
    if (real === undefined) throw new Error(`no real id for ${kind} ${id}`);
    return real;
  };

  it('replaces provisional ids in the reference fields a load input marks, at any depth, and leaves the rest', () => {
    const input = {
      date: '2026-11-30T12:00:00.000Z',
      isDraft: false,
      transportedByUserId: null,
      tractorId: -7,
      trailerId: 3,
      washOption: null,
      metadata: { note: -5 },
      stops: [stop(-5, 1), stop(17, 2), stop(null, 3)],
    };
    const sent = remapReferences(orderInputSchema, input, realIdOf);
    expect(sent.tractorId).toBe(12);
    expect(sent.trailerId).toBe(3);
    expect(sent.stops.map((each) => each.customerId)).toEqual([41, 17, null]);
    // A negative number in free-form metadata is not a reference: untouched.
    expect(sent.metadata).toEqual({ note: -5 });
    // The queued input itself is not changed: a retry or a reload remaps it again.
    expect(input.stops[0]?.customerId).toBe(-5);
    expect(input.tractorId).toBe(-7);
  });

  it('answers the same value when nothing names a provisional id', () => {
    const input = { userDisplayName: 'T-1', trailerCargoTypes: [{ cargoTypeId: 2 }], deviceId: 88 };
    expect(remapReferences(trailerInputSchema, input, realIdOf)).toBe(input);
  });

  it('follows the marks of each record type: a trailer names its device', () => {
    const input = { userDisplayName: 'T-2', trailerCargoTypes: [{ cargoTypeId: 2 }], deviceId: -9 };
    expect(remapReferences(trailerInputSchema, input, realIdOf)).toEqual({ ...input, deviceId: 88 });
  });

  it('lets the resolver hold the change back (a record still being created) by throwing', () => {
    const input = { stops: [stop(-6, 1)] };
    expect(() => remapReferences(orderInputSchema, input, realIdOf)).toThrow('no real id for customer -6');
  });

  it('reaches references inside lists: a loading team’s members', () => {
    realIds.set('user:-3', 30);
    const input = { name: 'Night crew', userIds: [5, -3] };
    expect(remapReferences(loadingTeamInputSchema, input, realIdOf)).toEqual({ ...input, userIds: [5, 30] });
  });
});
