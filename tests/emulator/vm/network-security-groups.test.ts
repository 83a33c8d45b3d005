/**
 * Security groups against the real emulator over HTTP: list (filters, paging, order), create
 * with inline rules, read, partial update, delete (with its rules), and every failure.
 */
import { describe, expect, it } from "vitest";
import { SecurityGroupRulePage } from "../../../api/vm/security-group-rules";
import { SecurityGroupPage, SecurityGroupResponse } from "../../../api/vm/security-groups";
import type { VmState } from "../../../emulator/vm/records";
import { expectError, UNKNOWN, useVmEmulator } from "../support/vm-service";

// Slow enough that the transitional states (creating, updating, deleting) can be seen
// reliably by the next request even on a busy machine.
const { emu, id } = useVmEmulator({ speed: 2 });
let counter = 0;

const freshName = () => `sg-${++counter}`;
const HTTP = {
  direction: "ingress",
  ether_type: "IPv4",
  ip_protocol: "tcp",
  port_range: "80:80",
  remote_ip_prefix: "0.0.0.0/0",
};

async function create(extra: Record<string, unknown> = {}): Promise<SecurityGroupResponse> {
  const reply = await emu.call("POST", "/api/v1/security-groups", {
    body: { project_id: id.project, availability_zone_id: id.az1, name: freshName(), ...extra },
  });
  expect(reply.status, reply.text).toBe(201);
  return SecurityGroupResponse.parse(reply.body);
}

async function createdGroup(extra: Record<string, unknown> = {}): Promise<SecurityGroupResponse> {
  const group = await create(extra);
  const reply = await emu.waitFor(
    `/api/v1/security-groups/${group.id}`,
    (b) => (b as SecurityGroupResponse).state === "created",
  );
  return SecurityGroupResponse.parse(reply.body);
}

async function list(query: string): Promise<ReturnType<typeof SecurityGroupPage.parse>> {
  const reply = await emu.call("GET", `/api/v1/security-groups?project_id=${id.project}${query}`);
  expect(reply.status, reply.text).toBe(200);
  return SecurityGroupPage.parse(reply.body);
}

describe("security group list", () => {
  it("lists the default groups oldest first with their rule counts", async () => {
    const page = await list("");
    const ids = emu.fixtures.vm.defaultSecurityGroups.map((g) => g.id);
    expect(page.items.slice(0, 3).map((g) => g.id)).toEqual(ids);
    expect(page.items[0]).toMatchObject({
      default: true,
      has_interfaces: false,
      ingress_rules_count: 1,
      egress_rules_count: 2,
      state: "created",
      project: { id: id.project },
    });
  });

  it("filters by zone, name and tags, orders newest first and pages", async () => {
    const tag = emu.fixtures.vm.tags[0]!;
    const a = await create({ availability_zone_id: id.az2, tag_ids: [tag.id] });
    const b = await create({ availability_zone_id: id.az2 });
    const byZone = await list(`&availability_zone_id=${id.az2}`);
    expect(byZone.items.every((g) => g.availability_zone.id === id.az2)).toBe(true);
    expect(byZone.items.map((g) => g.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await list(`&name=${a.name.toUpperCase()}`)).items.map((g) => g.id)).toEqual([a.id]);
    expect((await list(`&tag_ids=${tag.id}`)).items.map((g) => g.id)).toEqual([a.id]);
    const desc = await list("&order_by=created_time&order_desc=true");
    expect(desc.items.slice(0, 2).map((g) => g.id)).toEqual([b.id, a.id]);
    const all = await list("");
    const page = await list("&offset=2&limit=2");
    expect(page.total).toBe(all.total);
    expect(page.items.map((g) => g.id)).toEqual(all.items.slice(2, 4).map((g) => g.id));
  });

  it("refuses unknown project, foreign project, unknown zone and unknown tag", async () => {
    expectError(
      await emu.call("GET", `/api/v1/security-groups?project_id=${UNKNOWN}`),
      422,
      "bad_project_id",
    );
    expectError(
      await emu.call(
        "GET",
        `/api/v1/security-groups?project_id=${emu.fixtures.vm.foreignProjectId}`,
      ),
      403,
      "forbidden",
    );
    expectError(
      await emu.call(
        "GET",
        `/api/v1/security-groups?project_id=${id.project}&availability_zone_id=${UNKNOWN}`,
      ),
      422,
      "bad_availability_zone_id",
      "availability_zone_id",
    );
    expectError(
      await emu.call("GET", `/api/v1/security-groups?project_id=${id.project}&tag_ids=${UNKNOWN}`),
      422,
      "bad_tag_id",
    );
    expectError(
      await emu.call("GET", "/api/v1/security-groups"),
      422,
      "validation_error",
      "project_id",
    );
  });

  it("answers 401 without a valid token", async () => {
    expect(
      (await emu.call("GET", `/api/v1/security-groups?project_id=${id.project}`, { auth: false }))
        .status,
    ).toBe(401);
    const reply = await emu.call("POST", "/api/v1/security-groups", {
      auth: false,
      headers: { authorization: "Bearer wrong" },
      body: { project_id: id.project, name: freshName() },
    });
    expect(reply.status).toBe(401);
  });
});

