/**
 * Input fields shared by several resources, built from the API schemas so that a limit is
 * written once: references by name or id, tags, the project, and per-operation timeouts.
 */
import { z } from "zod";
import { Name, Uuid } from "../../api/common";

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

/** A duration such as `30s`, `10m`, `1h30m`. */
export const Duration = z
  .string()
  .regex(/^(\d+h)?(\d+m)?(\d+s)?$/, {
    message: 'must be a duration such as "30s", "10m" or "1h30m"',
    abort: true,
  })
  .refine((v) => v !== "" && parseDuration(v) > 0, {
    message: "must be longer than 0s",
    abort: true,
  })
  .refine((v) => parseDuration(v) <= 24 * 3600_000, { message: "must be at most 24h" });

/** Milliseconds in a duration such as `1h30m`. */
export function parseDuration(text: string): number {
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(text);
  if (m === null) return NaN;
  return ((Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0)) * 60 + Number(m[3] ?? 0)) * 1000;
}

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
