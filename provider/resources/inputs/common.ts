/**
 * Input fields shared by several resources, built from the API schemas so that a limit is
 * written once: references by name or id, tags, the project, and per-operation timeouts.
 */
import { Duration } from "../../framework/duration";
import { z } from "zod";
import { Name, Uuid } from "../../../api/common";

/** A reference that is either a uuid or a name (1–64, the service's name pattern). */
export const NameOrId = z.union([Uuid, Name]).describe("A name or an id");

/** True when `value` looks like an id rather than a name. */
export function isId(value: string): boolean {
  return Uuid.safeParse(value).success;
}

/** `projectId`: the project; defaults to the provider's `vmcloud:projectId`. */
export const ProjectIdInput = Uuid.optional().describe(
  "Project id (default: the provider's vmcloud:projectId)",
);

/** `availabilityZone`: zone name (e.g. `ru.AZ-1`) or id; default: the project's default zone. */
export const ZoneInput = NameOrId.optional().describe(
  "Availability zone name (e.g. ru.AZ-1) or id (default: the default zone)",
);

/** `tags`: tag names or ids. */
export const TagsInput = z.array(NameOrId).max(50).optional().describe("Tags, by name or id");

/** `timeouts`: how long create, update and delete may wait. */
export const TimeoutsInput = z
  .strictObject({
    create: Duration.optional().describe("Longest wait on create"),
    update: Duration.optional().describe("Longest wait on update"),
    delete: Duration.optional().describe("Longest wait on delete"),
  })
  .optional()
  .describe("How long each operation may wait before failing");

/** The `timeouts` a program gives, e.g. `{ create: "20m" }`. */
export type Timeouts = NonNullable<z.input<typeof TimeoutsInput>>;

/**
 * `adoptId`: an existing object that `create` adopts instead of making one, once it matches
 * the other inputs (provider/resources/framework/adopt-existing.ts). Read at create only.
 */
export function adoptIdInput(what: string) {
  return Uuid.optional().describe(
    `Id of an existing ${what} to adopt instead of creating one (create checks that it matches the other inputs); used at create only, never replaces`,
  );
}
