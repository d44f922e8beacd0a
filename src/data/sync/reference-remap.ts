import type { z } from 'zod';
import { collectReferences, type ReferenceKind } from '#core/contract/references';

/**
 * A copy of `value` whose references (fields `schema` marks with `referenceId(kind)`) to records
 * created on this device (negative, provisional ids) name what `realIdOf` answers instead. The walk
 * follows the schema's marks, so no list of reference fields is kept by hand. `value` itself is
 * answered when it names no provisional id; `realIdOf` may throw to hold the change back.
 */
export function remapReferences<Value>(
  schema: z.core.$ZodType,
  value: Value,
  realIdOf: (kind: ReferenceKind, provisionalId: number) => number,
): Value {
  const provisional = collectReferences(schema, value).filter((reference) => reference.id < 0);
  if (provisional.length === 0) return value;
  const copy = structuredClone(value);
  for (const reference of provisional) {
    const holder = reference.path
      .slice(0, -1)
      .reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy);
    const field = reference.path.at(-1);
    if (holder && typeof holder === 'object' && field !== undefined) {
      (holder as Record<string | number, unknown>)[field] = realIdOf(reference.kind, reference.id);
    }
  }
  return copy;
}
