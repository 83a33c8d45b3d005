/**
 * Output fields several resources record alike, so that what `tags`, the zone or the waits in
 * force mean is said once. Each group of {@link fields} is spread into a kind's
 * `resourceOutputs({...})` where the kind records it (the order of a kind's outputs is its own),
 * which keeps the fields' TSDoc: the SDK classes show it for their output properties. One object,
 * as inputs/common.ts has one for the inputs, so that a kind imports the vocabulary once.
 */
import { z } from "zod";
import { output } from "../../framework/output-fields";
import { TimeoutsInput } from "../inputs/common";

/** The output field groups several kinds record alike, each spread where a kind records it. */
export const fields = {
  /** The zone of an object made in one zone, by name and by id. */
  zone: {
    /** Availability zone name. */
    availabilityZone: output(z.string().describe("Availability zone name")),
    /** Availability zone id. */
    availabilityZoneId: output(z.string().describe("Availability zone id")),
  },
  /** The description every named object has. */
  description: {
    /** Description ("" when none). */
    description: output(z.string().describe('Description ("" when none)')),
  },
  /** The tags of an object, by name and by id. */
  tags: {
    /** Tag names, in the service's order. */
    tags: output(z.array(z.string()).describe("Tag names, in the service's order")),
    /** Tag ids, in the order of `tags`. */
    tagIds: output(z.array(z.string()).describe("Tag ids, in the order of `tags`")),
  },
  /** The project every object belongs to. */
  project: {
    /** Project id. */
    projectId: output(z.string().describe("Project id")),
  },
  /** When the object was made. */
  created: {
    /** Creation time (ISO 8601). */
    createdTime: output(z.string().describe("Creation time (ISO 8601)")),
  },
  /** The program's `timeouts`, which the framework keeps in the outputs so that `delete` sees them. */
  timeouts: {
    /** The waits in force (the program's `timeouts`). */
    timeouts: output(TimeoutsInput.describe("The waits in force (the program's `timeouts`)")),
  },
  /** `adoptId`, kept by the framework in the outputs of a resource that adopted an object. */
  adoptId: {
    /** The id given as `adoptId` when this resource adopted an existing object. */
    adoptId: output(
      z
        .string()
        .optional()
        .describe("The id given as `adoptId` when this resource adopted an existing object"),
    ),
  },
};
