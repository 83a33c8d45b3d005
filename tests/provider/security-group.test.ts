/**
 * The `SecurityGroup` provider against the emulator over HTTP, loaded as the dynamic-provider
 * host loads it: create with inline rules, read, drift (of the group and of its rules), update
 * in place with rule reconciliation, replace, delete, import, bad input, unknown values, the
 * service's refusals, and a create under injected faults.
 */
import { expectRecordable, expectRefused } from "./support/untracked";
import { describe, expect, it } from "vitest";
import { UNKNOWN } from "../../provider/framework/unknowns";
import { failurePath, failureReason } from "./support/failures";
import { type Props, useProviders } from "./support/provider-harness";

const { emu, group } = useProviders({ group: "resources/security-group" }, { reset: "beforeEach" });

const zone = (i: number) => emu.fixtures.vm.zones[i]!;

const OUTPUT_KEYS = [
  "name",
  "description",
  "availabilityZone",
  "availabilityZoneId",
  "rules",
  "tags",
  "tagIds",
  "projectId",
  "isDefault",
  "hasInterfaces",
  "ingressRuleCount",
  "egressRuleCount",
  "state",
  "createdTime",
  "modifiedTime",
].sort();

const SSH = {
  direction: "ingress",
  protocol: "tcp",
  portRange: "22:22",
  remoteIpPrefix: "0.0.0.0/0",
  description: "ssh",
};
const HTTPS = { direction: "ingress", protocol: "tcp", portRange: "443:443" };
const EGRESS = { direction: "egress", protocol: "any" };

/** The group's rules as the service lists them, reduced to comparable text. */
async function liveRules(id: string): Promise<string[]> {
  const reply = await emu.call("GET", `/api/v1/security-groups/${id}/rules?limit=100`);
  expect(reply.status).toBe(200);
  const items = (reply.body as { items: Array<Record<string, unknown>> }).items;
  return items
    .map(
      (r) =>
        `${r.direction} ${r.ether_type} ${r.ip_protocol} ${r.port_range} ${r.remote_ip_prefix ?? "-"} ${r.state}`,
    )
    .sort();
}

async function groupsNamed(name: string): Promise<Array<Record<string, unknown>>> {
  const reply = await emu.call(
    "GET",
    `/api/v1/security-groups?project_id=${emu.fixtures.vm.projectId}&name=${name}`,
  );
  return (reply.body as { items: Array<Record<string, unknown>> }).items.filter(
    (g) => g.name === name,
  );
}

async function waitCreated(path: string): Promise<void> {
  await emu.waitFor(path, (b) => (b as { state?: string }).state === "created");
}

