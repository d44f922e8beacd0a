import { describe, expect, it } from 'vitest';
import type { Order, Stop } from '#core/contract/orders';
import type { CarrierOwnership } from '#core/contract/reference-lists';
import {
  applyCarrierAssignment,
  applyDriverAssignment,
  applyManualCompletion,
  canAssignCarrier,
  canAssignDriver,
  canCompleteLoads,
  canDeleteLoads,
  type CarrierRelation,
  carrierAssignmentFor,
  carriersOffered,
  carrierUnassignmentFor,
  defaultCompletionTime,
  defaultLoadCompletion,
  driverAssignmentFor,
  driversOffered,
  mayChooseResource,
} from './load-actions.ts';

const OWNER = 10;
const CARRIER = 20;

function stop(overrides: Partial<Stop> = {}): Stop {
  return {
    id: 100,
    orderId: 1,
    sequence: 1,
    type: 'Origin',
    status: 'Not Started',
    organizationLocationId: 5,
    organizationSubLocationIds: [],
    cargoTypeId: 2,
    customerId: null,
    lotId: null,
    productionPlan: null,
    orderNumber: 'PF-1001',
    customerOrderNumber: null,
    quantity: null,
    actualQuantity: null,
    weight: 21_772_434,
    actualWeight: null,
    notes: null,
    arrivalTime: '2026-11-24T13:00:00.000Z',
    requiredBegin: null,
    requiredEnd: null,
    completedAt: null,
    estimatedArrivalAt: null,
    durationMinutes: 30,
    distanceMeters: null,
    timeSeconds: null,
    originalStopId: null,
    metadata: {},
    ...overrides,
  };
}

function load(overrides: Partial<Order> = {}): Order {
  return {
    id: 1,
    date: '2026-11-24T13:00:00.000Z',
    status: 'Assigned',
    isDraft: false,
    organizationId: OWNER,
    owningOrganizationId: OWNER,
    transportingOrganizationId: OWNER,
    transportedByUserId: 7,
    acceptedByUserId: 3,
    tractorId: 11,
    trailerId: 12,
    washOption: null,
    metadata: {},
    mergedFromOrderIds: null,
    timeSeconds: null,
    distanceMeters: null,
    version: 4,
    updatedAt: '2026-11-20T08:00:00.000Z',
    stops: [
      stop(),
      stop({ id: 101, sequence: 2, type: 'Destination', arrivalTime: '2026-11-24T14:30:00.000Z', durationMinutes: 20 }),
    ],
    ...overrides,
  };
}

const driverHansen = { id: 7, organizationId: OWNER, enabled: true, driverInfo: { defaultTractorId: 11, defaultTrailerId: 12 } };
const driverNoDefaults = {
  id: 8,
  organizationId: OWNER,
  enabled: true,
  driverInfo: { defaultTractorId: null, defaultTrailerId: null },
};

describe('driver assignment', () => {
  it('takes the driver’s default tractor and trailer, or none', () => {
    expect(driverAssignmentFor({ id: 1 }, driverHansen)).toEqual({ id: 1, transportedByUserId: 7, tractorId: 11, trailerId: 12 });
    expect(driverAssignmentFor({ id: 1 }, driverNoDefaults)).toEqual({
      id: 1,
      transportedByUserId: 8,
      tractorId: null,
      trailerId: null,
    });
    expect(driverAssignmentFor({ id: 1 }, null)).toEqual({ id: 1, transportedByUserId: null, tractorId: null, trailerId: null });
  });

  it('makes an Open load Assigned, with the assigning user as acceptor', () => {
    const open = load({ status: 'Open', transportedByUserId: null, acceptedByUserId: null, tractorId: null, trailerId: null });
    const assigned = applyDriverAssignment(open, { id: 1, transportedByUserId: 8, tractorId: 31, trailerId: null }, 42);
    expect(assigned).toMatchObject({
      status: 'Assigned',
      transportedByUserId: 8,
      tractorId: 31,
      trailerId: null,
      acceptedByUserId: 42,
    });
    expect(assigned.stops).toBe(open.stops);
    expect(open.status).toBe('Open');
  });

  it('makes an Assigned load Open when the driver is cleared, with no acceptor', () => {
    const cleared = applyDriverAssignment(load(), { id: 1, transportedByUserId: null, tractorId: null, trailerId: null }, 42);
    expect(cleared).toMatchObject({
      status: 'Open',
      transportedByUserId: null,
      tractorId: null,
      trailerId: null,
      acceptedByUserId: null,
    });
  });

  it('keeps In Transit, Delivered and Merged', () => {
    for (const status of ['In Transit', 'Delivered', 'Merged'] as const) {
      expect(
        applyDriverAssignment(load({ status }), { id: 1, transportedByUserId: 9, tractorId: 1, trailerId: 2 }, 42).status,
      ).toBe(status);
      expect(
        applyDriverAssignment(load({ status }), { id: 1, transportedByUserId: null, tractorId: null, trailerId: null }, 42)
          .status,
      ).toBe(status);
    }
  });
});

