/**
 * Organizations (quotas and their current use), projects, permissions and the names taken in
 * them, and the free-tier check, against the real emulator over HTTP.
 */
import { describe, expect, it } from "vitest";
import { OrganizationLimitType } from "../../../api/vm/enums";
import { FreeTierCheckResponse } from "../../../api/vm/free-tier-check";
import { OrganizationResponse } from "../../../api/vm/organizations";
import {
  ProjectPermissionsResponse,
  ProjectResponse,
  ValidateNameResponse,
} from "../../../api/vm/projects";
import type { DiskRecord } from "../../../emulator/vm/records";
import { useTestEmulator } from "../../support/emulator";
import { lateBound } from "../../support/suite-value";
import { vmState, expectError, UNKNOWN } from "../support/vm-service";

// Tests below change the state directly; start each from the fixtures again.
const emu = useTestEmulator({ reset: "afterEach" });
// A reset makes a new state: look it up at each use.
const state = lateBound(() => vmState(emu));

async function organization(): Promise<OrganizationResponse> {
  const reply = await emu.call("GET", `/api/v1/organizations/${emu.fixtures.vm.organizationId}`);
  expect(reply.status, reply.text).toBe(200);
  return OrganizationResponse.parse(reply.body);
}

const current = (org: OrganizationResponse, type: OrganizationLimitType) =>
  org.limits.find((l) => l.limit_type === type)!.current_value;

function addDisk(size: number): DiskRecord {
  const now = new Date().toISOString();
  const disk: DiskRecord = {
    id: "6a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
    name: "quota-disk",
    description: "",
    size,
    bootable: false,
    readonly: false,
    shared: false,
    encrypted: false,
    serial_id: "quota-disk",
    project_id: emu.fixtures.vm.projectId,
    availability_zone_id: emu.fixtures.vm.zones[0]!.id,
    disk_type_id: emu.fixtures.vm.diskTypes[0]!.id,
    tag_ids: [],
    vm_ids: [],
    status: "available",
    schedule: [],
    created_time: now,
    modified_time: now,
    seq: ++state.seq,
  };
  state.disks[disk.id] = disk;
  return disk;
}

describe("organizations", () => {
  it("reads the organization with one limit per quota type", async () => {
    const org = await organization();
    expect(org.id).toBe(emu.fixtures.vm.organizationId);
    expect(org.limits.map((l) => l.limit_type).sort()).toEqual(
      [...OrganizationLimitType.options].sort(),
    );
    expect(new Set(org.limits.map((l) => l.id)).size).toBe(org.limits.length);
    const record = state.organizations[org.id]!;
    for (const limit of org.limits) expect(limit.value).toBe(record.limits[limit.limit_type]);
  });

  it("computes current_value from the organization's resources", async () => {
    const project = emu.fixtures.vm.projectId;
    const before = await organization();
    expect(current(before, "subnets")).toBe(
      Object.values(state.subnets).filter((s) => s.project_id === project).length,
    );
    expect(current(before, "security_groups")).toBeGreaterThan(0);
    expect(current(before, "security_group_rules")).toBe(
      Object.keys(state.securityGroupRules).length,
    );
    addDisk(40);
    const after = await organization();
    expect(current(after, "disks")).toBe(current(before, "disks") + 1);
    expect(current(after, "disks_size")).toBe(current(before, "disks_size") + 40);
    expect(current(after, "vms")).toBe(current(before, "vms"));
  });

  it("answers 404 organization_not_found, 403 for a foreign organization, 422 when malformed", async () => {
    expectError(
      await emu.call("GET", `/api/v1/organizations/${UNKNOWN}`),
      404,
      "organization_not_found",
    );
    const foreign = state.projects[emu.fixtures.vm.foreignProjectId]!.organization_id;
    state.organizations[foreign] = { id: foreign, name: "foreign-org", limits: { vms: 1 } };
    expectError(await emu.call("GET", `/api/v1/organizations/${foreign}`), 403, "forbidden");
    expectError(
      await emu.call("GET", "/api/v1/organizations/org-1"),
      422,
      "validation_error",
      "organization_id",
    );
  });
});

