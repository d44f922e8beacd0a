import type { Order, Stop } from '#core/contract/orders';

/** Builders for the table's tests: an Origin stop at sequence 1, Destinations after it, nothing else set. */
export function makeStop(sequence: number, fields: Partial<Stop> = {}): Stop {
  return {
    id: sequence,
    orderId: 0,
    sequence,
    type: sequence === 1 ? 'Origin' : 'Destination',
    status: 'Not Started',
    organizationLocationId: null,
    organizationSubLocationIds: [],
    cargoTypeId: null,
    customerId: null,
    lotId: null,
    productionPlan: null,
    orderNumber: null,
    customerOrderNumber: null,
    quantity: null,
    actualQuantity: null,
    weight: null,
    actualWeight: null,
    notes: null,
    arrivalTime: null,
    requiredBegin: null,
    requiredEnd: null,
    completedAt: null,
    durationMinutes: null,
    distanceMeters: null,
    timeSeconds: null,
    originalStopId: null,
    metadata: {},
    ...fields,
  };
}

/** A load whose date is its first stop's arrival (or a fixed day in the week of 15 November 2026). */
export function makeLoad(id: number, fields: Partial<Order> = {}): Order {
  const stops = fields.stops ?? [makeStop(1), makeStop(2)];
  return {
    id,
    date: stops[0]?.arrivalTime ?? '2026-11-17T15:00:00.000Z',
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
    timeSeconds: null,
    distanceMeters: null,
    version: 1,
    updatedAt: '2026-11-15T00:00:00.000Z',
    ...fields,
    stops,
  };
}
