import { describe, expect, it } from 'vitest';
import {
  averageWeightFromKilograms,
  averageWeightToKilograms,
  type CardFormValues,
  type CardLocation,
  type CardLocationType,
  cardAmountIssue,
  cardAmountRules,
  cardFormIssues,
  cardLocationIssue,
  cardPayload,
  cardWeightToGrams,
  INVALID_LOCATION,
  locationChoices,
  storedAmountIssues,
  toPlanningCard,
  trimLotId,
  withCargoType,
} from './production-cards.ts';

// Cargo type 1 (cattle) is counted, 2 (feed) is weighed (spec 1 §3).
const CATTLE = 1;
const FEED = 2;

const LOCATION_TYPES: CardLocationType[] = [
  { id: 10, shipsCargoTypeIds: [FEED], receivesCargoTypeIds: [] }, // mill
  { id: 20, shipsCargoTypeIds: [CATTLE], receivesCargoTypeIds: [FEED, CATTLE] }, // farm
];
const MILL: CardLocation = {
  id: 1,
  organizationLocationTypeId: 10,
  hasScale: true,
  enabled: true,
  orgSubLocations: [{ id: 11 }],
};
const FARM: CardLocation = {
  id: 2,
  organizationLocationTypeId: 20,
  hasScale: false,
  enabled: true,
  orgSubLocations: [{ id: 21 }, { id: 22 }],
};
const CLOSED_FARM: CardLocation = { ...FARM, id: 3, enabled: false };
const UNTYPED: CardLocation = { ...FARM, id: 4, organizationLocationTypeId: 99 };
const LOCATIONS = [MILL, FARM, CLOSED_FARM, UNTYPED];

const CONTEXT = {
  weightUnit: 'USTon' as const,
  unitSystem: 'Imperial' as const,
  locations: LOCATIONS,
  locationTypes: LOCATION_TYPES,
};

function feedForm(fields: Partial<CardFormValues> = {}): CardFormValues {
  return {
    cargoTypeId: FEED,
    targetDate: '2026-11-30',
    quantity: '',
    averageWeight: '',
    weight: 20,
    numberOfLoads: 1,
    productionPlan: ' Ration 7 ',
    lotId: '  L-42 ',
    orderNumber: 'PO-9',
    originLocationId: MILL.id,
    originSubLocationIds: [11],
    destinationLocationId: FARM.id,
    destinationSubLocationIds: [21],
    ...fields,
  };
}

