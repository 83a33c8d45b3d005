/**
 * The `SecurityGroupRule` provider against the emulator over HTTP, loaded as the
 * dynamic-provider host loads it: create, read from the id alone, drift, replace on every
 * field, delete (also when the group is gone), import, bad input and ids, unknown values, the
 * service's refusals, and a create under injected faults.
 */
import { expectRecordable, expectRefused } from "./support/untracked";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { failurePath, failureReason } from "./support/failures";
import { type Props, useProviders } from "./support/provider-harness";

const { emu, rule, groups } = useProviders(
  { rule: "resources/security-group-rule", groups: "resources/security-group" },
  { reset: "beforeEach" },
);

const OUTPUT_KEYS = [
  "securityGroupId",
  "ruleId",
  "securityGroupName",
  "direction",
  "etherType",
  "protocol",
  "portRange",
  "remoteIpPrefix",
  "description",
  "state",
].sort();

/** A new, empty group; returns its id. */
async function newGroup(name = "rules-host"): Promise<string> {
  return (await groups.up({ name })).id;
}

async function liveRules(groupId: string): Promise<Array<Record<string, unknown>>> {
  const reply = await emu.call("GET", `/api/v1/security-groups/${groupId}/rules?limit=100`);
  expect(reply.status).toBe(200);
  return (reply.body as { items: Array<Record<string, unknown>> }).items;
}

