import { useQuery } from '@tanstack/react-query';
import { TIERS, tierRank } from '#core/domain/access';
import { selfQuery } from '#src/data/session-queries.ts';

/** What every administration page needs of the signed-in user: company, units, tier, language. */
export function useAdminContext() {
  const { data: self } = useQuery(selfQuery);
  if (!self) return null;
  return {
    self,
    organizationId: self.activeOrganizationId,
    weightUnit: self.contact.unitsWeight,
    /** Standard-tier fields (weight, cargo, contract) are shown only to Standard organizations. */
    standard: tierRank(self.organization.tier) >= TIERS.Standard,
    timezone: self.contact.timezone || self.organization.timezone,
    isCarrier: self.organization.isCarrier,
  };
}

export type AdminContext = NonNullable<ReturnType<typeof useAdminContext>>;
