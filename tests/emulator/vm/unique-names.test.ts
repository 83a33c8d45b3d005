/**
 * Names unique in a project, against the real emulator over HTTP: a VM's (both creates and the
 * free-tier create), a security group's, a network interface's and an external IP's. A create
 * or rename to a name a live object of the kind has anywhere in the project is 422
 * `<kind>_with_this_data_already_exists` on `name`, naming that object; an object being
 * deleted has let its name go; `validate_name` agrees with what a create accepts.
 */
import { describe, expect, it } from "vitest";
import { ErrorArray } from "../../../api/common";
import { ValidateNameResponse } from "../../../api/vm/projects";
import { type Reply } from "../../support/emulator";
import { expectError, vmSpec, useVmEmulator } from "../support/vm-service";

const { emu, id, vms } = useVmEmulator({ speed: 5, reset: "beforeEach" });

/** Expects the 422 of a taken name whose message names the holder's id. */
function expectTaken(reply: Reply, code: string, holderId: string, field = "name"): void {
  expectError(reply, 422, code, field);
  expect(ErrorArray.parse(reply.body)[0]!.message).toContain(holderId);
}

/** Whether `validate_name` calls `name` of `entityType` available. */
async function available(entityType: string, name: string): Promise<boolean> {
  const reply = await emu.call(
    "GET",
    `/api/v1/projects/${id.project}/validate_name?entity_type=${entityType}&names=${name}`,
  );
  expect(reply.status, reply.text).toBe(200);
  return ValidateNameResponse.parse(reply.body)[0]!.available;
}

/** Polls `path` until it answers `state`. */
async function settled(path: string, state: string): Promise<void> {
  await emu.waitFor(path, (b, code) => code === 200 && (b as { state: string }).state === state);
}

/** Waits for `path` to be gone (404). */
async function gone(path: string): Promise<void> {
  await emu.waitFor(path, (_b, code) => code === 404);
}

describe("VM names", () => {
  const spec = (name: string, zone: string) =>
    vmSpec(id, {
      name,
      availability_zone_id: zone,
      disks: [{ name: `${name}-boot-${zone.slice(0, 4)}`, size: 10, disk_type_id: id.ssd }],
    });

  it("refuses a second VM of the name in another zone, through both creates, and a rename to it", async () => {
    const web = await vms.running(spec("web", id.az1));
    expectTaken(
      await emu.call("POST", "/api/v1.1/vms", { body: [spec("web", id.az2)] }),
      "vm_with_this_data_already_exists",
      web.id,
      "0.name",
    );
    expectTaken(
      await emu.call("POST", "/api/v1/vms", { body: [spec("web", id.az2)] }),
      "vm_with_this_data_already_exists",
      web.id,
      "0.name",
    );
    // Two of one name in one request: the second is refused, and the first is not made.
    expectError(
      await emu.call("POST", "/api/v1.1/vms", {
        body: [spec("twin", id.az1), spec("twin", id.az2)],
      }),
      422,
      "vm_with_this_data_already_exists",
      "1.name",
    );
    expect(await available("vm", "twin")).toBe(true);
    const api = await vms.running(spec("api", id.az2));
    expectTaken(
      await emu.call("PUT", `/api/v1/vms/${api.id}`, { body: { name: "web" } }),
      "vm_with_this_data_already_exists",
      web.id,
    );
    // Its own name is no clash.
    const same = await emu.call("PUT", `/api/v1/vms/${api.id}`, { body: { name: "api" } });
    expect(same.status, same.text).toBe(200);
  });

  it("refuses a free-tier VM a name another VM has", async () => {
    const web = await vms.running(spec("web", id.az2));
    expectTaken(
      await emu.call("POST", "/api/v1/free-tier", {
        body: { project_id: id.project, name: "web", image_id: id.ubuntu },
      }),
      "vm_with_this_data_already_exists",
      web.id,
    );
  });

  it("lets a deleted VM's name go", async () => {
    const web = await vms.running(spec("web", id.az1));
    const deleting = await emu.call("DELETE", `/api/v1/vms/${web.id}`);
    expect(deleting.status, deleting.text).toBe(204);
    expect(await available("vm", "web")).toBe(true);
    await vms.waitGone(web.id);
    const again = await emu.call("POST", "/api/v1.1/vms", { body: [spec("web", id.az2)] });
    expect(again.status, again.text).toBe(201);
  });
});

/** A kind made and renamed by its own endpoints. */
interface Kind {
  entityType: string;
  code: string;
  path: string;
  /** The state a new one settles in. */
  settled: string;
  body: (name: string, zone: string) => Record<string, unknown>;
}

const KINDS: Kind[] = [
  {
    entityType: "security_group",
    code: "security_group_with_this_data_already_exists",
    path: "/api/v1/security-groups",
    settled: "created",
    body: (name, zone) => ({ project_id: id.project, availability_zone_id: zone, name }),
  },
  {
    entityType: "interface",
    code: "interface_with_this_data_already_exists",
    path: "/api/v1/interfaces",
    settled: "created",
    body: (name, zone) => ({ project_id: id.project, availability_zone_id: zone, name }),
  },
  {
    entityType: "floating_ip",
    code: "floating_ip_with_this_data_already_exists",
    path: "/api/v1/floating-ips",
    settled: "available",
    body: (name, zone) => ({ project_id: id.project, availability_zone_id: zone, name }),
  },
];

describe.each(KINDS)("$entityType names", (kind) => {
  const post = (name: string, zone: string) =>
    emu.call("POST", kind.path, { body: kind.body(name, zone) });
  async function make(name: string, zone: string): Promise<string> {
    const reply = await post(name, zone);
    expect(reply.status, reply.text).toBe(201);
    const made = (reply.body as { id: string }).id;
    await settled(`${kind.path}/${made}`, kind.settled);
    return made;
  }

  it("refuses a second of the name in another zone, and a rename to it", async () => {
    const first = await make("edge", id.az1);
    expect(await available(kind.entityType, "edge")).toBe(false);
    expectTaken(await post("edge", id.az2), kind.code, first);
    const other = await make("core", id.az2);
    expectTaken(
      await emu.call("PUT", `${kind.path}/${other}`, { body: { name: "edge" } }),
      kind.code,
      first,
    );
    const same = await emu.call("PUT", `${kind.path}/${other}`, { body: { name: "core" } });
    expect(same.status, same.text).toBe(200);
  });

  it("lets a deleted object's name go", async () => {
    const first = await make("edge", id.az1);
    const deleting = await emu.call("DELETE", `${kind.path}/${first}`);
    expect(deleting.status, deleting.text).toBe(204);
    expect(await available(kind.entityType, "edge")).toBe(true);
    await gone(`${kind.path}/${first}`);
    await make("edge", id.az2);
  });
});

describe("interfaces a VM makes", () => {
  it("are named eth0, eth1... on every VM, and a free interface may not take those names", async () => {
    const one = await vms.running(vmSpec(id, { name: "one" }));
    const two = await vms.running(
      vmSpec(id, { name: "two", disks: [{ name: "two-boot", size: 10, disk_type_id: id.ssd }] }),
    );
    expect(one.interfaces[0]!.name).toBe("eth0");
    expect(two.interfaces[0]!.name).toBe("eth0");
    const reply = await emu.call("POST", "/api/v1/interfaces", {
      body: { project_id: id.project, availability_zone_id: id.az1, name: "eth0" },
    });
    expectError(reply, 422, "interface_with_this_data_already_exists", "name");
  });
});