describe("SecurityGroup: life cycle", () => {
  it("creates a group with its inline rules and reports every output, rules in a stable form", async () => {
    const { id, inputs, outs } = await group.up({
      name: "web",
      rules: [SSH, EGRESS, HTTPS],
      tags: ["env-prod"],
    });
    expect(Object.keys(outs).sort()).toEqual(OUTPUT_KEYS);
    expect(outs).toMatchObject({
      name: "web",
      description: "",
      availabilityZone: zone(0).name,
      availabilityZoneId: zone(0).id,
      tags: ["env-prod"],
      projectId: emu.fixtures.vm.projectId,
      isDefault: false,
      hasInterfaces: false,
      ingressRuleCount: 2,
      egressRuleCount: 1,
      state: "created",
    });
    // Defaults are filled in and the order is the same whatever order the program used.
    expect(outs.rules).toEqual([
      {
        direction: "egress",
        etherType: "IPv4",
        protocol: "any",
        portRange: "any",
        description: "",
      },
      {
        direction: "ingress",
        etherType: "IPv4",
        protocol: "tcp",
        portRange: "22:22",
        remoteIpPrefix: "0.0.0.0/0",
        description: "ssh",
      },
      {
        direction: "ingress",
        etherType: "IPv4",
        protocol: "tcp",
        portRange: "443:443",
        description: "",
      },
    ]);
    expect(await liveRules(id)).toEqual([
      "egress IPv4 any any - created",
      "ingress IPv4 tcp 22:22 0.0.0.0/0 created",
      "ingress IPv4 tcp 443:443 - created",
    ]);
    expect(await group.diff(id, outs, inputs)).toMatchObject({ changes: false });
    // Reordered rules, or defaults written out, are the same set.
    const { inputs: reordered } = await group.check({
      ...inputs,
      rules: [{ ...HTTPS, etherType: "IPv4", description: "" }, EGRESS, SSH],
    });
    expect(await group.diff(id, outs, reordered)).toMatchObject({ changes: false });
  });

  it("reads the group by id, and returns nothing once it is gone", async () => {
    const { id, outs } = await group.up({ name: "reader", rules: [SSH] });
    const read = await group.read(id, outs);
    expect(read.props).toEqual(outs);
    expect((await emu.call("DELETE", `/api/v1/security-groups/${id}`)).status).toBe(204);
    await emu.waitFor(`/api/v1/security-groups/${id}`, (_b, status) => status === 404);
    expect(await group.read(id, outs)).toEqual({});
  });

  it("shows drift in the group and in its rules after read; unmanaged rules never show as a change", async () => {
    const managed = await group.up({ name: "managed", rules: [SSH] });
    const unmanaged = await group.up({ name: "unmanaged" });
    for (const { id } of [managed, unmanaged]) {
      const added = await emu.call("POST", `/api/v1/security-groups/${id}/rules`, {
        body: { direction: "ingress", ether_type: "IPv4", ip_protocol: "udp", port_range: "53:53" },
      });
      expect(added.status).toBe(201);
      await waitCreated(`/api/v1/security-groups/${id}/rules/${(added.body as { id: string }).id}`);
    }
    expect(
      (
        await emu.call("PUT", `/api/v1/security-groups/${managed.id}`, {
          body: { description: "by hand" },
        })
      ).status,
    ).toBe(200);
    await waitCreated(`/api/v1/security-groups/${managed.id}`);

    const read = await group.read(managed.id, managed.outs);
    expect(read.props).toMatchObject({ description: "by hand", ingressRuleCount: 2 });
    expect(read.props!.rules).toContainEqual({
      direction: "ingress",
      etherType: "IPv4",
      protocol: "udp",
      portRange: "53:53",
      description: "",
    });
    const diff = await group.diff(managed.id, read.props!, managed.inputs);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);

    const other = await group.read(unmanaged.id, unmanaged.outs);
    expect((other.props!.rules as unknown[]).length).toBe(1);
    expect(await group.diff(unmanaged.id, other.props!, unmanaged.inputs)).toMatchObject({
      changes: false,
    });
  });

  it("refreshes with one request while nothing changed, and lists the rules again once a rule is changed or deleted outside", async () => {
    const { id, outs } = await group.up({ name: "stamped", rules: [SSH, HTTPS] });
    const paths = async () => (await group.requests()).map((r) => `${r.method} ${r.url}`);

    await group.clearRequests();
    const same = await group.read(id, outs);
    expect(same.props).toEqual(outs);
    // One request: the project's group list (batched with any other group read), not the group by id.
    expect(await paths()).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/security-groups\?project_id=[^&]+&/),
    ]);

    // A rule changed in place keeps both counts: only the group's modified_time tells.
    const listed = await emu.call("GET", `/api/v1/security-groups/${id}/rules?limit=100`);
    const ssh = (listed.body as { items: Array<{ id: string; port_range: string }> }).items.find(
      (r) => r.port_range === "22:22",
    )!;
    const changed = await emu.call("PUT", `/api/v1/security-groups/${id}/rules/${ssh.id}`, {
      body: { port_range: "2222:2222" },
    });
    expect(changed.status).toBe(200);
    await waitCreated(`/api/v1/security-groups/${id}/rules/${ssh.id}`);
    await group.clearRequests();
    const afterChange = await group.read(id, same.props);
    expect(afterChange.props!.rules).toContainEqual({
      ...SSH,
      portRange: "2222:2222",
      etherType: "IPv4",
    });
    expect(afterChange.props!.modifiedTime).not.toBe(outs.modifiedTime);
    expect(await paths()).toHaveLength(2);

    // A deleted rule leaves the list at once, and the count drops once it is gone.
    expect((await emu.call("DELETE", `/api/v1/security-groups/${id}/rules/${ssh.id}`)).status).toBe(
      204,
    );
    const whileDeleting = await group.read(id, afterChange.props);
    expect(whileDeleting.props!.rules).toHaveLength(1);
    await emu.waitFor(
      `/api/v1/security-groups/${id}/rules/${ssh.id}`,
      (_b, status) => status === 404,
    );
    const afterDelete = await group.read(id, whileDeleting.props);
    expect(afterDelete.props).toMatchObject({ ingressRuleCount: 1 });
    expect(afterDelete.props!.rules).toEqual(whileDeleting.props!.rules);
  });

  it("updates name, description and tags with one PUT and reconciles rules: adds missing, deletes extra", async () => {
    const { id, inputs, outs } = await group.up({ name: "evolving", rules: [SSH, EGRESS] });
    const { inputs: next } = await group.check(
      {
        ...inputs,
        name: "evolved",
        description: "v2",
        tags: ["team-platform"],
        rules: [SSH, HTTPS],
      },
      inputs,
    );
    const diff = await group.diff(id, outs, next);
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
    await group.clearRequests();
    const { outs: updated } = await group.update(id, outs, next);
    expect(updated).toMatchObject({
      name: "evolved",
      description: "v2",
      tags: ["team-platform"],
      state: "created",
    });
    expect(await liveRules(id)).toEqual([
      "ingress IPv4 tcp 22:22 0.0.0.0/0 created",
      "ingress IPv4 tcp 443:443 - created",
    ]);
    const sent = (await group.requests())
      .filter((r) => r.method !== "GET")
      .map((r) => `${r.method} ${r.status}`);
    // One PUT, one rule added, one rule deleted; the unchanged SSH rule was left alone.
    expect(sent.sort()).toEqual(["DELETE 204", "POST 201", "PUT 200"]);
    expect(await group.diff(id, updated, next)).toMatchObject({ changes: false });

    // `rules: []` deletes them all; leaving `rules` out afterwards touches none.
    const { outs: emptied } = await group.update(id, updated, { ...next, rules: [] });
    expect(emptied.rules).toEqual([]);
    expect(await liveRules(id)).toEqual([]);
    const { rules: _dropped, ...unmanaged } = next;
    await emu.call("POST", `/api/v1/security-groups/${id}/rules`, {
      body: { direction: "egress", ether_type: "IPv6", ip_protocol: "any", port_range: "any" },
    });
    const { outs: untouched } = await group.update(id, emptied, {
      ...unmanaged,
      description: "v3",
    });
    expect(untouched).toMatchObject({ description: "v3", egressRuleCount: 1 });
  });

  it("replaces when the zone or the project changes; the zone by id is the same zone", async () => {
    const { id, inputs, outs } = await group.up({ name: "placed", availabilityZone: zone(0).name });
    const moved = await group.check({ ...inputs, availabilityZone: zone(1).name }, inputs);
    expect((await group.diff(id, outs, moved.inputs)).replaces).toEqual(["availabilityZone"]);
    const otherProject = await group.check(
      { ...inputs, projectId: emu.fixtures.vm.foreignProjectId },
      inputs,
    );
    expect((await group.diff(id, outs, otherProject.inputs)).replaces).toEqual(["projectId"]);
    const byId = await group.check({ ...inputs, availabilityZone: zone(0).id }, inputs);
    expect(await group.diff(id, outs, byId.inputs)).toMatchObject({ changes: false });
  });

  it("never takes over an untracked same-named group, even an exact match (an interrupted create's)", async () => {
    const first = await group.up({ name: "again", rules: [SSH, EGRESS], description: "old" });
    // The next `up` is a new provider process; the group is not in its stack.
    await group.newProcess();
    const program = { name: "again", rules: [EGRESS, SSH], description: "old" };
    await expectRefused(group, program, {
      id: first.id,
      adoptable: true,
      atCheck: true,
    });
    await expectRefused(
      group,
      { ...program, rules: [SSH] },
      {
        id: first.id,
        adoptable: true,
        atCheck: true,
      },
    );
    expect((await groupsNamed("again")).map((g) => g.id)).toEqual([first.id]);
    // Recorded by Pulumi's recovery of the pending create, it is the program's group.
    await expectRecordable(group, first.id, program);
  });

  it("deletes first when a replacement keeps the name, and creates first when it renames", async () => {
    const { id, inputs, outs } = await group.up({ name: "moving", availabilityZone: zone(0).name });
    const moved = await group.check({ ...inputs, availabilityZone: zone(1).name }, inputs);
    expect(await group.diff(id, outs, moved.inputs)).toMatchObject({
      replaces: ["availabilityZone"],
      deleteBeforeReplace: true,
    });
    const renamed = await group.check(
      { ...inputs, name: "moved", availabilityZone: zone(1).name },
      inputs,
    );
    expect(await group.diff(id, outs, renamed.inputs)).toMatchObject({
      replaces: ["availabilityZone"],
      deleteBeforeReplace: false,
    });
  });

  it("deletes the group with its rules and waits until it is gone; already gone is success", async () => {
    const { id, outs } = await group.up({ name: "doomed", rules: [SSH] });
    await group.delete(id, outs);
    expect((await emu.call("GET", `/api/v1/security-groups/${id}`)).status).toBe(404);
    await group.clearRequests();
    await group.delete(id, outs);
    expect((await group.requests()).map((r) => `${r.method} ${r.status}`)).toEqual(["GET 404"]);
  });

  it("imports by id: read(id, {}) fills every output, rules included, and its inputs diff clean", async () => {
    const { id } = await group.up({
      name: "imported",
      rules: [SSH, HTTPS],
      tags: ["env-dev"],
      availabilityZone: zone(1).id,
    });
    const imported = await group.read(id, {});
    expect(Object.keys(imported.props!).sort()).toEqual(OUTPUT_KEYS);
    expect(imported.props).toMatchObject({ availabilityZone: zone(1).name, tags: ["env-dev"] });
    expect((imported.props!.rules as unknown[]).length).toBe(2);
    const { inputs, failures } = await group.check(imported.inputs!, imported.inputs!);
    expect(failures).toEqual([]);
    expect(inputs.rules).toHaveLength(2);
    expect(await group.diff(id, imported.props!, inputs)).toMatchObject({ changes: false });
  });
});

