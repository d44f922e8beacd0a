import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '#core/domain/access';
import { permissionDescription } from './demo-data.ts';

describe('permissionDescription', () => {
  it('words a record type’s permission from its name, so a new record type adds no description by hand', () => {
    expect(permissionDescription('ViewDevices')).toBe('View devices');
    expect(permissionDescription('DeleteLoadingTeams')).toBe('Delete loading teams');
  });

  it('keeps the wording a name alone does not give, and describes every permission', () => {
    expect(permissionDescription('ViewOwningOrders')).toBe('View loads of the company');
    for (const name of PERMISSIONS) expect(permissionDescription(name)).toMatch(/^[A-Z][a-z]+ \S/);
  });
});
