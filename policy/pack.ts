/**
 * The vmcloud policy pack: `pulumi preview --policy-pack policy/` runs this module (through
 * policy/index.js, once `npm run build` compiled it to dist/policy/pack.js). Loading it starts
 * the analyzer's gRPC server, so nothing but the pack's entry point may import it.
 */
import { PolicyPack } from "@pulumi/policy";
import { POLICY_PACK_NAME, policies } from "./policies";

new PolicyPack(POLICY_PACK_NAME, {
  description:
    "Stops unsafe or costly vmcloud changes: flavors, zones, disks, open security groups, public IPs, " +
    "plain-text passwords, secrets in cloud-init, subnets, and stack-wide VM, security-group and disk rules.",
  displayName: "vmcloud",
  provider: "vmcloud",
  policies,
});
