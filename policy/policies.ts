/**
 * Every policy of the vmcloud policy pack, in the order the docs list them. Exported apart
 * from the pack (pack.ts), because constructing a `PolicyPack` starts its gRPC server: tests
 * import this list and call the policies directly.
 */
import type { Policies } from "@pulumi/policy";
import { allowedZones } from "./rules/allowed-zones";
import { diskEncryption } from "./rules/disk-encryption";
import { diskMaxSize } from "./rules/disk-max-size";
import { diskType } from "./rules/disk-type";
import { noUnattachedDisks } from "./rules/no-unattached-disks";
import { programConflicts } from "./rules/program-conflicts";
import { projectQuotas } from "./rules/project-quotas";
import { secretInputsObserver } from "./rules/secret-inputs-observer";
import { securityGroupOpenIngress } from "./rules/security-group-open-ingress";
import { monthlyBudget, stackCost } from "./rules/stack-cost";
import { stackMaxVms } from "./rules/stack-max-vms";
import { subnetPrefix } from "./rules/subnet-prefix";
import { subnetPrivateCidr } from "./rules/subnet-private-cidr";
import { vmBootDiskSize } from "./rules/vm-boot-disk-size";
import { vmCloudInitSecrets } from "./rules/vm-cloud-init-secrets";
import { vmExternalIp } from "./rules/vm-external-ip";
import { vmFlavor } from "./rules/vm-flavor";
import { vmPasswordSecret } from "./rules/vm-password-secret";
import { vmPlacementSpread } from "./rules/vm-placement-spread";
import { vmPublicBehindNat } from "./rules/vm-public-behind-nat";
import { vmSecurityGroup } from "./rules/vm-security-group";

/** The policy pack's name, as `pulumi preview --policy-pack` reports it. */
export const POLICY_PACK_NAME = "vmcloud";

/** The policies, each with its default enforcement level and configuration schema. */
export const policies: Policies = [
  vmFlavor,
  allowedZones,
  diskMaxSize,
  diskType,
  diskEncryption,
  securityGroupOpenIngress,
  vmExternalIp,
  vmBootDiskSize,
  vmPasswordSecret,
  secretInputsObserver,
  vmCloudInitSecrets,
  subnetPrivateCidr,
  subnetPrefix,
  stackMaxVms,
  vmSecurityGroup,
  noUnattachedDisks,
  vmPlacementSpread,
  vmPublicBehindNat,
  programConflicts,
  stackCost,
  monthlyBudget,
  projectQuotas,
];