describe("SecurityGroup: input checks", () => {
  it("refuses bad rules before sending anything, naming the rule and field", async () => {
    await group.clearRequests();
    const cases: Array<[Props, string, RegExp]> = [
      [
        { name: "g", rules: [{ direction: "ingress", protocol: "icmp", portRange: "8:8" }] },
        "rules[0].portRange",
        /only to tcp and udp/,
      ],
      [
        { name: "g", rules: [EGRESS, { direction: "ingress", protocol: "tcp", portRange: "80" }] },
        "rules[1].portRange",
        /"80:80"/,
      ],
      [
        {
          name: "g",
          rules: [
            {
              direction: "ingress",
              protocol: "tcp",
              etherType: "IPv6",
              remoteIpPrefix: "10.0.0.0/8",
            },
          ],
        },
        "rules[0].remoteIpPrefix",
        /not an IPv6 CIDR/,
      ],
      [
        {
          name: "g",
          rules: [
            {
              direction: "ingress",
              protocol: "tcp",
              remoteIpPrefix: "10.0.0.0/8",
              remoteSecurityGroupId: emu.fixtures.vm.defaultSecurityGroups[0]!.id,
            },
          ],
        },
        "rules[0].remoteIpPrefix",
        /remoteIpPrefix or remoteSecurityGroupId, not both/,
      ],
      [
        { name: "g", rules: [{ direction: "sideways", protocol: "tcp" }] },
        "rules[0].direction",
        /./,
      ],
      [
        {
          name: "g",
          rules: [{ direction: "ingress", protocol: "tcp", remoteIpPrefix: "203.0.113.5/24" }],
        },
        "rules[0].remoteIpPrefix",
        /host bits set: .*e\.g\. 203\.0\.113\.0\/24/,
      ],
      [
        { name: "g", rules: [{ direction: "ingress", protocol: "tcp", port: 22 }] },
        "rules[0].port",
        /unknown property/,
      ],
      [{ name: "g", tags: ["not valid!"] }, "tags[0]", /./],
      [{ name: "" }, "name", /./],
    ];
    for (const [news, property, reason] of cases) {
      const { failures } = await group.check(news);
      const failure = failures.find((f) => failurePath(f) === property);
      expect(failure, `${JSON.stringify(news)} → ${JSON.stringify(failures)}`).toBeDefined();
      expect(failureReason(failure!)).toMatch(reason);
    }
    expect(await group.requests()).toEqual([]);
  });

  it("lets unknown values through during preview and reports them as changes", async () => {
    const { failures } = await group.check({
      name: UNKNOWN,
      rules: [{ direction: "ingress", protocol: "tcp", remoteSecurityGroupId: UNKNOWN }, UNKNOWN],
    });
    expect(failures).toEqual([]);
    const { id, inputs, outs } = await group.up({ name: "known", rules: [SSH] });
    const diff = await group.diff(id, outs, {
      ...inputs,
      rules: [{ ...SSH, remoteIpPrefix: UNKNOWN }],
    });
    expect(diff.changes).toBe(true);
    expect(diff.replaces ?? []).toEqual([]);
  });
});

