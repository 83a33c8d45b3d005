/**
 * VM actions and the free tier, against the real emulator over HTTP: consoles, every power
 * transition (of one VM, and of several at once), passwords (never stored), the guest agent check, and the one free-tier VM of
 * an organization.
 */
import { describe, expect, it } from "vitest";
import { FreeTierCheckResponse } from "../../../api/vm/free-tier-check";
import { FreeTierVmResponse } from "../../../api/vm/free-tier";
import { UNKNOWN, expectError, vmSpec, vmState, useVmEmulator } from "../support/vm-service";

// Slow enough that transitional statuses (creating, stopping, deleting) can be observed.
const { emu, id, vms } = useVmEmulator({ speed: 5, reset: "afterEach" });

const action = (vmId: string, name: string, body?: unknown) =>
  emu.call("POST", `/api/v1/vms/${vmId}/${name}`, body === undefined ? {} : { body });

describe("consoles", () => {
  it("get-vnc stores virtual console links; a stopped VM loses them", async () => {
    const vm = await vms.running(vmSpec(id));
    expect(vm.vnc_url).toBeUndefined();
    const reply = await action(vm.id, "get-vnc");
    expect(reply.status, reply.text).toBe(204);
    const after = await vms.waitFor(vm.id, "running");
    expect(after.vnc_url).toMatch(/^https:\/\/.+\/vnc\/.+token=/);
    expect(after.vnc_ws).toMatch(/^wss:\/\//);

    expect((await action(vm.id, "set-power", { state: "power_off" })).status).toBe(204);
    const stopped = await vms.waitFor(vm.id, "stopped");
    expect(stopped.vnc_url).toBeUndefined();
    expectError(
      await action(vm.id, "get-vnc"),
      422,
      "vm_console_can_not_be_started_from_current_state",
    );
  });

  it("remote-console stores serial or virtual links, where the zone offers them", async () => {
    const vm = await vms.running(vmSpec(id));
    expect((await action(vm.id, "remote-console", { protocol: "serial" })).status).toBe(204);
    let after = await vms.waitFor(vm.id, "running");
    expect(after.remote_console_protocol).toBe("serial");
    expect(after.remote_console_url).toContain("/serial/");
    expect((await action(vm.id, "remote-console", { protocol: "vnc" })).status).toBe(204);
    after = await vms.waitFor(vm.id, "running");
    expect(after.remote_console_protocol).toBe("vnc");
    expect(after.remote_console_ws).toMatch(/^wss:\/\/.+\/vnc\//);

    // Zone 2 offers no serial console; the VM there reports it not ready.
    const other = await vms.running(vmSpec(id, { name: "az2", availability_zone_id: id.az2 }));
    expect(other.is_serial_ready).toBe(false);
    expectError(
      await action(other.id, "remote-console", { protocol: "serial" }),
      422,
      "serial_console_disabled",
      "protocol",
    );
    vmState(emu).zones[id.az2]!.vnc_console_enabled = false;
    expectError(await action(other.id, "get-vnc"), 422, "vnc_console_disabled");
  });

  it("refuses an unknown VM, a bad protocol, a VM still creating and a forbidden zone", async () => {
    expectError(await action(UNKNOWN, "get-vnc"), 422, "bad_vm_id");
    const vm = await vms.create(vmSpec(id));
    expectError(
      await action(vm.id, "remote-console", { protocol: "vnc" }),
      422,
      "vm_console_can_not_be_started_from_current_state",
    );
    expectError(
      await action(vm.id, "remote-console", { protocol: "spice" }),
      422,
      "validation_error",
      "protocol",
    );
    await vms.waitFor(vm.id, "running");
    vmState(emu).zones[id.az1]!.changes_forbidden = true;
    expectError(await action(vm.id, "get-vnc"), 422, "availability_zone_changes_forbidden");
  });
});

describe("power", () => {
  it("moves running → stopping → stopped → starting → running → rebooting → running", async () => {
    const vm = await vms.running(vmSpec(id));
    const seen = async (status: string) => (await vms.waitFor(vm.id, status)).state;

    expect((await action(vm.id, "set-power", { state: "power_off" })).status).toBe(204);
    expect((await emu.call("GET", `/api/v1/vms/${vm.id}`)).body).toMatchObject({
      state: "stopping",
    });
    expect(await seen("stopped")).toBe("stopped");
    expect((await emu.call("GET", `/api/v1/vms/${vm.id}`)).body).toMatchObject({
      guest_agent_state: "unavailable",
      is_serial_ready: false,
    });

    expect((await action(vm.id, "set-power", { state: "power_on" })).status).toBe(204);
    expect((await emu.call("GET", `/api/v1/vms/${vm.id}`)).body).toMatchObject({
      state: "starting",
    });
    expect(await seen("running")).toBe("running");

    expect((await action(vm.id, "set-power", { state: "reboot" })).status).toBe(204);
    expect((await emu.call("GET", `/api/v1/vms/${vm.id}`)).body).toMatchObject({
      state: "rebooting",
    });
    expect(await seen("running")).toBe("running");

    const tasks = await emu.call(
      "GET",
      `/api/v1/tasks?project_id=${id.project}&entity_id=${vm.id}`,
    );
    const names = (tasks.body as { items: Array<{ name: string }> }).items.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["stop_vm", "start_vm", "reboot_vm"]));
  });

  it("refuses a transition the status does not permit", async () => {
    const vm = await vms.create(vmSpec(id));
    expectError(
      await action(vm.id, "set-power", { state: "power_off" }),
      422,
      "vm_can_not_be_changed_from_current_state",
    );
    await vms.waitFor(vm.id, "running");
    expectError(
      await action(vm.id, "set-power", { state: "power_on" }),
      422,
      "vm_can_not_be_changed_from_current_state",
    );
    await action(vm.id, "set-power", { state: "power_off" });
    expectError(
      await action(vm.id, "set-power", { state: "reboot" }),
      422,
      "vm_can_not_be_changed_from_current_state",
    );
    await vms.waitFor(vm.id, "stopped");
    expectError(
      await action(vm.id, "set-power", { state: "reboot" }),
      422,
      "vm_can_not_be_changed_from_current_state",
    );
    expectError(
      await action(vm.id, "set-power", { state: "halt" }),
      422,
      "validation_error",
      "state",
    );
    expectError(await action(UNKNOWN, "set-power", { state: "power_on" }), 422, "bad_vm_id");
    vmState(emu).zones[id.az1]!.changes_forbidden = true;
    expectError(
      await action(vm.id, "set-power", { state: "power_on" }),
      422,
      "availability_zone_changes_forbidden",
    );
  });
});

