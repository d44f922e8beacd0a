import { describe, expect, it } from 'vitest';
import { cargoCoverageProblems } from './cargo-coverage.ts';
import { carrierFlagFor, isCarrierFlagLocked } from './companies.ts';

const client = { organizationId: 1, name: 'Prairie Feed', cargoTypeIds: [2, 9, 10] };
const carrier = { organizationId: 2, name: 'Swift Haul', cargoTypeIds: [1, 2, 9] };

describe('cargoCoverageProblems', () => {
  it('accepts a carrier selection covering every client type', () => {
    expect(cargoCoverageProblems([2, 9, 10, 11], { clients: [client], carriers: [] })).toEqual([]);
  });

  it('names the client types a carrier selection leaves out', () => {
    expect(cargoCoverageProblems([10, 2], { clients: [client], carriers: [] })).toEqual([
      { kind: 'clientNotCovered', organizationId: 1, name: 'Prairie Feed', cargoTypeIds: [9] },
    ]);
  });

  it('accepts an organization selection within each carrier', () => {
    expect(cargoCoverageProblems([1, 9], { clients: [], carriers: [carrier] })).toEqual([]);
  });

  it('names the types a carrier does not carry', () => {
    expect(cargoCoverageProblems([36, 1, 22], { clients: [], carriers: [carrier] })).toEqual([
      { kind: 'carrierLacks', organizationId: 2, name: 'Swift Haul', cargoTypeIds: [22, 36] },
    ]);
  });

  it('checks both sides at once, one problem per linked company', () => {
    const problems = cargoCoverageProblems([2, 9], {
      clients: [client],
      carriers: [carrier, { ...carrier, organizationId: 3, name: 'B', cargoTypeIds: [] }],
    });
    expect(problems.map((problem) => [problem.kind, problem.organizationId, problem.cargoTypeIds])).toEqual([
      ['clientNotCovered', 1, [10]],
      ['carrierLacks', 3, [2, 9]],
    ]);
  });
});

describe('company carrier flag', () => {
  it('Freemium forces isCarrier false', () => {
    expect(carrierFlagFor('Freemium', true)).toBe(false);
    expect(carrierFlagFor('Standard', true)).toBe(true);
    expect(carrierFlagFor('Standard', false, false)).toBe(false);
  });

  it('locks a carrier: it stays one whatever is asked', () => {
    expect(isCarrierFlagLocked(true)).toBe(true);
    expect(isCarrierFlagLocked(undefined)).toBe(false);
    expect(carrierFlagFor('Standard', false, true)).toBe(true);
    expect(carrierFlagFor('Freemium', false, true)).toBe(true);
  });
});
