/**
 * `vmcloud-secret-inputs-observer`: a helper policy that records which inputs of vmcloud
 * resources are secrets, for `vmcloud-vm-password-secret`. It never changes a resource and
 * never reports anything; its level must stay `remediate`, the only level at which the
 * policy SDK shows a policy the secret markers.
 */
import type { ResourceValidationArgs, ResourceValidationPolicy } from "@pulumi/policy";
import { typeNameOf } from "../lib/define";
import { recordSecretPaths } from "../lib/secret-observations";
import { readProps } from "../lib/values";

/** The observer policy (level `remediate`, no configuration). */
export const secretInputsObserver: ResourceValidationPolicy = {
  name: "vmcloud-secret-inputs-observer",
  description:
    "Records which inputs of vmcloud resources are secrets, for vmcloud-vm-password-secret; changes nothing (keep it at remediate).",
  enforcementLevel: "remediate",
  configSchema: { properties: {} },
  remediateResource: (args: ResourceValidationArgs) => {
    if (typeNameOf(args.type) === undefined) {
      args.notApplicable("applies only to vmcloud resources");
      return undefined;
    }
    recordSecretPaths(args.urn, readProps(args.props).secretPaths);
    // Returning nothing leaves the resource as it is and adds no remediation to the output.
    return undefined;
  },
};