describe("several VMs' states at once (PUT /api/v1/vms)", () => {
  const setStates = (body: unknown) => emu.call("PUT", "/api/v1/vms", { body });

  it("stops and starts the VMs listed; one already in the state asked for is left alone", async () => {
    const [a, b] = await Promise.all([
      vms.running(vmSpec(id, { name: "bulk-a" })),
      vms.running(vmSpec(id, { name: "bulk-b" })),
    ]);
    const stop = await setStates([
      { id: a.id, state: "stopped" },
      { id: b.id, state: "stopped" },
    ]);
    expect(stop.status, stop.text).toBe(204);
    expect((await emu.call("GET", `/api/v1/vms/${a.id}`)).body).toMatchObject({
      state: "stopping",
    });
    await Promise.all([vms.waitFor(a.id, "stopped"), vms.waitFor(b.id, "stopped")]);
    const start = await setStates([
      { id: a.id, state: "running" },
      { id: b.id, state: "stopped" },
    ]);
    expect(start.status, start.text).toBe(204);
    expect((await emu.call("GET", `/api/v1/vms/${b.id}`)).body).toMatchObject({
      state: "stopped",
    });
    expect((await vms.waitFor(a.id, "running")).state).toBe("running");
    expect((await setStates([])).status).toBe(204);
  });

  it("changes none when one is refused, naming the item: unknown, busy, closed zone, bad body", async () => {
    const a = await vms.running(vmSpec(id, { name: "bulk-c" }));
    const b = await vms.create(vmSpec(id, { name: "bulk-d" }));
    const busy = await setStates([
      { id: a.id, state: "stopped" },
      { id: b.id, state: "stopped" },
    ]);
    expectError(busy, 422, "vm_can_not_be_changed_from_current_state", "1.state");
    // The first VM was not stopped: all or none.
    expect((await emu.call("GET", `/api/v1/vms/${a.id}`)).body).toMatchObject({
      state: "running",
    });
    expectError(
      await setStates([
        { id: a.id, state: "stopped" },
        { id: UNKNOWN, state: "stopped" },
      ]),
      422,
      "bad_vm_id",
      "1.id",
    );
    expectError(
      await setStates([{ id: a.id, state: "rebooting" }]),
      422,
      "validation_error",
      "0.state",
    );
    expectError(await setStates({ id: a.id, state: "stopped" }), 422, "validation_error");
    vmState(emu).zones[id.az1]!.changes_forbidden = true;
    expectError(
      await setStates([{ id: a.id, state: "stopped" }]),
      422,
      "availability_zone_changes_forbidden",
    );
  });
});