describe("projects", () => {
  it("reads the project", async () => {
    const reply = await emu.call("GET", `/api/v1/projects/${emu.fixtures.vm.projectId}`);
    expect(reply.status).toBe(200);
    const project = ProjectResponse.parse(reply.body);
    const record = state.projects[emu.fixtures.vm.projectId]!;
    expect(project).toEqual({
      id: record.id,
      product_instance_id: record.product_instance_id,
      organization_id: emu.fixtures.vm.organizationId,
      state: "created",
    });
  });

  it("reads the caller's roles in the project", async () => {
    const reply = await emu.call(
      "GET",
      `/api/v1/projects/${emu.fixtures.vm.projectId}/permissions`,
    );
    expect(reply.status).toBe(200);
    const permissions = ProjectPermissionsResponse.parse(reply.body);
    expect(permissions.id).toBe(emu.fixtures.vm.projectId);
    expect(permissions.permissions).toEqual(state.projects[emu.fixtures.vm.projectId]!.permissions);
    expect(permissions.permissions.length).toBeGreaterThan(0);
  });

  for (const suffix of ["", "/permissions"]) {
    it(`answers 404, 403 and 422 on /projects/{id}${suffix}`, async () => {
      expectError(
        await emu.call("GET", `/api/v1/projects/${UNKNOWN}${suffix}`),
        404,
        "project_not_found",
      );
      expectError(
        await emu.call("GET", `/api/v1/projects/${emu.fixtures.vm.foreignProjectId}${suffix}`),
        403,
        "forbidden",
      );
      expectError(
        await emu.call("GET", `/api/v1/projects/p-1${suffix}`),
        422,
        "validation_error",
        "project_id",
      );
    });
  }
});

describe("names taken in a project (validate_name)", () => {
  const validate = (projectId: string, query: string) =>
    emu.call("GET", `/api/v1/projects/${projectId}/validate_name?${query}`);

  it("says which names a live object of the kind in the project holds, in the order asked", async () => {
    const projectId = emu.fixtures.vm.projectId;
    const subnet = emu.fixtures.vm.defaultSubnets[0]!.name;
    const reply = await validate(
      projectId,
      `entity_type=subnet&names=fresh-net&names=${subnet}&names=${subnet.toUpperCase()}`,
    );
    expect(reply.status, reply.text).toBe(200);
    expect(ValidateNameResponse.parse(reply.body)).toEqual([
      { name: "fresh-net", available: true },
      { name: subnet, available: false },
      { name: subnet.toUpperCase(), available: true },
    ]);
    // The same name is another kind's to take.
    expect((await validate(projectId, `entity_type=disk&names=${subnet}`)).body).toEqual([
      { name: subnet, available: true },
    ]);
    const disk = addDisk(5);
    expect((await validate(projectId, `entity_type=disk&names=${disk.name}`)).body).toEqual([
      { name: disk.name, available: false },
    ]);
    // A disk on its way out has let its name go.
    disk.status = "deleting";
    expect((await validate(projectId, `entity_type=disk&names=${disk.name}`)).body).toEqual([
      { name: disk.name, available: true },
    ]);
    // The emulator has no load balancers: every name of one is free.
    expect((await validate(projectId, "entity_type=load_balancer&names=lb")).body).toEqual([
      { name: "lb", available: true },
    ]);
  });

  it("answers 422 for an unknown project or a bad query, 403 for a foreign project", async () => {
    expectError(
      await validate(UNKNOWN, "entity_type=vm&names=web"),
      422,
      "bad_project_id",
      "project_id",
    );
    expectError(
      await validate(emu.fixtures.vm.foreignProjectId, "entity_type=vm&names=web"),
      403,
      "forbidden",
    );
    const projectId = emu.fixtures.vm.projectId;
    expectError(await validate(projectId, "entity_type=vm"), 422, "validation_error", "names");
    expectError(await validate(projectId, "entity_type=vm&names=1web"), 422, "validation_error");
    expectError(
      await validate(projectId, "entity_type=image&names=web"),
      422,
      "validation_error",
      "entity_type",
    );
  });
});

describe("free-tier check", () => {
  const check = async () => {
    const reply = await emu.call(
      "GET",
      `/api/v1/free-tier?project_id=${emu.fixtures.vm.projectId}`,
    );
    expect(reply.status, reply.text).toBe(200);
    return FreeTierCheckResponse.parse(reply.body);
  };

  it("says the organization may create a free-tier VM until it has one", async () => {
    expect(await check()).toEqual({
      organization_id: emu.fixtures.vm.organizationId,
      free_tier_enabled: true,
    });
    state.freeTierVms[emu.fixtures.vm.organizationId] = "7b1c2d3e-4f5a-4b6c-8d7e-8f9a0b1c2d3e";
    expect(await check()).toEqual({
      organization_id: emu.fixtures.vm.organizationId,
      free_tier_enabled: false,
    });
  });

  it("requires a known project the token may use", async () => {
    expectError(await emu.call("GET", "/api/v1/free-tier"), 422, "validation_error", "project_id");
    expectError(
      await emu.call("GET", `/api/v1/free-tier?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
      "project_id",
    );
    expectError(
      await emu.call("GET", `/api/v1/free-tier?project_id=${emu.fixtures.vm.foreignProjectId}`),
      403,
      "forbidden",
    );
  });
});
