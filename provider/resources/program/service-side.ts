/**
 * An object the service shows, found by the id an input gives, as a side of a rule between
 * resources (provider/rules/references.ts): its label and zone. The provider's program check
 * judges a program's resource against it (a disk of the program attached to an existing VM),
 * and so does the policy pack's `vmcloud-program-conflicts`, for programs whose provider cannot
 * see what an unknown id refers to.
 */
import type { VmCloudClient } from "../../client";
import { serviceObject } from "../../rules/parties";
import type { FoundSide, ReferredKind } from "../../rules/references";
import { diskById } from "../disk/lookups";
import { securityGroupById } from "../network/network-lookups";
import { vmById } from "../vm/lookups";

/** How messages call an object of each kind read here. */
const WORDS: Partial<Record<ReferredKind, string>> = {
  Disk: "disk",
  Vm: "VM",
  SecurityGroup: "security group",
};

/** The kinds an object can be read of by id here. */
export function readableKind(kind: ReferredKind): boolean {
  return WORDS[kind] !== undefined;
}

/** The service's object of `kind` whose id is `id`, as a side of a rule; undefined when none. */
export async function serviceSide(
  client: VmCloudClient,
  kind: ReferredKind,
  id: string,
): Promise<FoundSide | undefined> {
  const found =
    kind === "Disk"
      ? await diskById(client, id)
      : kind === "Vm"
        ? await vmById(client, id)
        : kind === "SecurityGroup"
          ? await securityGroupById(client, id)
          : undefined;
  if (found === undefined || found.state === "deleting") return undefined;
  return {
    ...serviceObject(WORDS[kind]!, found.name, found.id),
    zone: { id: found.availability_zone.id, name: found.availability_zone.name },
  };
}