describe("passwords and the guest agent", () => {
  const password = "N0t-in-state!";

  it("sets and deletes the image user's password, keeping only the login", async () => {
    const vm = await vms.running(vmSpec(id, { image_metadata: { username: "deploy" } }));
    expect((await action(vm.id, "set-password", { password })).status).toBe(204);
    expect(vmState(emu).vms[vm.id]!.password_logins).toEqual(["deploy"]);
    const dump = await fetch(`${emu.url}/_emulator/state`).then((r) => r.text());
    expect(dump).toContain("deploy");
    expect(dump).not.toContain(password);
    const vmText = (await emu.call("GET", `/api/v1/vms/${vm.id}`)).text;
    expect(vmText).not.toContain(password);

    expect((await action(vm.id, "delete-password", { login: "someone-else" })).status).toBe(204);
    expect(vmState(emu).vms[vm.id]!.password_logins).toEqual(["deploy"]);
    expect((await action(vm.id, "delete-password", {})).status).toBe(204);
    expect(vmState(emu).vms[vm.id]!.password_logins).toEqual([]);
  });

  it("takes a password in image metadata at creation, as real clients send it, and never keeps it", async () => {
    const vm = await vms.running(
      vmSpec(id, {
        image_metadata: {
          hostname: "web-1",
          username: "deploy",
          ssh_pub_key: "ssh-ed25519 AAAA k",
          password,
        },
      }),
    );
    expect(vmState(emu).vms[vm.id]!.password_logins).toEqual(["deploy"]);
    // The password field is typed linux_password: it is applied, not recorded as a value.
    expect(vm.metadata_fields.map((f) => [f.name, f.value])).toEqual([
      ["hostname", "web-1"],
      ["username", "deploy"],
      ["ssh_pub_key", "ssh-ed25519 AAAA k"],
    ]);
    const dump = await fetch(`${emu.url}/_emulator/state`).then((r) => r.text());
    expect(dump).not.toContain(password);
    expect((await emu.call("GET", `/api/v1/vms/${vm.id}`)).text).not.toContain(password);
  });

  it("refuses weak passwords without echoing them", async () => {
    const vm = await vms.running(vmSpec(id));
    for (const weak of ["Sh0rt!", "alllower1!", "NoDigits!!", "NoSpecial12", "Sp ace1!x"]) {
      const reply = await action(vm.id, "set-password", { password: weak });
      expectError(reply, 422, "validation_error", "password");
      expect(reply.text).not.toContain(weak);
    }
  });

  it("needs a running VM with a guest agent and a user name", async () => {
    const vm = await vms.create(vmSpec(id));
    expectError(await action(vm.id, "set-password", { password }), 422, "vm_state_forbids_action");
    expectError(await action(vm.id, "check-guest-agent"), 422, "vm_state_forbids_action");
    await vms.waitFor(vm.id, "running");
    expect((await action(vm.id, "check-guest-agent")).status).toBe(204);

    const debian = await vms.running(vmSpec(id, { name: "deb", image_id: id.debian }));
    expect(debian.guest_agent_state).toBe("not_installed");
    expectError(await action(debian.id, "check-guest-agent"), 422, "guest_agent_unavailable");
    expectError(
      await action(debian.id, "set-password", { password }),
      422,
      "guest_agent_unavailable",
    );
    expectError(await action(debian.id, "delete-password", {}), 422, "guest_agent_unavailable");

    // An image without a default user and a VM whose username was never given.
    const record = vmState(emu).vms[vm.id]!;
    record.metadata_fields = [];
    delete vmState(emu).images[id.ubuntu]!.default_user;
    expectError(
      await action(vm.id, "set-password", { password }),
      422,
      "image_metadata_has_no_user_name",
    );
    expectError(await action(vm.id, "delete-password", {}), 422, "image_metadata_has_no_user_name");
    expectError(await action(UNKNOWN, "check-guest-agent"), 422, "bad_vm_id");
  });
});

