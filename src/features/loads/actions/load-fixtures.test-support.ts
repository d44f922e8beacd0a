import type { Order, Stop } from '#core/contract/orders';

/** Small builders for the actions' tests: a load of two stops owned and transported by organization 1. */
export function makeStop(overrides: Partial<Stop> = {}): Stop {
  return {
    id: 11,
    orderId: 1,
    sequence: 1,
    type: 'Origin',
    status: 'Not Started',
    organizationLocationId: 100,
    organizationSubLocationIds: [],
    cargoTypeId: 2,
    customerId: null,
    lotId: null,
    productionPlan: null,
    orderNumber: 'PO-1',
    customerOrderNumber: null,
    quantity: null,
    actualQuantity: null,
    weight: 1_000_000,
    actualWeight: null,
    notes: null,
    arrivalTime: '2030-03-04T14:00:00.000Z',
    requiredBegin: null,
    requiredEnd: null,
    completedAt: null,
    durationMinutes: 30,
    distanceMeters: null,
    timeSeconds: null,
    originalStopId: null,
    metadata: {},
    ...overrides,
  };
}

export function makeLoad(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? 1;
  return {
    id,
    date: '2030-03-04T14:00:00.000Z',
    status: 'Open',
    isDraft: false,
    organizationId: 1,
    owningOrganizationId: 1,
    transportingOrganizationId: 1,
    transportedByUserId: null,
    acceptedByUserId: null,
    tractorId: null,
    trailerId: null,
    washOption: null,
    metadata: {},
    mergedFromOrderIds: null,
    timeSeconds: 7200,
    distanceMeters: 80_000,
    version: 3,
    updatedAt: '2030-03-01T00:00:00.000Z',
    stops: [
      makeStop({ id: id * 10 + 1, orderId: id }),
      makeStop({
        id: id * 10 + 2,
        orderId: id,
        sequence: 2,
        type: 'Destination',
        organizationLocationId: 200,
        arrivalTime: '2030-03-04T16:00:00.000Z',
      }),
    ],
    ...overrides,
  };
}
