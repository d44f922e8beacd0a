import { describe, expect, it } from 'vitest';
import { zoneColor } from './zone-color.ts';

describe('zone colours', () => {
  it('draws the organization’s zones orange, global ones red, and deactivated ones greyed', () => {
    expect(zoneColor({ organizationId: 1, deactivatedAt: null })).toBe('#f76707');
    expect(zoneColor({ organizationId: null, deactivatedAt: null })).toBe('#e03131');
    expect(zoneColor({ organizationId: 1, deactivatedAt: '2026-01-01T00:00:00.000Z' })).not.toBe('#f76707');
    expect(zoneColor({ organizationId: null, deactivatedAt: '2026-01-01T00:00:00.000Z' })).not.toBe('#e03131');
  });
});
