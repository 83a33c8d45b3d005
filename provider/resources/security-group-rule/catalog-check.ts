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
 * The failures of a remote group `remoteId` (at `property`) for a rule of a group in zone
 * `zoneId` (undefined: not known).
 */
export async function remoteGroupFailures(
  client: VmCloudClient,
  remoteId: string | undefined,
  zoneId: string | undefined,
  property: string,
): Promise<CheckFailure[]> {
  if (remoteId === undefined || isUnknown(remoteId)) return [];
  const remote = await liveGroup(client, remoteId);
  if (remote === undefined) return [missing(property, remoteId)];
  if (zoneId !== undefined && remote.availability_zone.id !== zoneId) {
    return [
      {
        property,
        reason: `security group ${remote.name} (${remoteId}) is in availability zone ${remote.availability_zone.name}; a rule's remote group must be in its own group's zone`,
      },
    ];
  }
  return [];
}

/** Every failure of a rule's group references. */
export async function ruleCatalogFailures(
  client: VmCloudClient,
  inputs: { securityGroupId: string; remoteSecurityGroupId?: string | undefined },
): Promise<CheckFailure[]> {
  let zoneId: string | undefined;
  if (!isUnknown(inputs.securityGroupId)) {
    const group = await liveGroup(client, inputs.securityGroupId);
    if (group === undefined) return [missing("securityGroupId", inputs.securityGroupId)];
    zoneId = group.availability_zone.id;
  }
  return remoteGroupFailures(client, inputs.remoteSecurityGroupId, zoneId, "remoteSecurityGroupId");
}
