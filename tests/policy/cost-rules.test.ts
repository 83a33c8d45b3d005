// The cost and quota policies, called as the analyzer server calls them, against the real
// emulator: the total and the change against resources that already exist, values not known
// yet (flagged, or priced at the configured defaults), the budget, the quotas, where the
// settings come from (policy config, the stack's vmcloud:* config, the environment), and what
// a policy that cannot run does (skipped, or in CI a violation that says why).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inCi } from "../../policy/lib/cost-run";
import { useStackConfig } from "../../policy/lib/stack-config";
import { projectQuotas } from "../../policy/rules/project-quotas";
import { monthlyBudget, stackCost } from "../../policy/rules/stack-cost";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { UNKNOWN_STRING, validateStack, violations, type TestResource } from "./support/harness";

let emu: TestEmulator;
let connection: Record<string, string>;

beforeAll(async () => {
  emu = await startTestEmulator({ speed: 20 });
  connection = { endpoint: emu.url, token: emu.token, projectId: emu.fixtures.vm.projectId };
});
afterAll(async () => emu.close());
afterEach(() => {
  useStackConfig([]);
  vi.unstubAllEnvs();
});

/** No VMCLOUD_* settings in the environment, and CI as given ("": not a CI run). */
function environment(ci: string): void {
  for (const name of ["VMCLOUD_ENDPOINT", "VMCLOUD_TOKEN", "VMCLOUD_PROJECT_ID"]) {
    vi.stubEnv(name, "");
  }
  vi.stubEnv("CI", ci);
}

/** The emulator's settings as the stack's config holds them. */
function stackSettings(overrides: Record<string, string> = {}): Array<[string, string]> {
  return Object.entries({
    "vmcloud:endpoint": emu.url,
    "vmcloud:token": emu.token,
    "vmcloud:projectId": emu.fixtures.vm.projectId,
    ...overrides,
  });
}

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
      "cost: monthly total 2,727.50 RUB for 3 priced item(s) (now 600.00 RUB, change +2,127.50 RUB).",
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
    vi.stubEnv("CI", "");
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
      "would cost 2,727.50 RUB per month, over the monthly budget of 2,000.00 RUB by 727.50 RUB",
    );
    expect(await validateStack(monthlyBudget, [web], connection)).toMatchObject({
      kind: "not-applicable",
    });
  });
});

describe("vmcloud-project-quotas", () => {
  it("denies what the quotas cannot hold, naming quota, limit, use, what the change adds and by how much", async () => {
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
        `quota vcpus: the limit is ${used["vcpus"]! + 1} vCPUs, ${used["vcpus"]} are in use and Vm "web" of this program ` +
          `adds 2 (${used["vcpus"]! + 2} in all): 1 over the limit. Fix: make the change smaller, delete unused resources, or ask for a higher quota`,
      ]);
      // The existing disk adds nothing: only the new VM's boot disk counts.
      expect(messages.join("")).not.toContain("disks");
    } finally {
      await emu.call("POST", "/_emulator/reset", { auth: false });
    }
    expect(violations(await validateStack(projectQuotas, [web, data], connection))).toEqual([]);
  });
});

describe("where the cost and quota policies find the service", () => {
  it("in the stack's vmcloud:* config, the settings the program reads", async () => {
    environment("");
    useStackConfig(stackSettings());
    const [message] = violations(await validateStack(stackCost, [web, data]));
    expect(message).toContain("monthly total 2,727.50");
  });

  it("the policy config first, then the stack's config, then the environment", async () => {
    environment("");
    // A wrong endpoint in the stack's config loses to the policy config's.
    useStackConfig(stackSettings({ "vmcloud:endpoint": "http://127.0.0.1:1" }));
    const [fromPolicy] = violations(
      await validateStack(stackCost, [web, data], { endpoint: emu.url }),
    );
    expect(fromPolicy).toContain("monthly total 2,727.50");
    // A wrong endpoint in the environment loses to the stack's config.
    vi.stubEnv("VMCLOUD_ENDPOINT", "http://127.0.0.1:1");
    useStackConfig(stackSettings());
    const [fromStack] = violations(await validateStack(stackCost, [web, data]));
    expect(fromStack).toContain("monthly total 2,727.50");
  });
});

