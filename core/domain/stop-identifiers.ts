/**
 * A stop's lot id, order number and customer order number are text of at most 100 characters
 * (`stopInputSchema`). A merged stop lists every distinct value of its sources, joined with ", " as
 * the loads table and the delivery ticket join a load's order numbers, so each reader shows them all.
 */

export const STOP_IDENTIFIER_MAX_LENGTH = 100;
export const IDENTIFIER_SEPARATOR = ', ';

/**
 * Every distinct identifier of the values, in order, trimmed; a value listing several (a merged stop's
 * "PO-1, PO-2") counts as its parts, so listing lists again never repeats one.
 */
export function distinctIdentifiers(values: Iterable<string | null | undefined>): string[] {
  const distinct = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    for (const part of value.split(IDENTIFIER_SEPARATOR)) {
      const trimmed = part.trim();
      if (trimmed) distinct.add(trimmed);
    }
  }
  return [...distinct];
}

/** The distinct identifiers of the values joined with ", ", or null when there is none. */
export function joinedIdentifiers(values: Iterable<string | null | undefined>): string | null {
  const distinct = distinctIdentifiers(values);
  return distinct.length ? distinct.join(IDENTIFIER_SEPARATOR) : null;
}