describe("security group create", () => {
  it("creates a group with inline rules: creating, then created, rules with it", async () => {
    const name = freshName();
    const tag = emu.fixtures.vm.tags[1]!;
    const group = await create({
      name,
      description: "web servers",
      tag_names: [tag.name],
      security_group_rules: [
        HTTP,
        {
          direction: "ingress",
          ether_type: "IPv4",
          ip_protocol: "any",
          port_range: "any",
          remote_security_group_name: name,
        },
        {
          direction: "egress",
          ether_type: "IPv6",
          ip_protocol: "any",
          port_range: "any",
          remote_ip_prefix: "::/0",
        },
      ],
    });
    expect(group).toMatchObject({
      name,
      description: "web servers",
      state: "creating",
      default: false,
      ingress_rules_count: 2,
      egress_rules_count: 1,
      tags: [{ id: tag.id }],
      availability_zone: { id: id.az1 },
    });
    const rules = SecurityGroupRulePage.parse(
      (await emu.call("GET", `/api/v1/security-groups/${group.id}/rules`)).body,
    );
    expect(rules.items.map((r) => r.state)).toEqual(["creating", "creating", "creating"]);
    expect(rules.items[1]!.remote_security_group).toEqual({ id: group.id, name });
    await emu.waitFor(
      `/api/v1/security-groups/${group.id}`,
      (b) => (b as SecurityGroupResponse).state === "created",
    );
    const after = SecurityGroupRulePage.parse(
      (await emu.call("GET", `/api/v1/security-groups/${group.id}/rules`)).body,
    );
    expect(after.items.map((r) => r.state)).toEqual(["created", "created", "created"]);
  });

  it("uses the default zone when none is given and accepts a zone by name", async () => {
    const plain = await create({ availability_zone_id: undefined });
    expect(plain.availability_zone.id).toBe(id.az1);
    const byName = await create({
      availability_zone_id: undefined,
      availability_zone_name: emu.fixtures.vm.zones[1]!.name,
    });
    expect(byName.availability_zone.id).toBe(id.az2);
  });

  it("refuses bad references and a closed zone, and creates nothing when a rule is bad", async () => {
    const post = (body: Record<string, unknown>) =>
      emu.call("POST", "/api/v1/security-groups", {
        body: { project_id: id.project, availability_zone_id: id.az1, name: freshName(), ...body },
      });
    expectError(await post({ project_id: UNKNOWN }), 422, "bad_project_id", "project_id");
    expectError(await post({ project_id: emu.fixtures.vm.foreignProjectId }), 403, "forbidden");
    expectError(await post({ availability_zone_id: UNKNOWN }), 422, "bad_availability_zone_id");
    expectError(await post({ tag_ids: [UNKNOWN] }), 422, "bad_tag_id", "tag_ids");
    expectError(
      await post({ availability_zone_id: id.az3 }),
      422,
      "availability_zone_changes_forbidden",
    );
    expectError(
      await post({ availability_zone_name: "ru.AZ-1" }),
      422,
      "validation_error",
      "availability_zone_id",
    );
    expectError(await post({ name: "" }), 422, "validation_error", "name");
    expectError(
      await post({ description: "x".repeat(256) }),
      422,
      "validation_error",
      "description",
    );
    const before = (await list("")).total;
    expectError(
      await post({ security_group_rules: [HTTP, { ...HTTP, port_range: "80" }] }),
      422,
      "validation_error",
      "security_group_rules.1.port_range",
    );
    expectError(
      await post({
        security_group_rules: [
          { ...HTTP, remote_ip_prefix: undefined, remote_security_group_name: "nope" },
        ],
      }),
      422,
      "wrong_security_group",
      "security_group_rules.0.remote_security_group_name",
    );
    expect((await list("")).total).toBe(before);
  });
});