describe('carrier ownership', () => {
  it('names who may choose each resource', () => {
    expect(mayChooseResource('Owning', 'owner')).toBe(true);
    expect(mayChooseResource('Owning', 'carrier')).toBe(false);
    expect(mayChooseResource('Carrier', 'owner')).toBe(false);
    expect(mayChooseResource('Carrier', 'carrier')).toBe(true);
    expect(mayChooseResource('Both', 'owner')).toBe(true);
    expect(mayChooseResource('Both', 'carrier')).toBe(true);
  });
});

describe('carrier assignment', () => {
  const values: CarrierOwnership[] = ['Owning', 'Carrier', 'Both'];
  const relation = (
    loadDriver: CarrierOwnership,
    loadTractor: CarrierOwnership,
    loadTrailer: CarrierOwnership,
  ): CarrierRelation => ({
    carrierOrganizationId: CARRIER,
    loadDriver,
    loadTractor,
    loadTrailer,
  });
  const keeps = (value: CarrierOwnership) => value !== 'Carrier';

  // All 27 combinations: driver 7, tractor 11 and trailer 12 stay exactly where the owner supplies them.
  for (const loadDriver of values) {
    for (const loadTractor of values) {
      for (const loadTrailer of values) {
        it(`driver ${loadDriver}, tractor ${loadTractor}, trailer ${loadTrailer}`, () => {
          const assignment = carrierAssignmentFor(load(), relation(loadDriver, loadTractor, loadTrailer));
          expect(assignment).toEqual({
            id: 1,
            status: keeps(loadDriver) ? 'Assigned' : 'Open',
            transportedByUserId: keeps(loadDriver) ? 7 : null,
            tractorId: keeps(loadTractor) ? 11 : null,
            trailerId: keeps(loadTrailer) ? 12 : null,
            transportingOrganizationId: CARRIER,
          });
        });
      }
    }
  }

  it('is Open when the owner had no driver, even if the driver may stay', () => {
    const open = load({ status: 'Open', transportedByUserId: null, tractorId: 11, trailerId: null });
    expect(carrierAssignmentFor(open, relation('Both', 'Both', 'Both'))).toEqual({
      id: 1,
      status: 'Open',
      transportedByUserId: null,
      tractorId: 11,
      trailerId: null,
      transportingOrganizationId: CARRIER,
    });
  });

  it('applies: the carrier transports, the acceptor stays only with the same driver', () => {
    const kept = applyCarrierAssignment(load(), carrierAssignmentFor(load(), relation('Owning', 'Carrier', 'Both')));
    expect(kept).toMatchObject({
      status: 'Assigned',
      transportingOrganizationId: CARRIER,
      owningOrganizationId: OWNER,
      transportedByUserId: 7,
      acceptedByUserId: 3,
      tractorId: null,
      trailerId: 12,
    });
    const dropped = applyCarrierAssignment(load(), carrierAssignmentFor(load(), relation('Carrier', 'Carrier', 'Carrier')));
    expect(dropped).toMatchObject({
      status: 'Open',
      transportingOrganizationId: CARRIER,
      transportedByUserId: null,
      acceptedByUserId: null,
      tractorId: null,
      trailerId: null,
    });
  });

  it('unassigns: Open, nothing assigned, back to the owner', () => {
    const carried = load({ transportingOrganizationId: CARRIER, transportedByUserId: 55, tractorId: 56, trailerId: 57 });
    const unassignment = carrierUnassignmentFor(carried);
    expect(unassignment).toEqual({
      id: 1,
      status: 'Open',
      transportedByUserId: null,
      tractorId: null,
      trailerId: null,
      transportingOrganizationId: OWNER,
    });
    expect(applyCarrierAssignment(carried, unassignment)).toMatchObject({
      status: 'Open',
      transportingOrganizationId: OWNER,
      transportedByUserId: null,
      acceptedByUserId: null,
    });
    expect(carrierUnassignmentFor(load({ status: 'In Transit' })).status).toBe('In Transit');
  });
});

