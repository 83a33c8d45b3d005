// The cost and quota policies, called as the analyzer server calls them, against the real
// emulator: the total and the change against resources that already exist, values not known
// yet (flagged, or priced at the configured defaults), the budget, the quotas, and the skip
// without credentials.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectQuotas } from "../../policy/rules/project-quotas";
import { monthlyBudget, stackCost } from "../../policy/rules/stack-cost";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { UNKNOWN_STRING, validateStack, violations, type TestResource } from "./harness";

let emu: TestEmulator;
let connection: Record<string, string>;

beforeAll(async () => {
  emu = await startTestEmulator({ speed: 20 });
  connection = { endpoint: emu.url, token: emu.token, projectId: emu.fixtures.vm.projectId };
});
afterAll(async () => emu.close());

const web: TestResource = {
  type: "Vm",
  name: "web",
  props: { flavor: "gen-2-4", image: "ubuntu-22.04", bootDisk: { size: 10, diskType: "SSD" } },
};
// An existing disk: its props are outputs, which carry createdTime.
const data: TestResource = {
  type: "Disk",
  name: "data",
  props: { size: 50, diskType: "SSD", createdTime: "2026-01-01T00:00:00Z" },
};

describe("vmcloud-stack-cost", () => {
  it("reports the monthly total, what exists now and the change", async () => {
    const [message] = violations(await validateStack(stackCost, [web, data], connection));
    // gen-2-4 2,007.50 + 10 GB SSD 120.00 + 50 GB SSD 600.00; now: the disk alone.
    expect(message).toBe(
      "cost: monthly total 2,727.50 for 3 priced item(s) (now 600.00, change +2,127.50).",
    );
  });

  it("flags values not known yet, or prices them at the configured defaults", async () => {
    const unknown: TestResource = {
      type: "Vm",
      name: "later",
      props: { flavor: UNKNOWN_STRING, image: "ubuntu-22.04", bootDisk: { size: UNKNOWN_STRING } },
    };
    const [flagged] = violations(await validateStack(stackCost, [unknown], connection));
    expect(flagged).toContain("monthly total 0.00");
    expect(flagged).toContain(
      "not priced (values not known yet): later vm, later (boot disk) disk",
    );
    const [priced] = violations(
      await validateStack(stackCost, [unknown], {
        ...connection,
        defaultFlavor: "gen-2-4",
        defaultDiskSize: 10,
      }),
    );
    expect(priced).toContain("monthly total 2,127.50");
  });

  it("is skipped, saying why, without credentials", async () => {
    const outcome = await validateStack(stackCost, [web]);
    expect(outcome).toMatchObject({ kind: "not-applicable" });
    expect((outcome as { reason: string }).reason).toMatch(
      /not set: an endpoint.*VMCLOUD_ENDPOINT/,
    );
  });
});

describe("vmcloud-monthly-budget", () => {
  it("passes within the budget, reports over it, and is inactive without one", async () => {
    expect(
      violations(
        await validateStack(monthlyBudget, [web, data], { ...connection, monthlyBudget: 3000 }),
      ),
    ).toEqual([]);
    const [over] = violations(
      await validateStack(monthlyBudget, [web, data], { ...connection, monthlyBudget: 2000 }),
    );
    expect(over).toContain(
      "would cost 2,727.50 per month, over the monthly budget of 2,000.00 by 727.50",
    );
    expect(await validateStack(monthlyBudget, [web], connection)).toMatchObject({
      kind: "not-applicable",
    });
  });
});

describe("vmcloud-project-quotas", () => {
  it("denies what the quotas cannot hold, naming quota, limit, use and what the change adds", async () => {
    const quotas = await emu.call(
      "GET",
      `/_emulator/vm/quotas?project_id=${connection.projectId}`,
      {
        auth: false,
      },
    );
    const used = (quotas.body as { organization_usage: Record<string, number> }).organization_usage;
    await emu.call("PUT", "/_emulator/vm/quotas", {
      auth: false,
      body: { project_id: connection.projectId, limits: { vcpus: used["vcpus"]! + 1 } },
    });
    try {
      const messages = violations(await validateStack(projectQuotas, [web, data], connection));
      expect(messages).toEqual([
        `quota vcpus: the limit is ${used["vcpus"]! + 1}, ${used["vcpus"]} are in use and this change adds 2 ` +
          `(${used["vcpus"]! + 2} in all). Fix: make the change smaller, delete unused resources, or ask for a higher quota.`,
      ]);
      // The existing disk adds nothing: only the new VM's boot disk counts.
      expect(messages.join("")).not.toContain("disks");
    } finally {
      await emu.call("POST", "/_emulator/reset", { auth: false });
    }
    expect(violations(await validateStack(projectQuotas, [web, data], connection))).toEqual([]);
  });
});