describe("security group read", () => {
  it("reads a group, 404 for an unknown one, 422 for an id that is not a uuid4", async () => {
    const id = emu.fixtures.vm.defaultSecurityGroups[0]!.id;
    const reply = await emu.call("GET", `/api/v1/security-groups/${id}`);
    expect(reply.status).toBe(200);
    expect(SecurityGroupResponse.parse(reply.body).id).toBe(id);
    expectError(
      await emu.call("GET", `/api/v1/security-groups/${UNKNOWN}`),
      404,
      "security_group_not_found",
    );
    expectError(
      await emu.call("GET", "/api/v1/security-groups/5d1f6c0e-8a3b-1c2d-9e1f-0a2b3c4d5e6f"),
      422,
      "validation_error",
      "security_group_id",
    );
  });
});

describe("security group update", () => {
  it("changes name, description and tags: updating, then created", async () => {
    const group = await createdGroup({ description: "old" });
    const tag = emu.fixtures.vm.tags[2]!;
    const reply = await emu.call("PUT", `/api/v1/security-groups/${group.id}`, {
      body: { name: `${group.name}-x`, tag_ids: [tag.id] },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(SecurityGroupResponse.parse(reply.body)).toMatchObject({
      name: `${group.name}-x`,
      description: "old",
      state: "updating",
      tags: [{ id: tag.id }],
    });
    await emu.waitFor(
      `/api/v1/security-groups/${group.id}`,
      (b) => (b as SecurityGroupResponse).state === "created",
    );
  });

  it("refuses a change while creating, in a closed zone, with an unknown tag or a sentinel", async () => {
    const creating = await create();
    expectError(
      await emu.call("PUT", `/api/v1/security-groups/${creating.id}`, {
        body: { description: "x" },
      }),
      422,
      "security_group_can_not_be_changed_from_current_state",
    );
    const closed = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.zoneId === id.az3)!;
    expectError(
      await emu.call("PUT", `/api/v1/security-groups/${closed.id}`, { body: { description: "x" } }),
      422,
      "availability_zone_changes_forbidden",
    );
    const group = await createdGroup();
    expectError(
      await emu.call("PUT", `/api/v1/security-groups/${group.id}`, {
        body: { tag_names: ["nope"] },
      }),
      422,
      "bad_tag_name",
    );
    expectError(
      await emu.call("PUT", `/api/v1/security-groups/${group.id}`, { body: { description: 1 } }),
      422,
      "validation_error",
      "description",
    );
    expectError(
      await emu.call("PUT", `/api/v1/security-groups/${UNKNOWN}`, { body: { description: "x" } }),
      404,
      "security_group_not_found",
    );
  });
});

describe("security group delete", () => {
  it("deletes a group and its rules: deleting, then gone", async () => {
    const group = await createdGroup({ security_group_rules: [HTTP] });
    const rules = SecurityGroupRulePage.parse(
      (await emu.call("GET", `/api/v1/security-groups/${group.id}/rules`)).body,
    );
    const ruleId = rules.items[0]!.id;
    expect((await emu.call("DELETE", `/api/v1/security-groups/${group.id}`)).status).toBe(204);
    const during = SecurityGroupResponse.parse(
      (await emu.call("GET", `/api/v1/security-groups/${group.id}`)).body,
    );
    expect(during.state).toBe("deleting");
    const rule = await emu.call("GET", `/api/v1/security-groups/${group.id}/rules/${ruleId}`);
    expect((rule.body as { state: string }).state).toBe("deleting");
    await emu.waitFor(`/api/v1/security-groups/${group.id}`, (_b, status) => status === 404);
    expect(Object.keys((emu.emulator.store.state.vm as VmState).securityGroupRules)).not.toContain(
      ruleId,
    );
    expectError(
      await emu.call("GET", `/api/v1/security-groups/${group.id}/rules/${ruleId}`),
      422,
      "wrong_security_group",
    );
  });

  it("keeps the default group, groups in use, and refuses while creating or deleting", async () => {
    const def = emu.fixtures.vm.defaultSecurityGroups[0]!;
    expectError(
      await emu.call("DELETE", `/api/v1/security-groups/${def.id}`),
      422,
      "can_not_delete_default_security_group",
    );
    const closed = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.zoneId === id.az3)!;
    expectError(
      await emu.call("DELETE", `/api/v1/security-groups/${closed.id}`),
      422,
      "availability_zone_changes_forbidden",
    );
    const creating = await create();
    expectError(
      await emu.call("DELETE", `/api/v1/security-groups/${creating.id}`),
      422,
      "security_group_can_not_be_deleted_from_current_state",
    );
    const target = await createdGroup();
    const referrer = await createdGroup({
      security_group_rules: [
        { ...HTTP, remote_ip_prefix: undefined, remote_security_group_id: target.id },
      ],
    });
    expectError(
      await emu.call("DELETE", `/api/v1/security-groups/${target.id}`),
      405,
      "security_group_in_use",
    );
    expect((await emu.call("DELETE", `/api/v1/security-groups/${referrer.id}`)).status).toBe(204);
    expectError(
      await emu.call("DELETE", `/api/v1/security-groups/${referrer.id}`),
      422,
      "security_group_can_not_be_deleted_from_current_state",
    );
    expectError(
      await emu.call("DELETE", `/api/v1/security-groups/${UNKNOWN}`),
      404,
      "security_group_not_found",
    );
  });

  it("answers 405 while a network interface uses the group and reports has_interfaces", async () => {
    const group = await createdGroup();
    const state = emu.emulator.store.state.vm as VmState;
    const interfaceId = "7b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";
    state.interfaces[interfaceId] = {
      id: interfaceId,
      name: "eth0",
      vm_id: UNKNOWN,
      subnet_id: emu.fixtures.vm.defaultSubnets[0]!.id,
      ip_address: "10.0.0.2",
      primary: true,
      type: "regular",
      interface_security_enabled: true,
      security_group_ids: [group.id],
      state: "created",
    };
    try {
      const read = SecurityGroupResponse.parse(
        (await emu.call("GET", `/api/v1/security-groups/${group.id}`)).body,
      );
      expect(read.has_interfaces).toBe(true);
      expectError(
        await emu.call("DELETE", `/api/v1/security-groups/${group.id}`),
        405,
        "security_group_has_interface",
      );
    } finally {
      delete state.interfaces[interfaceId];
    }
    expect((await emu.call("DELETE", `/api/v1/security-groups/${group.id}`)).status).toBe(204);
  });

  it("answers 403 for a group of a foreign project", async () => {
    const state = emu.emulator.store.state.vm as VmState;
    const own = state.securityGroups[emu.fixtures.vm.defaultSecurityGroups[0]!.id]!;
    const foreignId = "9d3e4f5a-6b7c-4d8e-8f9a-0b1c2d3e4f5a";
    state.securityGroups[foreignId] = {
      ...structuredClone(own),
      id: foreignId,
      project_id: emu.fixtures.vm.foreignProjectId,
      default: false,
    };
    try {
      expectError(await emu.call("GET", `/api/v1/security-groups/${foreignId}`), 403, "forbidden");
      expectError(
        await emu.call("PUT", `/api/v1/security-groups/${foreignId}`, { body: { name: "x" } }),
        403,
        "forbidden",
      );
      expectError(
        await emu.call("DELETE", `/api/v1/security-groups/${foreignId}`),
        403,
        "forbidden",
      );
      expectError(
        await emu.call("GET", `/api/v1/security-groups/${foreignId}/rules`),
        403,
        "forbidden",
      );
      expectError(
        await emu.call("POST", `/api/v1/security-groups/${foreignId}/rules`, { body: HTTP }),
        403,
        "forbidden",
      );
    } finally {
      delete state.securityGroups[foreignId];
    }
  });
});
