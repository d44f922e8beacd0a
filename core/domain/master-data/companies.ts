import type { TierName } from '#core/domain/access';

/**
 * Company rules of the companies page (spec 2 §5): a Freemium company is never a carrier, and once a
 * company is a carrier it stays one (its checkbox is locked), since clients' links and carried loads
 * depend on it.
 */

/** Whether the carrier checkbox can still change: only while the stored company is not a carrier. */
export function isCarrierFlagLocked(storedIsCarrier: boolean | undefined): boolean {
  return storedIsCarrier === true;
}

/** The carrier flag a company gets for the tier and flag asked for, given what is stored (undefined when new). */
export function carrierFlagFor(tier: TierName, requested: boolean, storedIsCarrier?: boolean): boolean {
  if (isCarrierFlagLocked(storedIsCarrier)) return true;
  return tier === 'Freemium' ? false : requested;
}
