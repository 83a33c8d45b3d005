/**
 * The two sides of a rule between resources: the resource judged, and another one, which is
 * either an object the service shows (found by id or name: what already exists in the project)
 * or a resource of the same program (declared, not made yet, known by its Pulumi name and its
 * inputs). Every rule of provider/rules names the other side by its label, so a failure reads
 * the same whichever it is, and the same rule judges both.
 */
import { Uuid } from "../../api/common";
import { isUnknown } from "../framework/unknowns";

/** One side of a rule. */
export interface Party {
  /** How messages name it: `subnet backend (7c0e…)`, `Subnet "net" of this program`, `the VM`. */
  readonly label: string;
  /** True for a resource the program declares (not made yet). */
  readonly declared: boolean;
}

/** An object the service shows: `subnet backend (<id>)`, or without its id. */
export function serviceObject(kind: string, name: string, id?: string): Party {
  return { label: `${kind} ${name}${id === undefined ? "" : ` (${id})`}`, declared: false };
}

/** A resource of the program, by its class and Pulumi name: `Subnet "net" of this program`. */
export function programResource(typeName: string, name: string): Party {
  return { label: `${typeName} "${name}" of this program`, declared: true };
}

/** The resource being judged, as its own messages call it (`the VM`). */
export function itself(words: string): Party {
  return { label: words, declared: true };
}

/** A zone as rules compare it: its id when known, and its name for messages. */
export interface ZoneRef {
  readonly id?: string | undefined;
  readonly name: string;
}

/** A party that sits in a zone. */
export interface Zoned extends Party {
  readonly zone: ZoneRef;
}

/**
 * The project's default zone, unresolved (no list of zones to find it in): the same as itself,
 * and not known to be the same as, or another than, any zone named.
 */
export const DEFAULT_ZONE: ZoneRef = Object.freeze({ name: "the project's default zone" });

/**
 * Whether two zones are one: by id when both have one, else by name; undefined when that
 * cannot be told (one known by id only, the other by name only; the default zone unresolved).
 */
export function sameZone(a: ZoneRef, b: ZoneRef): boolean | undefined {
  if (a === DEFAULT_ZONE || b === DEFAULT_ZONE) return a === b ? true : undefined;
  if (a.id !== undefined && b.id !== undefined) return a.id === b.id;
  const named = (z: ZoneRef) => z.id === undefined || z.name !== z.id;
  if (!named(a) || !named(b)) return undefined;
  return a.name === b.name;
}

/** A zone of the service's list. */
interface ListedZone {
  readonly id: string;
  readonly name: string;
  readonly default: boolean;
}

/**
 * What zone a zone input (a name, an id, or undefined: the project's default zone) names:
 * resolved in the service's list of `zones` when given, else as written (an input left unset
 * is then {@link DEFAULT_ZONE}); undefined when not known.
 */
export function zoneResolver(
  zones: readonly ListedZone[] | undefined,
): (ref: unknown) => ZoneRef | undefined {
  return (ref) => {
    if (ref !== undefined && (typeof ref !== "string" || isUnknown(ref))) return undefined;
    if (zones === undefined) {
      if (ref === undefined) return DEFAULT_ZONE;
      return Uuid.safeParse(ref).success ? { id: ref, name: ref } : { name: ref };
    }
    const found =
      ref === undefined
        ? zones.find((z) => z.default)
        : zones.find((z) => z.id === ref || z.name === ref);
    return found === undefined ? undefined : { id: found.id, name: found.name };
  };
}
