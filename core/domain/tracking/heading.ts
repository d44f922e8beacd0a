/** The eight compass sectors a heading arrow points to (spec 1 §2: "heading arrows (8 compass sectors)"). */
export const COMPASS_SECTORS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassSector = (typeof COMPASS_SECTORS)[number];

/**
 * The sector of a heading in degrees (0 = north, clockwise): each sector spans 45° centred on its
 * direction, so 22.5° is the first degree of NE and 337.5° the first of N. Headings outside 0..360
 * wrap; an unknown heading (null, or the −1 phone apps send) has no sector.
 */
export function compassSector(heading: number | null | undefined): CompassSector | null {
  if (heading === null || heading === undefined || !Number.isFinite(heading) || heading < 0) return null;
  const normalized = ((heading % 360) + 360) % 360;
  return COMPASS_SECTORS[Math.floor((normalized + 22.5) / 45) % 8] as CompassSector;
}