describe("free tier", () => {
  const body = () => ({
    project_id: id.project,
    name: "free-1",
    image_id: id.ubuntu,
    new_floating_ip: true,
  });
  const check = async () =>
    FreeTierCheckResponse.parse(
      (await emu.call("GET", `/api/v1/free-tier?project_id=${id.project}`)).body,
    );

  it("creates one free-tier VM per organization, refuses a second, and frees the slot on delete", async () => {
    expect((await check()).free_tier_enabled).toBe(true);
    const reply = await emu.call("POST", "/api/v1/free-tier", { body: body() });
    expect(reply.status, reply.text).toBe(201);
    const [vm] = FreeTierVmResponse.array().parse(reply.body);
    expect(vm!.state).toBe("creating");
    expect(vm!.flavor).toMatchObject({ id: id.flavorFree, free_tier: true });
    expect(vm!.availability_zone.id).toBe(id.az1);
    expect(vm!.disks[0]).toMatchObject({ primary: true, size: 20, disk_type: { id: id.freeHdd } });
    expect(vm!.interfaces[0]!.floating_ip?.state).toBe("in_use");
    expect(vm!.interfaces[0]).not.toHaveProperty("subnet");
    expect((await check()).free_tier_enabled).toBe(false);
    const running = await vms.waitFor(vm!.id, "running");
    expect(running.flavor.free_tier).toBe(true);
    expect(
      (await emu.call("GET", `/api/v1/vms?project_id=${id.project}&free_tier=true`)).body,
    ).toMatchObject({ total: 1 });

    expectError(
      await emu.call("POST", "/api/v1/free-tier", { body: { ...body(), name: "free-2" } }),
      422,
      "free_tier_vm_already_exists",
    );
    // The free-tier VM keeps its flavor.
    expectError(
      await emu.call("PUT", `/api/v1/vms/${vm!.id}`, { body: { flavor_id: id.flavor } }),
      422,
      "flavor_unavailable_for_project",
    );

    expect((await emu.call("DELETE", `/api/v1/vms/${vm!.id}`)).status).toBe(204);
    await vms.waitGone(vm!.id);
    expect((await check()).free_tier_enabled).toBe(true);
    expect(
      (await emu.call("POST", "/api/v1/free-tier", { body: { ...body(), name: "free-2" } })).status,
    ).toBe(201);
  });

  it("refuses an image without the free tier, a zone without it, and unknown references", async () => {
    expectError(
      await emu.call("POST", "/api/v1/free-tier", { body: { ...body(), image_id: id.ubuntu24 } }),
      422,
      "image_not_free_tier",
      "image_id",
    );
    expectError(
      await emu.call("POST", "/api/v1/free-tier", { body: { ...body(), image_id: UNKNOWN } }),
      404,
      "image_not_found",
    );
    expectError(
      await emu.call("POST", "/api/v1/free-tier", {
        body: { ...body(), availability_zone_id: id.az2 },
      }),
      422,
      "project_unavailable_in_availability_zone",
      "availability_zone_id",
    );
    expectError(
      await emu.call("POST", "/api/v1/free-tier", { body: { ...body(), project_id: UNKNOWN } }),
      422,
      "bad_project_id",
    );
    expectError(
      await emu.call("POST", "/api/v1/free-tier", {
        body: { ...body(), project_id: id.foreignProject },
      }),
      403,
      "forbidden",
    );
    expectError(
      await emu.call("POST", "/api/v1/free-tier", { body: { ...body(), flavor_id: id.flavor } }),
      422,
      "extra_forbidden",
      "flavor_id",
    );
    expect(Object.keys(vmState(emu).vms)).toHaveLength(0);
  });

  it("answers 500 when no zone offers free-tier resources", async () => {
    for (const zone of Object.values(vmState(emu).zones)) zone.free_tier = false;
    const reply = await emu.call("POST", "/api/v1/free-tier", { body: body() });
    expectError(reply, 500, "free_tier_availability_zone_not_found");
  });
});
