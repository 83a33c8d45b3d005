/**
 * Security group rules against the real emulator over HTTP: list, create, read, update and
 * delete, with the rule checks (ports, remote side, ether type) and every failure.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorArray } from "../../../api/common";
import {
  SecurityGroupRulePage,
  SecurityGroupRuleResponse,
} from "../../../api/vm/security-group-rules";
import { SecurityGroupResponse } from "../../../api/vm/security-groups";
import { networkEndpoints } from "../../../api/vm/endpoints/network";
import { expectError, UNKNOWN, useVmEmulator } from "../support/vm-service";

// Slow enough that transitional states are seen reliably by the next request.
const { emu, id } = useVmEmulator({ speed: 2 });
let counter = 0;
let group: SecurityGroupResponse;

const HTTP = {
  direction: "ingress",
  ether_type: "IPv4",
  ip_protocol: "tcp",
  port_range: "80:80",
  remote_ip_prefix: "0.0.0.0/0",
};

beforeAll(async () => {
  group = await createdGroup();
});

async function createdGroup(extra: Record<string, unknown> = {}): Promise<SecurityGroupResponse> {
  const reply = await emu.call("POST", "/api/v1/security-groups", {
    body: {
      project_id: id.project,
      availability_zone_id: id.az1,
      name: `rules-${++counter}`,
      ...extra,
    },
  });
  expect(reply.status, reply.text).toBe(201);
  const groupId = SecurityGroupResponse.parse(reply.body).id;
  const done = await emu.waitFor(
    `/api/v1/security-groups/${groupId}`,
    (b) => (b as SecurityGroupResponse).state === "created",
  );
  return SecurityGroupResponse.parse(done.body);
}

const rulesPath = (groupId = group.id) => `/api/v1/security-groups/${groupId}/rules`;

async function addRule(
  body: Record<string, unknown>,
  groupId = group.id,
): Promise<SecurityGroupRuleResponse> {
  const reply = await emu.call("POST", rulesPath(groupId), { body });
  expect(reply.status, reply.text).toBe(201);
  return SecurityGroupRuleResponse.parse(reply.body);
}

async function createdRule(
  body: Record<string, unknown>,
  groupId = group.id,
): Promise<SecurityGroupRuleResponse> {
  const rule = await addRule(body, groupId);
  const done = await emu.waitFor(
    `${rulesPath(groupId)}/${rule.id}`,
    (b) => (b as SecurityGroupRuleResponse).state === "created",
  );
  return SecurityGroupRuleResponse.parse(done.body);
}

describe("rule list", () => {
  it("lists the default group's rules oldest first and pages", async () => {
    const def = emu.fixtures.vm.defaultSecurityGroups[0]!;
    const reply = await emu.call("GET", rulesPath(def.id));
    expect(reply.status, reply.text).toBe(200);
    const page = SecurityGroupRulePage.parse(reply.body);
    expect(page.total).toBe(3);
    expect(page.items.map((r) => [r.direction, r.ether_type])).toEqual([
      ["egress", "IPv4"],
      ["egress", "IPv6"],
      ["ingress", "IPv4"],
    ]);
    expect(page.items[2]!.remote_security_group).toEqual({ id: def.id, name: def.name });
    expect(page.items[0]!.security_group).toEqual({ id: def.id, name: def.name, state: "created" });
    const second = SecurityGroupRulePage.parse(
      (await emu.call("GET", `${rulesPath(def.id)}?offset=1&limit=1`)).body,
    );
    expect(second).toMatchObject({ offset: 1, limit: 1, total: 3 });
    expect(second.items.map((r) => r.id)).toEqual([page.items[1]!.id]);
  });

  it("answers 422 for an unknown group, 401 without a token", async () => {
    expectError(
      await emu.call("GET", rulesPath(UNKNOWN)),
      422,
      "wrong_security_group",
      "security_group_id",
    );
    expect((await emu.call("GET", rulesPath(), { auth: false })).status).toBe(401);
  });
});

describe("rule create", () => {
  it("adds a rule that is creating, then created, and counts it in the group", async () => {
    const g = await createdGroup();
    const rule = await addRule({ ...HTTP, description: "web" }, g.id);
    expect(rule).toMatchObject({
      direction: "ingress",
      ether_type: "IPv4",
      ip_protocol: "tcp",
      port_range: "80:80",
      remote_ip_prefix: "0.0.0.0/0",
      description: "web",
      state: "creating",
      security_group: { id: g.id, name: g.name },
    });
    await emu.waitFor(
      `${rulesPath(g.id)}/${rule.id}`,
      (b) => (b as SecurityGroupRuleResponse).state === "created",
    );
    const after = SecurityGroupResponse.parse(
      (await emu.call("GET", `/api/v1/security-groups/${g.id}`)).body,
    );
    expect(after).toMatchObject({ ingress_rules_count: 1, egress_rules_count: 0 });
  });

  it("accepts remote groups by id and by name, IPv6 prefixes and port ranges", async () => {
    const other = await createdGroup();
    const byId = await addRule({
      ...HTTP,
      remote_ip_prefix: undefined,
      remote_security_group_id: other.id,
    });
    expect(byId.remote_security_group).toEqual({ id: other.id, name: other.name });
    expect(byId.remote_ip_prefix).toBeUndefined();
    const byName = await addRule({
      ...HTTP,
      remote_ip_prefix: undefined,
      remote_security_group_name: other.name,
    });
    expect(byName.remote_security_group?.id).toBe(other.id);
    const v6 = await addRule({
      ...HTTP,
      ether_type: "IPv6",
      remote_ip_prefix: "2001:db8::/32",
      port_range: "8000:8080",
    });
    expect(v6).toMatchObject({ remote_ip_prefix: "2001:db8::/32", port_range: "8000:8080" });
    const icmp = await addRule({ ...HTTP, ip_protocol: "icmp", port_range: "any" });
    expect(icmp.port_range).toBe("any");
    const anywhere = await addRule({
      direction: "egress",
      ether_type: "IPv4",
      ip_protocol: "udp",
      port_range: "1:65535",
    });
    expect(anywhere.remote_ip_prefix).toBeUndefined();
    expect(anywhere.remote_security_group).toBeUndefined();
  });

  it("names the field at fault for every malformed rule", async () => {
    const post = (body: Record<string, unknown>) =>
      emu.call("POST", rulesPath(), { body: { ...HTTP, ...body } });
    for (const port_range of ["80", "0:10", "10:5", "1:70000", "http", ""]) {
      expectError(await post({ port_range }), 422, "validation_error", "port_range");
    }
    const single = ErrorArray.parse((await post({ port_range: "443" })).body);
    expect(single[0]!.message).toContain('"443:443"');
    expectError(
      await post({ ip_protocol: "icmp", port_range: "8:8" }),
      422,
      "validation_error",
      "port_range",
    );
    expectError(
      await post({ ip_protocol: "any", port_range: "22:22" }),
      422,
      "validation_error",
      "port_range",
    );
    expectError(
      await post({ remote_ip_prefix: "::/0" }),
      422,
      "validation_error",
      "remote_ip_prefix",
    );
    expectError(
      await post({ ether_type: "IPv6", remote_ip_prefix: "0.0.0.0/0" }),
      422,
      "validation_error",
      "remote_ip_prefix",
    );
    expectError(
      await post({ remote_ip_prefix: "10.0.0.0/33" }),
      422,
      "validation_error",
      "remote_ip_prefix",
    );
    expectError(
      await post({ remote_security_group_id: group.id }),
      422,
      "validation_error",
      "remote_ip_prefix",
    );
    expectError(
      await post({
        remote_ip_prefix: undefined,
        remote_security_group_id: group.id,
        remote_security_group_name: group.name,
      }),
      422,
      "validation_error",
      "remote_security_group_id",
    );
    expectError(await post({ direction: "inbound" }), 422, "validation_error", "direction");
    expectError(await post({ ether_type: "ipv4" }), 422, "validation_error", "ether_type");
    expectError(await post({ ip_protocol: "sctp" }), 422, "validation_error", "ip_protocol");
    expectError(await post({ port_range: undefined }), 422, "validation_error", "port_range");
    expectError(await post({ priority: 1 }), 422, "extra_forbidden", "priority");
  });

  it("refuses a remote prefix with host bits set, as a subnet's address, and stores nothing", async () => {
    const before = SecurityGroupRulePage.parse((await emu.call("GET", rulesPath())).body).total;
    for (const [ether_type, remote_ip_prefix, network] of [
      ["IPv4", "203.0.113.5/24", "203.0.113.0/24"],
      ["IPv6", "2001:db8::1/32", "2001:db8::/32"],
    ]) {
      const reply = await emu.call("POST", rulesPath(), {
        body: { ...HTTP, ether_type, remote_ip_prefix },
      });
      expectError(reply, 422, "validation_error", "remote_ip_prefix");
      expect(ErrorArray.parse(reply.body)[0]!.message).toContain(`e.g. ${network}`);
    }
    // Inline in a new group, the same rule.
    const inline = await emu.call("POST", "/api/v1/security-groups", {
      body: {
        project_id: id.project,
        availability_zone_id: id.az1,
        name: `rules-${++counter}`,
        security_group_rules: [{ ...HTTP, remote_ip_prefix: "10.1.2.3/8" }],
      },
    });
    expectError(inline, 422, "validation_error", "security_group_rules.0.remote_ip_prefix");
    expect(SecurityGroupRulePage.parse((await emu.call("GET", rulesPath())).body).total).toBe(
      before,
    );
    // One address is written /32, and kept.
    expect(
      (await createdRule({ ...HTTP, remote_ip_prefix: "203.0.113.5/32" })).remote_ip_prefix,
    ).toBe("203.0.113.5/32");
  });

  it("refuses unknown groups, busy groups, closed zones and unknown remote groups", async () => {
    expectError(
      await emu.call("POST", rulesPath(UNKNOWN), { body: HTTP }),
      422,
      "wrong_security_group",
      "security_group_id",
    );
    const busy = await emu.call("POST", "/api/v1/security-groups", {
      body: { project_id: id.project, availability_zone_id: id.az1, name: `rules-${++counter}` },
    });
    const busyId = SecurityGroupResponse.parse(busy.body).id;
    expectError(
      await emu.call("POST", rulesPath(busyId), { body: HTTP }),
      422,
      "security_group_rule_can_not_be_created_from_current_state",
    );
    const closed = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.zoneId === id.az3)!;
    expectError(
      await emu.call("POST", rulesPath(closed.id), { body: HTTP }),
      422,
      "availability_zone_changes_forbidden",
    );
    const remote = { ...HTTP, remote_ip_prefix: undefined };
    expectError(
      await emu.call("POST", rulesPath(), {
        body: { ...remote, remote_security_group_id: UNKNOWN },
      }),
      422,
      "wrong_security_group",
      "remote_security_group_id",
    );
    const elsewhere = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.zoneId === id.az2)!;
    expectError(
      await emu.call("POST", rulesPath(), {
        body: { ...remote, remote_security_group_id: elsewhere.id },
      }),
      422,
      "wrong_security_group",
      "remote_security_group_id",
    );
    expectError(
      await emu.call("POST", rulesPath(), {
        body: { ...remote, remote_security_group_name: "no-such-group" },
      }),
      422,
      "wrong_security_group",
      "remote_security_group_name",
    );
  });
});

describe("rule read", () => {
  it("reads a rule; 404 unknown rule, 422 unknown group or a rule of another group", async () => {
    const rule = await addRule(HTTP);
    const reply = await emu.call("GET", `${rulesPath()}/${rule.id}`);
    expect(reply.status, reply.text).toBe(200);
    expect(SecurityGroupRuleResponse.parse(reply.body).id).toBe(rule.id);
    expectError(
      await emu.call("GET", `${rulesPath()}/${UNKNOWN}`),
      404,
      "security_group_rule_not_found",
    );
    expectError(
      await emu.call("GET", `${rulesPath(UNKNOWN)}/${rule.id}`),
      422,
      "wrong_security_group",
    );
    const other = emu.fixtures.vm.defaultSecurityGroups[0]!;
    expectError(
      await emu.call("GET", `${rulesPath(other.id)}/${rule.id}`),
      422,
      "security_group_rule_not_in_security_group",
      "security_group_rule_id",
    );
    expectError(
      await emu.call("GET", `${rulesPath()}/not-a-uuid`),
      422,
      "validation_error",
      "security_group_rule_id",
    );
  });
});

describe("rule update", () => {
  it("changes the given fields: updating, then created", async () => {
    const rule = await createdRule(HTTP);
    const reply = await emu.call("PUT", `${rulesPath()}/${rule.id}`, {
      body: { port_range: "443:443", description: "tls" },
    });
    expect(reply.status, reply.text).toBe(200);
    expect(SecurityGroupRuleResponse.parse(reply.body)).toMatchObject({
      port_range: "443:443",
      description: "tls",
      remote_ip_prefix: "0.0.0.0/0",
      direction: "ingress",
      state: "updating",
    });
    await emu.waitFor(
      `${rulesPath()}/${rule.id}`,
      (b) => (b as SecurityGroupRuleResponse).state === "created",
    );
  });

  it("replaces a remote prefix by a remote group and back", async () => {
    const rule = await createdRule(HTTP);
    const toGroup = await emu.call("PUT", `${rulesPath()}/${rule.id}`, {
      body: { remote_security_group_id: group.id },
    });
    expect(toGroup.status, toGroup.text).toBe(200);
    const asGroup = SecurityGroupRuleResponse.parse(toGroup.body);
    expect(asGroup.remote_security_group?.id).toBe(group.id);
    expect(asGroup.remote_ip_prefix).toBeUndefined();
    await emu.waitFor(
      `${rulesPath()}/${rule.id}`,
      (b) => (b as SecurityGroupRuleResponse).state === "created",
    );
    const toPrefix = await emu.call("PUT", `${rulesPath()}/${rule.id}`, {
      body: { remote_ip_prefix: "192.168.0.0/16" },
    });
    expect(toPrefix.status, toPrefix.text).toBe(200);
    const asPrefix = SecurityGroupRuleResponse.parse(toPrefix.body);
    expect(asPrefix.remote_security_group).toBeUndefined();
    expect(asPrefix.remote_ip_prefix).toBe("192.168.0.0/16");
  });

  it("checks the rule as a whole and refuses busy rules, closed zones and sentinels", async () => {
    const rule = await createdRule(HTTP);
    const put = (body: Record<string, unknown>, id = rule.id) =>
      emu.call("PUT", `${rulesPath()}/${id}`, { body });
    expectError(await put({ ether_type: "IPv6" }), 422, "validation_error", "remote_ip_prefix");
    expectError(await put({ ip_protocol: "icmp" }), 422, "validation_error", "port_range");
    expectError(
      await put({ remote_ip_prefix: "198.51.100.7/24" }),
      422,
      "validation_error",
      "remote_ip_prefix",
    );
    expectError(await put({ port_range: "90:80" }), 422, "validation_error", "port_range");
    expectError(
      await put({ remote_security_group_id: UNKNOWN }),
      422,
      "wrong_security_group",
      "remote_security_group_id",
    );
    expectError(await put({ description: 1 }), 422, "validation_error", "description");
    // The refused changes left the rule as it was.
    const same = SecurityGroupRuleResponse.parse(
      (await emu.call("GET", `${rulesPath()}/${rule.id}`)).body,
    );
    expect(same).toMatchObject({
      ether_type: "IPv4",
      ip_protocol: "tcp",
      port_range: "80:80",
      remote_ip_prefix: "0.0.0.0/0",
    });
    const busy = await addRule(HTTP);
    expectError(
      await put({ description: "x" }, busy.id),
      422,
      "security_group_rule_can_not_be_changed_from_current_state",
    );
    const closed = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.zoneId === id.az3)!;
    const closedRule = SecurityGroupRulePage.parse(
      (await emu.call("GET", rulesPath(closed.id))).body,
    ).items[0]!;
    expectError(
      await emu.call("PUT", `${rulesPath(closed.id)}/${closedRule.id}`, {
        body: { description: "x" },
      }),
      422,
      "availability_zone_changes_forbidden",
    );
    expectError(await put({ description: "x" }, UNKNOWN), 404, "security_group_rule_not_found");
  });
});

describe("the group's modified_time", () => {
  it("moves when one of its rules is created, changed or deleted", async () => {
    const own = await createdGroup();
    const stamp = async () =>
      SecurityGroupResponse.parse((await emu.call("GET", `/api/v1/security-groups/${own.id}`)).body)
        .modified_time;
    const stamps = [await stamp()];
    const rule = await createdRule(HTTP, own.id);
    stamps.push(await stamp());
    await new Promise((resolve) => setTimeout(resolve, 5));
    const changed = await emu.call("PUT", `${rulesPath(own.id)}/${rule.id}`, {
      body: { port_range: "8080:8080" },
    });
    expect(changed.status, changed.text).toBe(200);
    stamps.push(await stamp());
    await emu.waitFor(
      `${rulesPath(own.id)}/${rule.id}`,
      (b) => (b as SecurityGroupRuleResponse).state === "created",
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await emu.call("DELETE", `${rulesPath(own.id)}/${rule.id}`)).status).toBe(204);
    stamps.push(await stamp());
    expect(stamps.every((s) => s !== undefined)).toBe(true);
    expect(new Set(stamps).size).toBe(4);
    expect([...stamps].sort()).toEqual(stamps);
  });
});

describe("rule delete", () => {
  it("deletes a rule: deleting, then gone", async () => {
    const rule = await createdRule(HTTP);
    const reply = await emu.call("DELETE", `${rulesPath()}/${rule.id}`);
    expect(reply.status, reply.text).toBe(204);
    const during = SecurityGroupRuleResponse.parse(
      (await emu.call("GET", `${rulesPath()}/${rule.id}`)).body,
    );
    expect(during.state).toBe("deleting");
    expectError(
      await emu.call("DELETE", `${rulesPath()}/${rule.id}`),
      422,
      "security_group_rule_can_not_be_deleted_from_current_state",
    );
    await emu.waitFor(`${rulesPath()}/${rule.id}`, (_b, status) => status === 404);
  });

  it("refuses rules of closed zones, of other groups, and unknown rules", async () => {
    const closed = emu.fixtures.vm.defaultSecurityGroups.find((g) => g.zoneId === id.az3)!;
    const closedRule = SecurityGroupRulePage.parse(
      (await emu.call("GET", rulesPath(closed.id))).body,
    ).items[0]!;
    expectError(
      await emu.call("DELETE", `${rulesPath(closed.id)}/${closedRule.id}`),
      422,
      "availability_zone_changes_forbidden",
    );
    expectError(
      await emu.call("DELETE", `${rulesPath()}/${closedRule.id}`),
      422,
      "security_group_rule_not_in_security_group",
    );
    expectError(
      await emu.call("DELETE", `${rulesPath()}/${UNKNOWN}`),
      404,
      "security_group_rule_not_found",
    );
    expectError(
      await emu.call("DELETE", `${rulesPath(UNKNOWN)}/${closedRule.id}`),
      422,
      "wrong_security_group",
    );
  });
});

describe("network OpenAPI", () => {
  it("documents every network endpoint with its limits", async () => {
    const doc = (await (await fetch(`${emu.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: {
              content: Record<string, { schema: { properties: Record<string, unknown> } }>;
            };
          }
        >
      >;
    };
    for (const endpoint of Object.values(networkEndpoints)) {
      expect(doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()], endpoint.id).toBeDefined();
    }
    const create =
      doc.paths["/api/v1/subnets"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(create.properties.prefix_length).toMatchObject({ minimum: 8, maximum: 29 });
  });
});
