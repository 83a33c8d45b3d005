/**
 * The vmcloud policy pack: `pulumi preview --policy-pack policy/` runs this module (through
 * policy/index.js, once `npm run build` compiled it to dist/policy/pack.js). Loading it starts
 * the analyzer's gRPC server, so nothing but the pack's entry point may import it.
 */
import { PolicyPack } from "@pulumi/policy";
import { readStackConfigFromEngine } from "./lib/stack-config";
import { POLICY_PACK_NAME, policies } from "./policies";

// Before the server starts: it takes the request decoders when it registers its service.
const unread = readStackConfigFromEngine();
if (unread !== undefined) {
  console.error(
    `vmcloud policy pack: the stack's config cannot be read (${unread}); the cost and quota ` +
      "policies read only their policy config and the VMCLOUD_* environment",
  );
}

new PolicyPack(POLICY_PACK_NAME, {
  description:
    "Stops unsafe or costly vmcloud changes: flavors, zones, disks, open security groups, external IPs, " +
    "plain-text passwords, secrets in cloud-init, subnets, and stack-wide VM, security-group and disk rules.",
  displayName: "vmcloud",
  provider: "vmcloud",
  policies,
});
