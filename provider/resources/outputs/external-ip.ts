/**
 * What an `ExternalIp` records: every input as the service reports it (the zone and the tags by
 * name), the address, and what it was bound to when last read.
 */
import { z } from "zod";
import { ExternalIpStatus } from "../../../api/vm/enums";
import { output, resourceOutputs } from "../../framework/output-fields";
import { fields } from "./common";

/** Every output of an ExternalIp (each one an output property of the SDK's `ExternalIp`). */
export const ExternalIpOutputs = resourceOutputs({
  /** Address name. */
  name: output(z.string().describe("Address name")),
  ...fields.description,
  /** The public IPv4 address, e.g. `203.0.113.7`: what DNS points at. */
  address: output(
    z.string().describe("The public IPv4 address, e.g. `203.0.113.7`: what DNS points at"),
  ),
  ...fields.zone,
  /**
   * `available` (free) or `in_use` (bound to an interface) once settled; on the way:
   * `creating`, `attaching`, `detaching`, `deleting`.
   */
  state: output(
    ExternalIpStatus.describe(
      "`available` (free) or `in_use` (bound to an interface) once settled; on the way: `creating`, " +
        "`attaching`, `detaching`, `deleting`",
    ),
  ),
  /** The interface the address was bound to when last read, if any. */
  interfaceId: output(
    z.string().optional().describe("The interface the address was bound to when last read, if any"),
  ),
  /** The VM the address was bound to when last read, if any. */
  vmId: output(
    z.string().optional().describe("The VM the address was bound to when last read, if any"),
  ),
  ...fields.tags,
  ...fields.project,
  ...fields.created,
  ...fields.timeouts,
});

/** Every output of an ExternalIp. */
export type ExternalIpOutputs = z.output<typeof ExternalIpOutputs>;