describe('production card amounts', () => {
  it('asks counted cargo for a quantity and an average weight, weighed cargo for a weight and a number of loads', () => {
    expect(cardAmountRules(CATTLE, 'Pound', 'Imperial')).toEqual([
      { field: 'quantity', min: 1, step: 1, unit: null },
      { field: 'averageWeight', min: 1, step: 0.01, unit: 'lb' },
    ]);
    expect(cardAmountRules(CATTLE, 'Kilogram', 'Metric')[1]?.unit).toBe('kg');
    expect(cardAmountRules(FEED, 'USTon', 'Imperial')).toEqual([
      { field: 'weight', min: 1, step: 0.01, unit: 'USTon' },
      { field: 'numberOfLoads', min: 1, step: 1, unit: null },
    ]);
    expect(cardAmountRules(FEED, 'Pound', 'Imperial')[0]?.step).toBe(1);
  });

  it('requires every amount, at least 1, on its step', () => {
    const [quantity, averageWeight] = cardAmountRules(CATTLE, 'Pound', 'Imperial');
    const [, numberOfLoads] = cardAmountRules(FEED, 'Pound', 'Imperial');
    if (!quantity || !averageWeight || !numberOfLoads) throw new Error('rules missing');
    expect(cardAmountIssue(quantity, '')).toBe('required');
    expect(cardAmountIssue(quantity, null)).toBe('required');
    expect(cardAmountIssue(quantity, 0)).toBe('minimum');
    expect(cardAmountIssue(quantity, 1)).toBeNull();
    expect(cardAmountIssue(quantity, 1.5)).toBe('step');
    expect(cardAmountIssue(averageWeight, 0.99)).toBe('minimum');
    expect(cardAmountIssue(averageWeight, 550.29)).toBeNull();
    expect(cardAmountIssue(averageWeight, 550.295)).toBe('step');
    expect(cardAmountIssue(numberOfLoads, 2)).toBeNull();
    expect(cardAmountIssue(numberOfLoads, 2.5)).toBe('step');
  });

  it('converts the weight from the user unit to grams and the average weight from imperial to kilograms', () => {
    expect(cardWeightToGrams(20, 'USTon')).toBe(18_143_695); // 20 × 907,184.74 g
    expect(cardWeightToGrams(40_000, 'Pound')).toBe(18_143_695); // 40,000 × 453.59237 g
    expect(cardWeightToGrams(25, 'MetricTon')).toBe(25_000_000);
    expect(cardWeightToGrams(1, 'Kilogram')).toBe(1000);
    expect(averageWeightToKilograms(550, 'Imperial')).toBe(249.476); // 550 lb ÷ 2.20462, to the gram
    expect(averageWeightToKilograms(250.5, 'Metric')).toBe(250.5);
    expect(averageWeightFromKilograms(249.476, 'Imperial')).toBe(550);
  });

  it('trims the lot id, and an empty one is none', () => {
    expect(trimLotId('  L-42 ')).toBe('L-42');
    expect(trimLotId('   ')).toBeNull();
    expect(trimLotId(null)).toBeNull();
  });

  it('refuses stored amounts its basis needs when missing, not above zero, or counts not whole', () => {
    const cargo = { averageWeight: null, weight: null, numberOfLoads: null };
    expect(storedAmountIssues({ cargoTypeId: CATTLE, quantity: 0, metadata: { cargo } })).toEqual([
      { field: 'quantity', issue: 'minimum' },
      { field: 'averageWeight', issue: 'required' },
    ]);
    expect(
      storedAmountIssues({
        cargoTypeId: FEED,
        quantity: null,
        metadata: { cargo: { ...cargo, weight: 20_000_000, numberOfLoads: 1.5 } },
      }),
    ).toEqual([{ field: 'numberOfLoads', issue: 'minimum' }]);
    expect(
      storedAmountIssues({ cargoTypeId: CATTLE, quantity: 130, metadata: { cargo: { ...cargo, averageWeight: 249.48 } } }),
    ).toEqual([]);
  });
});

describe('production card locations', () => {
  it('offers as origin the sites whose type ships the cargo type, as destination those that receive it', () => {
    expect(locationChoices(LOCATIONS, LOCATION_TYPES, FEED, 'Origin')).toEqual([MILL]);
    expect(locationChoices(LOCATIONS, LOCATION_TYPES, FEED, 'Destination')).toEqual([FARM]);
    expect(locationChoices(LOCATIONS, LOCATION_TYPES, CATTLE, 'Origin')).toEqual([FARM]);
    expect(locationChoices(LOCATIONS, LOCATION_TYPES, null, 'Origin')).toEqual([]);
  });

  it('offers a Weigh stop only sites with a scale', () => {
    expect(locationChoices(LOCATIONS, LOCATION_TYPES, FEED, 'Weigh')).toEqual([MILL]);
  });

  it("answers 'invalidLocation' for a location the cargo type or stop does not allow, or a sub-location not its own", () => {
    const issue = (locationId: number | null, subLocationIds: number[], stopType: 'Origin' | 'Destination') =>
      cardLocationIssue({ locationId, subLocationIds }, LOCATIONS, LOCATION_TYPES, FEED, stopType);
    expect(issue(MILL.id, [11], 'Origin')).toBeNull();
    expect(issue(FARM.id, [], 'Origin')).toBe(INVALID_LOCATION);
    expect(issue(MILL.id, [], 'Destination')).toBe(INVALID_LOCATION);
    expect(issue(CLOSED_FARM.id, [], 'Destination')).toBe(INVALID_LOCATION);
    expect(issue(UNTYPED.id, [], 'Destination')).toBe(INVALID_LOCATION);
    expect(issue(404, [], 'Destination')).toBe(INVALID_LOCATION);
    expect(issue(FARM.id, [11], 'Destination')).toBe(INVALID_LOCATION);
    expect(issue(null, [], 'Destination')).toBe('required');
    expect(INVALID_LOCATION).toBe('invalidLocation');
  });

  it('resets both locations when the cargo type changes', () => {
    const changed = withCargoType(feedForm(), CATTLE);
    expect(changed).toMatchObject({
      cargoTypeId: CATTLE,
      originLocationId: null,
      originSubLocationIds: [],
      destinationLocationId: null,
      destinationSubLocationIds: [],
    });
    const same = feedForm();
    expect(withCargoType(same, FEED)).toBe(same);
  });
});