describe("SecurityGroup: the service's refusals", () => {
  it("refuses a rule whose remote group does not exist at check; create explains the 422; nothing is made", async () => {
    const missing = "5d1f6c0e-8a3b-4c2d-9e1f-0a2b3c4d5e6f";
    const dangling = {
      name: "dangling",
      rules: [{ direction: "ingress", protocol: "tcp", remoteSecurityGroupId: missing }],
    };
    await expect(group.up(dangling)).rejects.toThrow(
      /check failed: rules\[0\]\.remoteSecurityGroupId: no security group 5d1f6c0e-\S+ exists/,
    );
    // A group deleted between check and create: the service's 422, explained.
    await expect(group.create(dangling)).rejects.toThrow(
      /SecurityGroup "dangling": create failed: rules: a rule's remoteSecurityGroupId names no security group.*wrong_security_group/,
    );
    expect(await groupsNamed("dangling")).toEqual([]);
  });

  it("explains a delete refused while another group's rule names it (405), and the default group (422)", async () => {
    const target = await group.up({ name: "target" });
    const referrer = await group.up({
      name: "referrer",
      rules: [
        {
          direction: "ingress",
          protocol: "tcp",
          portRange: "5432:5432",
          remoteSecurityGroupId: target.id,
        },
      ],
    });
    expect(referrer.outs.rules).toEqual([
      {
        direction: "ingress",
        etherType: "IPv4",
        protocol: "tcp",
        portRange: "5432:5432",
        remoteSecurityGroupId: target.id,
        description: "",
      },
    ]);
    await expect(group.delete(target.id, target.outs)).rejects.toThrow(
      /SecurityGroup "target": delete failed: rules of other security groups name this group.*405 security_group_in_use/,
    );
    await group.delete(referrer.id, referrer.outs);
    await group.delete(target.id, target.outs);
    expect((await emu.call("GET", `/api/v1/security-groups/${target.id}`)).status).toBe(404);

    const fixture = emu.fixtures.vm.defaultSecurityGroups[0]!;
    const adopted = await group.read(fixture.id, {});
    expect(adopted.props).toMatchObject({ isDefault: true });
    await expect(group.delete(fixture.id, adopted.props!)).rejects.toThrow(
      /default security group.*pulumi state delete.*can_not_delete_default_security_group/,
    );
  });

  it("reports the service's 422 for a closed zone", async () => {
    await expect(group.up({ name: "closed", availabilityZone: zone(2).name })).rejects.toThrow(
      /SecurityGroup "closed": create failed: .*422 availability_zone_changes_forbidden/,
    );
  });
});

