/**
 * What `check` of a security group rule can know before anything changes: the group it belongs
 * to and the remote group it names exist (a group being deleted counts as gone), and the
 * remote group is in the group's zone, as the service requires. Ids not known yet (a group the
 * same program creates) are skipped.
 */
import type { SecurityGroupResponse } from "../../../api/vm/security-groups";
import type { VmCloudClient } from "../../client";
import { isUnknown } from "../../framework/unknowns";
import type { CheckFailure } from "../framework/check-inputs";
import { securityGroupById } from "../network/network-lookups";
import { serviceObject, type Zoned } from "../../rules/parties";
import { zoneMismatch } from "../../rules/zones";

/** The group `id`, unless it is gone or being deleted. */
async function liveGroup(
  client: VmCloudClient,
  id: string,
): Promise<SecurityGroupResponse | undefined> {
  const group = await securityGroupById(client, id);
  return group === undefined || group.state === "deleting" ? undefined : group;
}

/** The failure of a group id that names no group, on `property`. */
function missing(property: string, id: string): CheckFailure {
  return {
    property,
    reason: `no security group ${id} exists (or it is being deleted); use the id of an existing group, e.g. a SecurityGroup resource's \`id\``,
  };
}

/**
 * The failures of a remote group `remoteId` (at `property`) for a rule of `group` (undefined:
 * its zone is not known).
 */
export async function remoteGroupFailures(
  client: VmCloudClient,
  remoteId: string | undefined,
  group: Zoned | undefined,
  property: string,
): Promise<CheckFailure[]> {
  if (remoteId === undefined || isUnknown(remoteId)) return [];
  const remote = await liveGroup(client, remoteId);
  if (remote === undefined) return [missing(property, remoteId)];
  const mismatch =
    group === undefined
      ? undefined
      : zoneMismatch(property, "remote-group", group, {
          ...serviceObject("security group", remote.name, remote.id),
          zone: remote.availability_zone,
        });
  return mismatch === undefined ? [] : [mismatch];
}

/** Every failure of a rule's group references. */
export async function ruleCatalogFailures(
  client: VmCloudClient,
  inputs: { securityGroupId: string; remoteSecurityGroupId?: string | undefined },
): Promise<CheckFailure[]> {
  let own: Zoned | undefined;
  if (!isUnknown(inputs.securityGroupId)) {
    const group = await liveGroup(client, inputs.securityGroupId);
    if (group === undefined) return [missing("securityGroupId", inputs.securityGroupId)];
    own = {
      ...serviceObject("security group", group.name, group.id),
      zone: group.availability_zone,
    };
  }
  return remoteGroupFailures(client, inputs.remoteSecurityGroupId, own, "remoteSecurityGroupId");
}
