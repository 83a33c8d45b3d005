/**
 * What the VM-service suites share: their emulator set-up, fixture lookups by name, a minimal
 * valid VM request, creating a VM and waiting for a status, and error-body checks.
 */
import { expect } from "vitest";
import { ErrorArray, HttpValidationError } from "../../../api/common";
import { VmResponse } from "../../../api/vm/vms";
import type { VmState } from "../../../emulator/vm/records";
import {
  useTestEmulator,
  type Reply,
  type SuiteEmulatorOptions,
  type TestEmulator,
} from "../../support/emulator";
import { suiteValue } from "../../support/suite-value";

/** An id no fixture has. */
export const UNKNOWN = "5d1f6c0e-8a3b-4c2d-9e1f-0a2b3c4d5e6f";

/** Fixture ids by name. */
export function ids(emu: TestEmulator) {
  const f = emu.fixtures.vm;
  const byName = <T extends { id: string; name: string }>(list: T[], name: string) => {
    const found = list.find((x) => x.name === name);
    if (found === undefined) throw new Error(`fixture ${name} not found`);
    return found.id;
  };
  return {
    project: f.projectId,
    foreignProject: f.foreignProjectId,
    organization: f.organizationId,
    az1: f.zones[0]!.id,
    az2: f.zones[1]!.id,
    az3: f.zones[2]!.id,
    az1Name: f.zones[0]!.name,
    flavor: byName(f.flavors, "burst-1-1"),
    flavorBig: byName(f.flavors, "gen-2-4"),
    flavorFree: byName(f.flavors, "free-tier-1-1"),
    ssd: byName(f.diskTypes, "SSD"),
    hdd: byName(f.diskTypes, "HDD"),
    freeHdd: byName(f.diskTypes, "free-tier-HDD"),
    ubuntu: byName(f.images, "ubuntu-22.04"),
    ubuntu24: byName(f.images, "ubuntu-24.04"),
    debian: byName(f.images, "debian-12"),
    windows: byName(f.images, "windows-2022"),
    tagProd: byName(f.tags, "env-prod"),
    tagDev: byName(f.tags, "env-dev"),
    placementGroup: f.placementGroups[0]!.id,
    placementGroupName: f.placementGroups[0]!.name,
    subnet1: f.defaultSubnets.find((s) => s.zoneId === f.zones[0]!.id)!.id,
    subnet2: f.defaultSubnets.find((s) => s.zoneId === f.zones[1]!.id)!.id,
    group1: f.defaultSecurityGroups.find((g) => g.zoneId === f.zones[0]!.id)!.id,
    group2: f.defaultSecurityGroups.find((g) => g.zoneId === f.zones[1]!.id)!.id,
  };
}

/** The fixture ids of {@link ids}. */
export type Ids = ReturnType<typeof ids>;

/** What {@link useVmEmulator} sets up, to use by name in hooks and tests. */
export interface VmSuite {
  emu: TestEmulator;
  /** The fixture {@link ids} of `emu`. */
  id: Ids;
  /** A name no other call of the suite returns: `prefix-<n>`. */
  fresh(prefix: string): string;
  /** {@link createVm}, {@link runningVm}, {@link waitForVm} and {@link waitGone} on `emu`. */
  vms: {
    create(spec: Record<string, unknown>, path?: string): Promise<VmResponse>;
    running(spec: Record<string, unknown>): Promise<VmResponse>;
    waitFor(vmId: string, status: string): Promise<VmResponse>;
    waitGone(vmId: string): Promise<void>;
  };
}

/** The set-up of a VM-service suite: {@link useTestEmulator} and what {@link VmSuite} says. */
export function useVmEmulator(options: SuiteEmulatorOptions = {}): VmSuite {
  const emu = useTestEmulator(options);
  let counter = 0;
  return {
    emu,
    id: suiteValue("the fixture ids", async () => ids(emu)),
    fresh: (prefix) => `${prefix}-${++counter}`,
    vms: {
      create: (spec, path) => createVm(emu, spec, path),
      running: (spec) => runningVm(emu, spec),
      waitFor: (vmId, status) => waitForVm(emu, vmId, status),
      waitGone: (vmId) => waitGone(emu, vmId),
    },
  };
}

/** A minimal valid v1.1 VM specification in zone 1, with overrides. */
export function vmSpec(id: Ids, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    project_id: id.project,
    availability_zone_id: id.az1,
    name: "web-1",
    flavor_id: id.flavor,
    image_id: id.ubuntu,
    disks: [{ name: "web-1-boot", size: 10, disk_type_id: id.ssd }],
    ...overrides,
  };
}

/** The emulator's live VM state (tests may adjust it to set up rare conditions). */
export function vmState(emu: TestEmulator): VmState {
  return emu.emulator.store.state.vm as VmState;
}

/** Creates one VM through v1.1 (or `path`), expects 201, and returns it. */
async function createVm(
  emu: TestEmulator,
  spec: Record<string, unknown>,
  path = "/api/v1.1/vms",
): Promise<VmResponse> {
  const reply = await emu.call("POST", path, { body: [spec] });
  expect(reply.status, reply.text).toBe(201);
  const vms = VmResponse.array().parse(reply.body);
  expect(vms).toHaveLength(1);
  return vms[0]!;
}

/** Waits until the VM reaches `status` and returns it. */
async function waitForVm(emu: TestEmulator, vmId: string, status: string): Promise<VmResponse> {
  const reply = await emu.waitFor(
    `/api/v1/vms/${vmId}`,
    (body, code) => code === 200 && (body as { state?: string }).state === status,
  );
  return VmResponse.parse(reply.body);
}

/** Creates a VM and waits until it runs. */
async function runningVm(emu: TestEmulator, spec: Record<string, unknown>): Promise<VmResponse> {
  const vm = await createVm(emu, spec);
  return waitForVm(emu, vm.id, "running");
}

/** Waits until GET of the VM answers 404. */
async function waitGone(emu: TestEmulator, vmId: string): Promise<void> {
  await emu.waitFor(`/api/v1/vms/${vmId}`, (_body, code) => code === 404);
}

/**
 * Expects a VM-service error array whose first error has `code`, a message, and (when given)
 * `field`.
 */
export function expectError(reply: Reply, status: number, code: string, field?: string): void {
  expect(reply.status, reply.text).toBe(status);
  const first = ErrorArray.parse(reply.body)[0]!;
  expect(first.code, reply.text).toBe(code);
  expect(first.message, reply.text).not.toBe("");
  if (field !== undefined) expect(first.field, reply.text).toBe(field);
}

/** Expects a FastAPI-style `{detail: [...]}` body whose first location ends with `loc`. */
export function expectFastApi(reply: Reply, status: number, type: string, loc?: string): void {
  expect(reply.status, reply.text).toBe(status);
  const body = HttpValidationError.parse(reply.body);
  expect(Array.isArray(reply.body), "a FastAPI body is an object, not an array").toBe(false);
  expect(body.detail[0]!.type, reply.text).toBe(type);
  if (loc !== undefined)
    expect(
      body.detail.map((d) => d.loc.join(".")),
      reply.text,
    ).toContain(loc);
}