describe('manual completion', () => {
  const now = '2026-11-24T16:47:39.512Z';

  it('defaults to the arrival time when it is not in the future', () => {
    expect(defaultCompletionTime(stop({ arrivalTime: '2026-11-24T13:00:00.000Z' }), load(), now)).toBe(
      '2026-11-24T13:00:00.000Z',
    );
    expect(defaultCompletionTime(stop({ arrivalTime: now }), load(), now)).toBe(now);
  });

  it('defaults to now with seconds zeroed without an arrival', () => {
    expect(defaultCompletionTime(stop({ arrivalTime: null }), load(), now)).toBe('2026-11-24T16:47:00.000Z');
  });

  it('defaults to the arrival time also when it is still ahead (spec 1 §4; issue 18 saw now)', () => {
    expect(defaultCompletionTime(stop({ arrivalTime: '2026-11-24T18:00:00.000Z' }), load(), now)).toBe(
      '2026-11-24T18:00:00.000Z',
    );
  });

  it('is never before an earlier stop’s real completion', () => {
    const late = load({
      stops: [
        stop({ status: 'Complete', completedAt: '2026-11-24T15:10:00.000Z' }),
        stop({ id: 101, sequence: 2, arrivalTime: '2026-11-24T14:30:00.000Z' }),
      ],
    });
    expect(defaultCompletionTime(stop({ id: 101, sequence: 2, arrivalTime: '2026-11-24T14:30:00.000Z' }), late, now)).toBe(
      '2026-11-24T15:10:00.000Z',
    );
  });

  it('makes the load Delivered and completes every stop not complete, leaving complete ones alone', () => {
    const inTransit = load({
      status: 'In Transit',
      stops: [
        stop({ status: 'Complete', completedAt: '2026-11-24T13:35:00.000Z', metadata: { comment: 'on time' } }),
        stop({
          id: 101,
          sequence: 2,
          type: 'Destination',
          status: 'Enroute',
          arrivalTime: '2026-11-24T14:30:00.000Z',
          metadata: { a: 1 },
        }),
        stop({ id: 102, sequence: 3, type: 'Destination', arrivalTime: null }),
      ],
    });
    const completed = applyManualCompletion(
      inTransit,
      {
        id: 1,
        stops: [
          // The already complete stop's time is not rewritten.
          {
            id: 100,
            completedAt: '2026-11-24T16:00:00.000Z',
            metadata: { suppressDeliveryNotification: false, manuallyCompleted: true },
          },
          {
            id: 101,
            completedAt: '2026-11-24T14:45:00.000Z',
            metadata: { suppressDeliveryNotification: false, manuallyCompleted: true },
          },
        ],
      },
      now,
    );
    expect(completed.status).toBe('Delivered');
    expect(completed.stops[0]).toEqual(inTransit.stops[0]);
    expect(completed.stops[1]).toMatchObject({
      status: 'Complete',
      completedAt: '2026-11-24T14:45:00.000Z',
      metadata: { a: 1, manuallyCompleted: true, suppressDeliveryNotification: false },
    });
    // Left out of the completion: its default time, notifications suppressed.
    expect(completed.stops[2]).toMatchObject({
      status: 'Complete',
      completedAt: '2026-11-24T16:47:00.000Z',
      metadata: { manuallyCompleted: true, suppressDeliveryNotification: true },
    });
  });

  it('starts the dialog from every open stop at its default time', () => {
    const partly = load({
      stops: [
        stop({ status: 'Complete', completedAt: '2026-11-24T13:30:00.000Z' }),
        stop({ id: 101, sequence: 2, arrivalTime: null }),
      ],
    });
    expect(defaultLoadCompletion(partly, now)).toEqual({
      id: 1,
      stops: [
        {
          id: 101,
          completedAt: '2026-11-24T16:47:00.000Z',
          metadata: { suppressDeliveryNotification: true, manuallyCompleted: true },
        },
      ],
    });
  });
});

