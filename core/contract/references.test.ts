import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { driverAssignmentsBodySchema } from './load-actions.ts';
import { idSchema } from './limits.ts';
import { orderInputSchema, orderUpdateSchema } from './orders.ts';
import { ordersListBodySchema } from './planning-actions.ts';
import { collectReferences, declaresReferences, notAReference, referenceId, undeclaredIdFields } from './references.ts';

const load = orderInputSchema.parse({
  date: '2026-11-24T12:00:00.000Z',
  transportedByUserId: 7,
  trailerId: 9,
  metadata: { customerId: 999 },
  stops: [
    { sequence: 1, type: 'Origin', organizationLocationId: 3, cargoTypeId: 2, organizationSubLocationIds: [11, 12] },
    { sequence: 2, type: 'Destination', organizationLocationId: null, cargoTypeId: null, customerId: 5 },
  ],
});

describe('collectReferences', () => {
  it('finds every declared reference with its path, and the location each sub-location must lie in', () => {
    const found = collectReferences(orderUpdateSchema, { ...load, version: 4 });
    expect(found).toEqual(
      expect.arrayContaining([
        { path: ['transportedByUserId'], kind: 'driver', id: 7 },
        { path: ['trailerId'], kind: 'trailer', id: 9 },
        { path: ['stops', 0, 'organizationLocationId'], kind: 'location', id: 3 },
        { path: ['stops', 0, 'cargoTypeId'], kind: 'cargoType', id: 2 },
        {
          path: ['stops', 0, 'organizationSubLocationIds', 1],
          kind: 'subLocation',
          id: 12,
          within: { field: 'organizationLocationId', id: 3 },
        },
        { path: ['stops', 1, 'customerId'], kind: 'customer', id: 5 },
      ]),
    );
    // Nulls, the version, stop sequences and numbers inside free-form metadata are not references.
    expect(found).toHaveLength(7);
  });

  it('walks lists of loads and lists of assignments', () => {
    const items = ordersListBodySchema.parse([{ ...load, id: 1, version: 1 }]);
    expect(collectReferences(ordersListBodySchema, items).map((reference) => reference.path.join('.'))).toContain(
      '0.stops.1.customerId',
    );
    const assignments = driverAssignmentsBodySchema.parse([{ id: 1, transportedByUserId: 4, tractorId: null, trailerId: 6 }]);
    expect(collectReferences(driverAssignmentsBodySchema, assignments)).toEqual([
      { path: [0, 'transportedByUserId'], kind: 'driver', id: 4 },
      { path: [0, 'trailerId'], kind: 'trailer', id: 6 },
    ]);
  });
});

describe('undeclaredIdFields', () => {
  it('finds an id field declared neither way, at any depth', () => {
    const body = z.array(
      z.object({
        id: notAReference(idSchema, 'the record acted on'),
        customerId: referenceId('customer').nullable(),
        lines: z.array(z.object({ productId: idSchema.optional(), productIds: z.array(idSchema) })),
      }),
    );
    expect(undeclaredIdFields(body)).toEqual(['[].lines[].productId', '[].lines[].productIds']);
  });

  it('finds none in the contract’s load bodies', () => {
    for (const schema of [orderInputSchema, orderUpdateSchema, ordersListBodySchema, driverAssignmentsBodySchema]) {
      expect(undeclaredIdFields(schema)).toEqual([]);
      expect(declaresReferences(schema)).toBe(true);
    }
    expect(declaresReferences(z.object({ id: notAReference(idSchema, 'acted on') }))).toBe(false);
  });
});
