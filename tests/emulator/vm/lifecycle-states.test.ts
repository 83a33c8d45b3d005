/**
 * The state tables (api/vm/states.ts) the enums, the emulator's rules and the provider's waits
 * derive from: each kind's states are the reference document's enum, in its order, and each
 * state is in exactly one class (stable, failed, busy).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  DISK_STATES,
  EXTERNAL_IP_STATES,
  FLAVOR_STATES,
  NETWORK_STATES,
  PLACEMENT_GROUP_STATES,
  PROJECT_STATES,
  VM_STATES,
  type StateTable,
} from "../../../api/vm/states";
import { VM_SERVICE_DOCUMENT } from "../../support/reference";

const schemas = (
  parse(readFileSync(VM_SERVICE_DOCUMENT, "utf8")) as {
    components: { schemas: Record<string, { enum?: string[] }> };
  }
).components.schemas;

const TABLES: Array<[string, StateTable<string>, string[]]> = [
  ["VM_STATES", VM_STATES, ["VmState"]],
  ["DISK_STATES", DISK_STATES, ["DiskState"]],
  [
    "NETWORK_STATES",
    NETWORK_STATES,
    ["SubnetState", "SecurityGroupState", "SecurityGroupRuleState", "InterfaceState"],
  ],
  ["PROJECT_STATES", PROJECT_STATES, ["ProjectState"]],
  ["FLAVOR_STATES", FLAVOR_STATES, ["FlavorState"]],
  ["EXTERNAL_IP_STATES", EXTERNAL_IP_STATES, ["FloatingIpState"]],
  ["PLACEMENT_GROUP_STATES", PLACEMENT_GROUP_STATES, ["PlacementGroupState"]],
];

describe.each(TABLES)("%s", (_, table, documentNames) => {
  it(`lists the states of ${documentNames.join(", ")} in the document's order`, () => {
    for (const name of documentNames) expect(table.all).toEqual(schemas[name]?.enum);
  });

  it("puts every state in exactly one class; changing is busy but deleting", () => {
    const classes = [table.stable, table.failed, table.busy];
    for (const state of table.all) {
      expect(
        classes.filter((states) => states.includes(state)),
        state,
      ).toHaveLength(1);
    }
    expect([...table.stable, ...table.failed, ...table.busy].sort()).toEqual([...table.all].sort());
    expect(table.changing).toEqual(table.busy.filter((state) => state !== "deleting"));
    expect(table.failed.every((state) => state.startsWith("error"))).toBe(true);
    expect(table.all).toContain(table.deleting);
    expect(table.all).toContain(table.deleteFailed);
    for (const state of table.all) {
      expect(table.isBusy(state)).toBe(table.busy.includes(state));
      expect(table.isChanging(state)).toBe(table.changing.includes(state));
      expect(table.isFailed(state)).toBe(table.failed.includes(state));
    }
  });
});