describe('action enabling', () => {
  const withStatus = (...statuses: Order['status'][]) => statuses.map((status) => ({ status }));

  it('deletes only Open or Assigned loads', () => {
    expect(canDeleteLoads(withStatus('Open', 'Assigned'))).toBe(true);
    expect(canDeleteLoads(withStatus('Open', 'In Transit'))).toBe(false);
    expect(canDeleteLoads(withStatus('Delivered'))).toBe(false);
    expect(canDeleteLoads(withStatus('Merged'))).toBe(false);
    expect(canDeleteLoads([])).toBe(false);
  });

  it('completes unless a load is Delivered', () => {
    expect(canCompleteLoads(withStatus('Open', 'Assigned', 'In Transit'))).toBe(true);
    expect(canCompleteLoads(withStatus('In Transit', 'Delivered'))).toBe(false);
    expect(canCompleteLoads([])).toBe(false);
  });

  it('assigns drivers only to undelivered loads the organization transports', () => {
    const own = { status: 'Assigned' as const, transportingOrganizationId: OWNER };
    expect(canAssignDriver([own, { status: 'In Transit', transportingOrganizationId: OWNER }], OWNER)).toBe(true);
    expect(canAssignDriver([own, { status: 'Delivered', transportingOrganizationId: OWNER }], OWNER)).toBe(false);
    expect(canAssignDriver([own, { status: 'Open', transportingOrganizationId: CARRIER }], OWNER)).toBe(false);
    expect(canAssignDriver([{ status: 'Open', transportingOrganizationId: CARRIER }], CARRIER)).toBe(true);
    expect(canAssignDriver([], OWNER)).toBe(false);
  });

  it('offers enabled drivers of the organization, and the one already assigned', () => {
    const drivers = [
      { id: 7, organizationId: OWNER, enabled: true },
      { id: 8, organizationId: OWNER, enabled: false },
      { id: 9, organizationId: CARRIER, enabled: true },
    ];
    expect(driversOffered(drivers, load({ transportedByUserId: null }), OWNER).map((driver) => driver.id)).toEqual([7]);
    expect(driversOffered(drivers, load({ transportedByUserId: 8 }), OWNER).map((driver) => driver.id)).toEqual([7, 8]);
    expect(driversOffered(drivers, null, CARRIER).map((driver) => driver.id)).toEqual([9]);
    // Already assigned but of another organization: still not offered.
    expect(driversOffered(drivers, load({ transportedByUserId: 9 }), OWNER).map((driver) => driver.id)).toEqual([7]);
  });
});

describe('carriers offered', () => {
  it('lists active carriers only, by name', () => {
    const links = [
      { id: 1, isActive: true, name: 'Swift Haul Carriers' },
      { id: 2, isActive: false, name: 'Acme Freight' },
      { id: 3, isActive: true, name: 'Bluestem Transport' },
    ];
    expect(carriersOffered(links).map((link) => link.id)).toEqual([3, 1]);
    expect(links.map((link) => link.id)).toEqual([1, 2, 3]);
  });
});

describe('carrier assignment enabling', () => {
  const load = (status: Order['status'], owningOrganizationId: number) => ({ status, owningOrganizationId });
  it('needs every load owned by the organization and none Delivered', () => {
    expect(canAssignCarrier([load('Open', 1), load('Assigned', 1)], 1)).toBe(true);
    expect(canAssignCarrier([load('Open', 1), load('Delivered', 1)], 1)).toBe(false);
    expect(canAssignCarrier([load('Open', 2)], 1)).toBe(false);
    expect(canAssignCarrier([], 1)).toBe(false);
  });
});

describe('deleting merged loads', () => {
  it('deletes an Open or Assigned load that came out of a merge, as any other', () => {
    expect(canDeleteLoads([load({ status: 'Assigned', mergedFromOrderIds: [4, 5] })])).toBe(true);
    expect(canDeleteLoads([load({ status: 'Open', mergedFromOrderIds: [4, 5] })])).toBe(true);
    // Its sources are Merged: never deletable on their own.
    expect(canDeleteLoads([load({ status: 'Merged' })])).toBe(false);
  });
});