describe("a cost or quota policy that cannot run", () => {
  it("in CI: a violation naming what is missing, where to set it and how to go on without it", async () => {
    environment("true");
    useStackConfig(stackSettings({ "vmcloud:endpoint": "", "vmcloud:projectId": "" }));
    const [message, ...more] = violations(await validateStack(projectQuotas, [web]));
    expect(more).toEqual([]);
    expect(message).toBe(
      "vmcloud-project-quotas could not run: not set: an endpoint (endpoint in the policy config, " +
        "vmcloud:endpoint in the stack config or VMCLOUD_ENDPOINT); a project (projectId in the policy " +
        "config, vmcloud:projectId in the stack config or VMCLOUD_PROJECT_ID). Fix: set them in the " +
        "stack as the program reads them (`pulumi config set vmcloud:endpoint <url>`, " +
        "`pulumi config set --secret vmcloud:token <token>`, `pulumi config set vmcloud:projectId <id>`) " +
        "or in the environment of the preview (VMCLOUD_ENDPOINT, VMCLOUD_TOKEN, VMCLOUD_PROJECT_ID). " +
        "It is reported because this is a CI run (CI=true), where a policy that cannot run fails rather " +
        'than pass unchecked; to go on without it, set "whenUnavailable": "skip" (or "enforcementLevel": ' +
        '"disabled") for vmcloud-project-quotas in the policy pack config.',
    );
  });

  it("in CI: a violation when the service refuses, without the token", async () => {
    environment("true");
    useStackConfig(stackSettings({ "vmcloud:token": "wrong-token-4c1d" }));
    const [message] = violations(await validateStack(projectQuotas, [web]));
    expect(message).toMatch(
      /^vmcloud-project-quotas could not run: the service could not be read \(.*401.*\)\. Fix: check that the endpoint is reachable/,
    );
    expect(message).not.toContain("wrong-token-4c1d");
    // The other two fail the same way, each at its own level.
    const [cost] = violations(await validateStack(stackCost, [web]));
    expect(cost).toMatch(/^vmcloud-stack-cost could not run: the service could not be read/);
    const [budget] = violations(await validateStack(monthlyBudget, [web], { monthlyBudget: 10 }));
    expect(budget).toMatch(/^vmcloud-monthly-budget could not run/);
  });

  it("outside CI: not applicable, unless its config says fail; skip wins over CI", async () => {
    environment("");
    expect(await validateStack(projectQuotas, [web])).toMatchObject({
      kind: "not-applicable",
      reason: expect.stringMatching(/^not set: an endpoint/) as string,
    });
    const [failed] = violations(
      await validateStack(projectQuotas, [web], { whenUnavailable: "fail" }),
    );
    expect(failed).toContain('because its policy config says "whenUnavailable": "fail"');
    vi.stubEnv("CI", "true");
    expect(await validateStack(projectQuotas, [web], { whenUnavailable: "skip" })).toMatchObject({
      kind: "not-applicable",
    });
  });

  it("takes CI to be set when the CI variable is set and not false", () => {
    expect(inCi({ CI: "true" })).toBe(true);
    expect(inCi({ CI: "1" })).toBe(true);
    expect(inCi({ CI: "woodpecker" })).toBe(true);
    expect(inCi({})).toBe(false);
    expect(inCi({ CI: "" })).toBe(false);
    expect(inCi({ CI: "false" })).toBe(false);
    expect(inCi({ CI: "FALSE" })).toBe(false);
    expect(inCi({ CI: "0" })).toBe(false);
  });
});
