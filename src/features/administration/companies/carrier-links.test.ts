import { describe, expect, it } from 'vitest';
import type { CompanyCarrierLink } from '#core/contract/companies';
import { carrierLinksToSave, carrierRows, rolesEditable, setCarrierEnabled, uncoveredCarriers } from './carrier-links.ts';

const companies = [
  { id: 1, name: 'Prairie Feed', isCarrier: false },
  { id: 3, name: 'Zeta Haul', isCarrier: true },
  { id: 2, name: 'Swift Haul', isCarrier: true },
];
const saved: CompanyCarrierLink = {
  id: 9,
  organizationId: 1,
  carrierOrganizationId: 2,
  name: 'Swift Haul',
  isActive: true,
  loadDriver: 'Carrier',
  loadTractor: 'Carrier',
  loadTrailer: 'Both',
  version: 4,
};

describe('carrier links', () => {
  it('lists the other carrier companies by name with their saved links', () => {
    const rows = carrierRows(1, companies, [saved]);
    expect(rows.map((row) => [row.name, row.enabled, row.saved])).toEqual([
      ['Swift Haul', true, true],
      ['Zeta Haul', false, false],
    ]);
    expect(rows[0]?.link).toMatchObject({ isActive: true, loadTrailer: 'Both', version: 4 });
  });

  it('enabling adds an inactive link with every role Carrier; a saved one cannot be un-enabled', () => {
    const [swift, zeta] = carrierRows(1, companies, [saved]);
    if (!swift || !zeta) throw new Error('rows missing');
    const enabled = setCarrierEnabled(zeta, true);
    expect(enabled).toMatchObject({ enabled: true, link: { isActive: false, loadDriver: 'Carrier', loadTractor: 'Carrier' } });
    expect(rolesEditable(enabled)).toBe(false);
    expect(setCarrierEnabled(swift, false).enabled).toBe(true);
    expect(rolesEditable(swift)).toBe(true);
    expect(carrierLinksToSave([swift, enabled]).map((link) => link.carrierOrganizationId)).toEqual([2, 3]);
    expect(carrierLinksToSave([swift, zeta])).toHaveLength(1);
  });

  it('reads the carriers a save was refused for and the cargo types each lacks', () => {
    const refusal = {
      rule: 'cargoCoverage',
      issues: [
        { path: 'carrierLacks.3', message: '2,5' },
        { path: 'body', message: 'something else' },
      ],
    };
    expect(uncoveredCarriers(refusal)).toEqual([{ carrierOrganizationId: 3, cargoTypeIds: [2, 5] }]);
    expect(uncoveredCarriers({ ...refusal, rule: 'carrierLinkLocked' })).toEqual([]);
  });
});