describe('the production card form', () => {
  it('accepts a complete card and sends its amounts in grams with the lot id trimmed', () => {
    const values = feedForm();
    expect(cardFormIssues(values, CONTEXT)).toEqual({});
    expect(cardPayload(values, CONTEXT)).toEqual({
      cargoTypeId: FEED,
      quantity: null,
      targetDate: '2026-11-30',
      lotId: 'L-42',
      orderNumber: 'PO-9',
      productionPlan: 'Ration 7',
      stops: [
        { type: 'Origin', organizationLocationId: MILL.id, organizationSubLocationIds: [11], lotId: 'L-42' },
        { type: 'Destination', organizationLocationId: FARM.id, organizationSubLocationIds: [21], lotId: 'L-42' },
      ],
      metadata: { cargo: { averageWeight: null, weight: 18_143_695, numberOfLoads: 1 } },
    });
  });

  it('sends a counted card its quantity and average weight in kilograms, nothing of the other basis', () => {
    const values = feedForm({
      cargoTypeId: CATTLE,
      quantity: 130,
      averageWeight: 550,
      weight: 99,
      originLocationId: FARM.id,
      originSubLocationIds: [],
      destinationLocationId: FARM.id,
      destinationSubLocationIds: [22],
    });
    expect(cardFormIssues(values, CONTEXT)).toEqual({});
    const payload = cardPayload(values, CONTEXT);
    expect(payload.quantity).toBe(130);
    expect(payload.metadata.cargo).toEqual({ averageWeight: 249.476, weight: null, numberOfLoads: null });
  });

  it('names each refused field', () => {
    const values = feedForm({
      weight: 0.5,
      numberOfLoads: '',
      originLocationId: FARM.id,
      destinationLocationId: null,
      targetDate: '',
    });
    expect(cardFormIssues(values, CONTEXT)).toEqual({
      targetDate: 'required',
      weight: 'minimum',
      numberOfLoads: 'required',
      originLocationId: INVALID_LOCATION,
      destinationLocationId: 'required',
    });
    expect(cardFormIssues(feedForm({ cargoTypeId: null }), CONTEXT)).toEqual({ cargoTypeId: 'required' });
  });
});

describe('toPlanningCard', () => {
  const stops = [
    { type: 'Origin' as const, organizationLocationId: MILL.id, organizationSubLocationIds: [11] },
    { type: 'Destination' as const, organizationLocationId: FARM.id, organizationSubLocationIds: [21, 22] },
  ];
  const base = { id: 7, targetDate: '2026-11-30', lotId: 'L-42', orderNumber: 'PO-9', productionPlan: 'Ration 7', stops };

  it('moves a weighed card by its weight in grams', () => {
    const card = toPlanningCard({
      ...base,
      cargoTypeId: FEED,
      quantity: null,
      metadata: { cargo: { averageWeight: null, weight: 18_143_695 } },
    });
    expect(card).toEqual({
      id: 7,
      cargoTypeId: FEED,
      basis: 'weight',
      quantity: null,
      weightGrams: 18_143_695,
      originLocationId: MILL.id,
      originSubLocationIds: [11],
      destinationLocationId: FARM.id,
      destinationSubLocationIds: [21, 22],
      lotId: 'L-42',
      orderNumber: 'PO-9',
      productionPlan: 'Ration 7',
      targetDate: '2026-11-30',
    });
  });

  it('weighs a counted card as quantity × the average weight in whole grams', () => {
    const card = toPlanningCard({
      ...base,
      cargoTypeId: CATTLE,
      quantity: 130,
      metadata: { cargo: { averageWeight: 249.476, weight: null } },
    });
    expect(card).toMatchObject({ basis: 'quantity', quantity: 130, weightGrams: 130 * 249_476 });
  });
});
