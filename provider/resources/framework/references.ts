/**
 * Diff comparators for inputs that refer to other objects by name or by id. The outputs hold
 * both the name and the id (e.g. `diskType` and `diskTypeId`), so a program may use either
 * form, switch between them, or list them in another order, without a false change.
 */

/** Equal when the input is the output `nameKey` or the output `idKey` (one reference). */
export function sameNameOrId(nameKey: string, idKey: string) {
  return (next: unknown, olds: Record<string, unknown>): boolean =>
    next === olds[nameKey] || next === olds[idKey];
}

/**
 * Equal when the input list names exactly the objects of the outputs `namesKey` and `idsKey`
 * (parallel lists), each by name or by id, in any order; unset counts as empty.
 */
export function sameNamesOrIds(namesKey: string, idsKey: string) {
  return (next: unknown, olds: Record<string, unknown>): boolean => {
    const names = stringsOf(olds[namesKey]);
    const ids = stringsOf(olds[idsKey]);
    if (next !== undefined && next !== null && !Array.isArray(next)) return false;
    const matched = new Set<number>();
    for (const ref of (next as unknown[] | undefined | null) ?? []) {
      const at = names.indexOf(ref as string);
      const index = at >= 0 ? at : ids.indexOf(ref as string);
      if (index < 0) return false;
      matched.add(index);
    }
    return matched.size === Math.max(names.length, ids.length);
  };
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
