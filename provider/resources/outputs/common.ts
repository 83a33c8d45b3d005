/**
 * Output fields several resources record alike, so that what `tags`, the zone or the waits in
 * force mean is said once. Each group is spread into a kind's `resourceOutputs({...})`, which
 * keeps the fields' TSDoc: the SDK classes show it for their output properties.
 */
import { z } from "zod";
import { output } from "../../framework/output-fields";
import { TimeoutsInput } from "../inputs/common";

/** The zone of an object made in one zone, by name and by id. */
export const zoneOutputs = {
  /** Availability zone name. */
  availabilityZone: output(z.string().describe("Availability zone name")),
  /** Availability zone id. */
  availabilityZoneId: output(z.string().describe("Availability zone id")),
};

/** The description every named object has. */
export const descriptionOutputs = {
  /** Description ("" when none). */
  description: output(z.string().describe('Description ("" when none)')),
};

/** The tags of an object, by name and by id. */
export const tagOutputs = {
  /** Tag names, in the service's order. */
  tags: output(z.array(z.string()).describe("Tag names, in the service's order")),
  /** Tag ids, in the order of `tags`. */
  tagIds: output(z.array(z.string()).describe("Tag ids, in the order of `tags`")),
};

/** The project every object belongs to. */
export const projectOutputs = {
  /** Project id. */
  projectId: output(z.string().describe("Project id")),
};

/** When the object was made. */
export const createdOutputs = {
  /** Creation time (ISO 8601). */
  createdTime: output(z.string().describe("Creation time (ISO 8601)")),
};

/** The program's `timeouts`, which the framework keeps in the outputs so that `delete` sees them. */
export const timeoutsOutputs = {
  /** The waits in force (the program's `timeouts`). */
  timeouts: output(TimeoutsInput.describe("The waits in force (the program's `timeouts`)")),
};

/** `adoptId`, kept by the framework in the outputs of a resource that adopted an object. */
export const adoptIdOutputs = {
  /** The id given as `adoptId` when this resource adopted an existing object. */
  adoptId: output(
    z
      .string()
      .optional()
      .describe("The id given as `adoptId` when this resource adopted an existing object"),
  ),
};