describe("SecurityGroupRule: life cycle", () => {
  it("creates a rule, waits until it is created, and names it <groupId>:<ruleId>", async () => {
    const groupId = await newGroup();
    const { id, inputs, outs } = await rule.up({
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "tcp",
      portRange: "22:22",
      remoteIpPrefix: "203.0.113.0/24",
    });
    expect(Object.keys(outs).sort()).toEqual(OUTPUT_KEYS);
    const [live] = await liveRules(groupId);
    expect(id).toBe(`${groupId}:${live!.id as string}`);
    expect(outs).toMatchObject({
      securityGroupId: groupId,
      ruleId: live!.id,
      securityGroupName: "rules-host",
      direction: "ingress",
      etherType: "IPv4",
      protocol: "tcp",
      portRange: "22:22",
      remoteIpPrefix: "203.0.113.0/24",
      description: "",
      state: "created",
    });
    expect(live).toMatchObject({
      state: "created",
      port_range: "22:22",
      remote_ip_prefix: "203.0.113.0/24",
    });
    expect(await rule.diff(id, outs, inputs)).toMatchObject({ changes: false });
  });

  it("reads from the id alone; gone when the rule or its group is gone", async () => {
    const groupId = await newGroup();
    const first = await rule.up({ securityGroupId: groupId, direction: "egress", protocol: "any" });
    const second = await rule.up({
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "icmp",
    });
    expect((await rule.read(first.id, {})).props).toEqual(first.outs);
    const ruleId = first.outs.ruleId as string;
    expect(
      (await emu.call("DELETE", `/api/v1/security-groups/${groupId}/rules/${ruleId}`)).status,
    ).toBe(204);
    await emu.waitFor(
      `/api/v1/security-groups/${groupId}/rules/${ruleId}`,
      (_b, status) => status === 404,
    );
    expect(await rule.read(first.id, first.outs)).toEqual({});
    // The group goes, and with it the other rule (the service then answers 422 wrong_security_group).
    expect((await emu.call("DELETE", `/api/v1/security-groups/${groupId}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/security-groups/${groupId}`, (_b, status) => status === 404);
    expect(await rule.read(second.id, second.outs)).toEqual({});
  });

  it("shows drift: a rule changed behind its back is replaced", async () => {
    const groupId = await newGroup();
    const { id, inputs, outs } = await rule.up({
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "tcp",
      portRange: "80:80",
    });
    const put = await emu.call(
      "PUT",
      `/api/v1/security-groups/${groupId}/rules/${outs.ruleId as string}`,
      {
        body: { port_range: "8080:8080", description: "by hand" },
      },
    );
    expect(put.status).toBe(200);
    const read = await rule.read(id, outs);
    expect(read.props).toMatchObject({ portRange: "8080:8080", description: "by hand" });
    const diff = await rule.diff(id, read.props!, inputs);
    expect(diff.changes).toBe(true);
    expect([...(diff.replaces ?? [])].sort()).toEqual(["description", "portRange"]);
  });

  it("replaces on every field; timeouts alone change nothing in the cloud", async () => {
    const groupId = await newGroup();
    const otherGroup = await newGroup("other-host");
    const { id, inputs, outs } = await rule.up({
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "tcp",
      portRange: "443:443",
    });
    const changes: Array<[Props, string]> = [
      [{ securityGroupId: otherGroup }, "securityGroupId"],
      [{ direction: "egress" }, "direction"],
      [{ protocol: "udp" }, "protocol"],
      [{ portRange: "444:444" }, "portRange"],
      [{ etherType: "IPv6" }, "etherType"],
      [{ remoteIpPrefix: "10.0.0.0/8" }, "remoteIpPrefix"],
      [{ remoteSecurityGroupId: otherGroup }, "remoteSecurityGroupId"],
      [{ description: "https" }, "description"],
    ];
    for (const [patch, key] of changes) {
      const { inputs: next, failures } = await rule.check({ ...inputs, ...patch }, inputs);
      expect(failures, key).toEqual([]);
      const diff = await rule.diff(id, outs, next);
      expect(diff.replaces, key).toEqual([key]);
      expect(diff.deleteBeforeReplace, key).toBeFalsy();
    }
    const timed = { ...inputs, timeouts: { delete: "1m" } };
    const diff = await rule.diff(id, outs, timed);
    expect(diff).toMatchObject({ changes: true });
    expect(diff.replaces ?? []).toEqual([]);
    await rule.clearRequests();
    const { outs: updated } = await rule.update(id, outs, timed);
    expect(updated).toMatchObject({ timeouts: { delete: "1m" }, ruleId: outs.ruleId });
    expect(await rule.requests()).toEqual([]);
  });

  it("deletes the rule and waits until it is gone; already gone (rule or group) is success", async () => {
    const groupId = await newGroup();
    const a = await rule.up({
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "udp",
      portRange: "53:53",
    });
    const b = await rule.up({
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "udp",
      portRange: "123:123",
    });
    await rule.delete(a.id, a.outs);
    expect((await liveRules(groupId)).map((r) => r.id)).toEqual([b.outs.ruleId]);
    await rule.delete(a.id, a.outs);
    // A rule whose group was deleted (taking the rule with it) is already gone.
    expect((await emu.call("DELETE", `/api/v1/security-groups/${groupId}`)).status).toBe(204);
    await rule.delete(b.id, b.outs);
    expect((await emu.call("GET", `/api/v1/security-groups/${groupId}`)).status).toBe(404);
  });

  it("imports by id: read(id, {}) fills every output and its inputs diff clean", async () => {
    const groupId = await newGroup();
    const peer = await newGroup("peer");
    const made = await emu.call("POST", `/api/v1/security-groups/${groupId}/rules`, {
      body: {
        direction: "ingress",
        ether_type: "IPv4",
        ip_protocol: "tcp",
        port_range: "5432:5432",
        remote_security_group_id: peer,
        description: "db",
      },
    });
    expect(made.status).toBe(201);
    const id = `${groupId}:${(made.body as { id: string }).id}`;
    const imported = await rule.read(id, {});
    expect(imported.id).toBe(id);
    expect(imported.props).toMatchObject({
      securityGroupId: groupId,
      direction: "ingress",
      etherType: "IPv4",
      protocol: "tcp",
      portRange: "5432:5432",
      remoteSecurityGroupId: peer,
      description: "db",
      securityGroupName: "rules-host",
    });
    const { inputs, failures } = await rule.check(imported.inputs!, imported.inputs!);
    expect(failures).toEqual([]);
    expect(await rule.diff(id, imported.props!, inputs)).toMatchObject({ changes: false });
  });
});

describe("SecurityGroupRule: adoption", () => {
  it("never takes over an identical rule already in the group (an interrupted create's, or anyone's)", async () => {
    const groupId = await newGroup();
    const spec = {
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "tcp",
      portRange: "80:80",
      remoteIpPrefix: "10.0.0.0/8",
    };
    const first = await rule.up(spec);
    // The same rule with its defaults spelled out is the same rule: refused, nothing sent.
    await expectRefused(
      rule,
      { ...spec, etherType: "IPv4", description: "" },
      {
        id: first.id,
        adoptable: false,
        atCheck: false,
        words: /remove this resource from the program/,
      },
    );
    await expectRecordable(rule, first.id, spec);
    // Another remote side is another rule.
    const other = await rule.up({ ...spec, remoteIpPrefix: "192.168.0.0/16" });
    expect(other.id).not.toBe(first.id);
    expect((await liveRules(groupId)).map((r) => r.id).sort()).toEqual(
      [first.outs.ruleId, other.outs.ruleId].sort(),
    );
  });
});

describe("SecurityGroupRule: input checks", () => {
  it("refuses bad input before sending anything, naming the field", async () => {
    const groupId = emu.fixtures.vm.defaultSecurityGroups[0]!.id;
    await rule.clearRequests();
    const base = { securityGroupId: groupId, direction: "ingress", protocol: "tcp" };
    const cases: Array<[Props, string, RegExp]> = [
      [{ ...base, portRange: "80" }, "portRange", /"80:80"/],
      [{ ...base, portRange: "90:80" }, "portRange", /from ≤ to/],
      [{ ...base, protocol: "icmp", portRange: "1:1" }, "portRange", /only to tcp and udp/],
      [{ ...base, remoteIpPrefix: "10.0.0.0/40" }, "remoteIpPrefix", /not an IPv4 CIDR/],
      // Host bits set: refused as a Subnet refuses them, with the network and the one address.
      [
        { ...base, remoteIpPrefix: "203.0.113.5/24" },
        "remoteIpPrefix",
        /^remoteIpPrefix 203\.0\.113\.5\/24 has host bits set: the base address must be the network address, e\.g\. 203\.0\.113\.0\/24 \(or 203\.0\.113\.5\/32 for that one address\)$/,
      ],
      [
        { ...base, etherType: "IPv6", remoteIpPrefix: "2001:db8::7/64" },
        "remoteIpPrefix",
        /e\.g\. 2001:db8::\/64 \(or 2001:db8::7\/128/,
      ],
      [{ ...base, etherType: "IPv6", remoteIpPrefix: "0.0.0.0/0" }, "remoteIpPrefix", /::\/0/],
      [
        { ...base, remoteIpPrefix: "10.0.0.0/8", remoteSecurityGroupId: groupId },
        "remoteIpPrefix",
        /not both/,
      ],
      [{ ...base, securityGroupId: "sg-1" }, "securityGroupId", /./],
      [{ ...base, protocol: "gre" }, "protocol", /./],
      [{ ...base, description: "x".repeat(256) }, "description", /./],
      [{ ...base, priority: 1 }, "priority", /unknown property/],
    ];
    for (const [news, property, reason] of cases) {
      const { failures } = await rule.check(news);
      const failure = failures.find((f) => failurePath(f) === property);
      expect(failure, `${JSON.stringify(news)} → ${JSON.stringify(failures)}`).toBeDefined();
      expect(failureReason(failure!)).toMatch(reason);
    }
    expect(await rule.requests()).toEqual([]);
  });

  it("refuses an id that is not <securityGroupId>:<ruleId>, before any request", async () => {
    await rule.clearRequests();
    await expect(rule.read("not-a-rule", {})).rejects.toThrow(
      /"not-a-rule" is not a SecurityGroupRule id: give <securityGroupId>:<ruleId>/,
    );
    expect(await rule.requests()).toEqual([]);
  });

  it("lets unknown values through during preview and reports them as changes", async () => {
    const { failures, inputs } = await rule.check({
      securityGroupId: UNKNOWN,
      direction: "ingress",
      protocol: "tcp",
      remoteIpPrefix: UNKNOWN,
    });
    expect(failures).toEqual([]);
    expect(inputs).toMatchObject({ etherType: "IPv4", portRange: "any", description: "" });
    const groupId = await newGroup();
    const made = await rule.up({ securityGroupId: groupId, direction: "ingress", protocol: "tcp" });
    const diff = await rule.diff(made.id, made.outs, { ...made.inputs, securityGroupId: UNKNOWN });
    expect(diff.replaces).toEqual(["securityGroupId"]);
  });
});

describe("SecurityGroupRule: the service's refusals", () => {
  it("refuses a group or remote group that does not exist at check; create explains them (422)", async () => {
    const missing = "5d1f6c0e-8a3b-4c2d-9e1f-0a2b3c4d5e6f";
    await expect(
      rule.up({ securityGroupId: missing, direction: "ingress", protocol: "tcp" }),
    ).rejects.toThrow(/check failed: securityGroupId: no security group 5d1f6c0e-\S+ exists/);
    // Groups deleted between check and create: what the service says, explained.
    await expect(
      rule.create({ securityGroupId: missing, direction: "ingress", protocol: "tcp" }),
    ).rejects.toThrow(
      /SecurityGroupRule: create failed: securityGroupId: security group 5d1f6c0e-8a3b-4c2d-9e1f-0a2b3c4d5e6f does not exist/,
    );
    const groupId = await newGroup();
    const dangling = {
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "tcp",
      remoteSecurityGroupId: missing,
    };
    await expect(rule.up(dangling)).rejects.toThrow(
      /check failed: remoteSecurityGroupId: no security group 5d1f6c0e-\S+ exists/,
    );
    await expect(rule.create(dangling)).rejects.toThrow(
      /remoteSecurityGroupId: no such security group.*422 wrong_security_group/,
    );
    expect(await liveRules(groupId)).toEqual([]);
  });

  it("reports the service's 403 for a group of a foreign project", async () => {
    const state = emu.emulator.store.state.vm as {
      securityGroups: Record<string, Record<string, unknown>>;
    };
    const own = state.securityGroups[emu.fixtures.vm.defaultSecurityGroups[0]!.id]!;
    const foreignId = "8c2d3e4f-5a6b-4c7d-9e8f-0a1b2c3d4e5f";
    state.securityGroups[foreignId] = {
      ...structuredClone(own),
      id: foreignId,
      project_id: emu.fixtures.vm.foreignProjectId,
      default: false,
    };
    await expect(
      rule.up({ securityGroupId: foreignId, direction: "ingress", protocol: "tcp" }),
    ).rejects.toThrow(/403.*the token may not use this project/);
  });
});

describe("SecurityGroupRule: faults", () => {
  it("makes exactly one rule when the create's answer is lost, next to an older rule that differs only in its description", async () => {
    const groupId = await newGroup();
    const spec = {
      securityGroupId: groupId,
      direction: "ingress",
      protocol: "tcp",
      portRange: "22:22",
    };
    const older = await rule.up({ ...spec, description: "older" });
    await rule.setFaults([{ route: "/rules$", method: "POST", dropResponseRate: 1, times: 1 }]);
    await rule.clearRequests();
    const { id, outs } = await rule.up(spec);
    expect(id).not.toBe(older.id);
    expect(outs.state).toBe("created");
    const posts = (await rule.requests()).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.fault, "the answer was dropped").toBeTruthy();
    expect((await liveRules(groupId)).map((r) => r.id).sort()).toEqual(
      [older.outs.ruleId, outs.ruleId].sort(),
    );
  });

  it("makes exactly one rule when the create is answered 503", async () => {
    const groupId = await newGroup();
    await rule.setFaults([
      { route: "/rules$", method: "POST", errorRates: { "503": 1 }, times: 1 },
    ]);
    await rule.clearRequests();
    const { outs } = await rule.up({
      securityGroupId: groupId,
      direction: "egress",
      protocol: "any",
    });
    expect((await rule.requests()).filter((r) => r.method === "POST").map((r) => r.status)).toEqual(
      [503, 201],
    );
    expect((await liveRules(groupId)).map((r) => r.id)).toEqual([outs.ruleId]);
  });
});
