/**
 * Time-driven changes of the network records: applies every due status of subnets, security
 * groups and rules, and removes the records whose deletion finished (a group takes its rules
 * with it).
 */
import { settle } from "../../core/schedule";
import { GONE, type VmState } from "../records";

/** Applies the due status changes of subnets, security groups and rules at `now`. */
export function settleNetwork(state: VmState, now: number): void {
  for (const subnet of Object.values(state.subnets)) {
    settle(subnet, now);
    if (subnet.status === GONE) delete state.subnets[subnet.id];
  }
  for (const group of Object.values(state.securityGroups)) {
    settle(group, now);
    if (group.status === GONE) delete state.securityGroups[group.id];
  }
  for (const rule of Object.values(state.securityGroupRules)) {
    settle(rule, now);
    // A rule never outlives its group, even if their plans end a tick apart.
    if (rule.status === GONE || state.securityGroups[rule.security_group_id] === undefined) {
      delete state.securityGroupRules[rule.id];
    }
  }
}
