/**
 * The overall state of an object the service reports per zone (a placement group, an image):
 * `created` once every zone is, else the first zone's other state, so that one wait and one
 * `state` output serve it like any other kind.
 */

/** What the service reports per zone. */
interface Zoned {
  availability_zones: ReadonlyArray<{ state: string }>;
}

/** The state of one zone of `T`. */
type ZoneStateOf<T extends Zoned> = T["availability_zones"][number]["state"];

/** `item` with its overall `state`: `created` once every zone is, else the first other. */
export function withZoneState<T extends Zoned>(item: T): T & { state: ZoneStateOf<T> | "created" } {
  const state: ZoneStateOf<T> | "created" =
    item.availability_zones.find((z) => z.state !== "created")?.state ?? "created";
  return { ...item, state };
}
