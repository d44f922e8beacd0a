/**
 * The compartment diagram of a draft load (spec 3 §9): at least 8 compartments, up to the larger of
 * the trailer's count and those the draft uses, 10 per row; each part fills the next compartments.
 */
export const MIN_DIAGRAM_COMPARTMENTS = 8;
export const COMPARTMENTS_PER_ROW = 10;

export interface CompartmentSlot {
  /** 1-based, as people number compartments. */
  number: number;
  /** The card whose part fills it, or null when empty. */
  cardId: number | null;
  /** Beyond the trailer's own compartments (a draft that overflows). */
  overflow: boolean;
}

export function compartmentRows(
  trailerCompartments: number,
  parts: readonly { cardId: number; compartments: number }[],
): CompartmentSlot[][] {
  const filled = parts.flatMap((part) => Array.from({ length: Math.max(0, part.compartments) }, () => part.cardId));
  const count = Math.max(MIN_DIAGRAM_COMPARTMENTS, trailerCompartments, filled.length);
  const slots = Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    cardId: filled[index] ?? null,
    overflow: index >= trailerCompartments,
  }));
  const rows: CompartmentSlot[][] = [];
  for (let start = 0; start < slots.length; start += COMPARTMENTS_PER_ROW)
    rows.push(slots.slice(start, start + COMPARTMENTS_PER_ROW));
  return rows;
}
