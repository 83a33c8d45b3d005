/**
 * Input fields shared by several resources, built from the API schemas so that a limit is
 * written once: references by name or id, tags, the project, and per-operation timeouts; and
 * the fields several resources declare alike (schema and change facts together), so that
 * what a change of `description`, `tags` or `projectId` does is said once.
 */
import { Duration } from "../../framework/duration";
import { z } from "zod";
import { Description, Name, Uuid } from "../../../api/common";
import { local, replaces, updates } from "../framework/input-fields";

/**
 * What a name or id must look like, in the words a failing check gives: an id as the service
 * gives it, or a name as the service takes one (`Name`: 1–64 characters, its name pattern),
 * which holds for tags too (the API takes `tag_names` as names).
 */
export const NAME_OR_ID_RULE =
  "must be an id (a UUID) or a name: 1–64 characters, a Latin letter (a–z, A–Z) first, then Latin letters, digits, '.', '-' or '_'";

/** A reference that is either a uuid or a name (1–64, the service's name pattern). */
export const NameOrId = z
  .union([Uuid, Name], { error: () => NAME_OR_ID_RULE })
  .describe("A name or an id");

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

/**
 * The fields several resources declare alike, each with what its change does: `description`
 * (updated in place, empty when unset), `tags` (updated in place, none when unset),
 * `projectId` (replaces; unset, the provider's project, which is not compared),
 * `availabilityZone` (replaces; unset, the cloud chooses), `timeouts` (only tunes the
 * provider's waits) and `adoptId` (read at create only, see {@link adoptIdInput}).
 */
export const fields = {
  description: updates(Description.optional().describe("Description (default empty)"), {
    default: "",
  }),
  /** `text` describes the tags where the default does not fit. */
  tags(text = "Tags, by name or id (default none)") {
    return updates(TagsInput.describe(text), { default: [] });
  },
  /** `kind` names the resource where the text says a change replaces it. */
  projectId(kind?: string) {
    const text = "Project id (default: the provider's vmcloud:projectId)";
    return replaces(
      ProjectIdInput.describe(
        kind === undefined ? text : `${text}; changing it replaces the ${kind}`,
      ),
      { cloudDefault: true },
    );
  },
  /** `text` says what the zone is for and what a change does. */
  zone(text: string) {
    return replaces(ZoneInput.describe(text), { cloudDefault: true });
  },
  timeouts: local(TimeoutsInput),
  /** `what` names the kind of object adopted. */
  adoptId(what: string) {
    return local(adoptIdInput(what), { cloudDefault: true });
  },
};
