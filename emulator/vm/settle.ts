/**
 * Brings the VM-service state up to now: applies every due status change and its side
 * effects, in dependency order (VMs first, since deleting a VM frees disks and addresses).
 */
import { settleCompute } from "./models/compute-settle";
import { settleDisks } from "./models/disks-settle";
import { settleNetwork } from "./models/network-settle";
import { settlePlacementGroups } from "./models/placement-groups";
import { settleExternalIps } from "./models/external-ips";
import { settleBackups } from "./models/backups";
import { settleImages } from "./models/image-changes";
import { settleNatGateways } from "./models/nat-gateways";
import { settleInterfaces } from "./models/network-interfaces";
import { settle } from "../core/schedule";
import type { VmState } from "./records";

/** Settles every collection of the VM-service state at `now`. */
export function settleVmState(state: VmState, now: number): void {
  settleCompute(state, now);
  settleDisks(state, now);
  settleNetwork(state, now);
  settleInterfaces(state, now);
  settleExternalIps(state, now);
  settleNatGateways(state, now);
  settlePlacementGroups(state, now);
  settleImages(state, now);
  settleBackups(state, now);
  for (const task of Object.values(state.tasks)) settle(task, now);
}