describe("SecurityGroup: faults", () => {
  it("makes exactly one group when the create's answer is lost", async () => {
    await group.setFaults([
      { route: "^/api/v1/security-groups$", method: "POST", dropResponseRate: 1, times: 1 },
    ]);
    await group.clearRequests();
    const { id, outs } = await group.up({ name: "twin", rules: [SSH] });
    expect(outs.rules).toHaveLength(1);
    const posts = (await group.requests()).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.fault, "the answer was dropped").toBeTruthy();
    expect((await groupsNamed("twin")).map((g) => g.id)).toEqual([id]);
  });

  it("adds each missing rule once when a rule create's answer is lost during an update", async () => {
    const { id, inputs, outs } = await group.up({ name: "flaky", rules: [SSH] });
    await group.setFaults([{ route: "/rules$", method: "POST", dropResponseRate: 1, times: 1 }]);
    await group.clearRequests();
    const { outs: updated } = await group.update(id, outs, { ...inputs, rules: [SSH, HTTPS] });
    const posts = (await group.requests()).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]!.fault, "the answer was dropped").toBeTruthy();
    expect(updated.rules).toHaveLength(2);
    expect(await liveRules(id)).toEqual([
      "ingress IPv4 tcp 22:22 0.0.0.0/0 created",
      "ingress IPv4 tcp 443:443 - created",
    ]);
  });
});
