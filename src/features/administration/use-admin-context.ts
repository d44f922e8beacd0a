import { useQuery } from '@tanstack/react-query';
import { TIERS, tierRank } from '#core/domain/access';
import { carrierEquipmentEditing } from '#core/domain/master-data/index';
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
    /** A carrier keeps its equipment only where a client takes it from the carrier (spec 2 §6). */
    equipmentEditing: carrierEquipmentEditing(self.organization.isCarrier, self.organization.clients),
  };
}

export type AdminContext = NonNullable<ReturnType<typeof useAdminContext>>;
