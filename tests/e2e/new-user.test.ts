// What a new user hit, replayed under the real Pulumi engine against the emulator: an image
// change that would have deleted a working VM and then failed to set its password, a password
// added after an import that was never set, a refresh that never settled, a misspelt property
// silently dropped, and progress printed as Stack diagnostics. Each case failed before its fix.
// Never skipped: if the engine cannot be built, `beforeAll` fails.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { beforeAll, describe, expect, it } from "vitest";
import { repo } from "./support/engine";
import { changes, type ExampleStack, failureText, stateResource } from "./support/example-stack";
import { useFixtureStacks } from "./support/fixture-stacks";

const OP_TIMEOUT = 180_000;
const PASSWORD = "N3w-user-Passw0rd!";

const { engine, emulator, workDir, open: openStack } = useFixtureStacks("new-user-vm");

/** The emulator's record of VM `id` (state and the logins that have a password). */
async function vmRecord(id: string) {
  const reply = await emulator.call("GET", "/_emulator/state");
  const vms = (reply.body as { vm: { vms: Record<string, Record<string, unknown>> } }).vm.vms;
  return vms[id] as { status: string; password_logins: string[]; image_id: string } | undefined;
}

/** Requests since the log was last cleared that changed something (not GET). */
async function mutations(): Promise<string[]> {
  const log = await emulator.call("GET", "/_emulator/requests");
  return (log.body as { requests: Array<{ method: string; url: string }> }).requests
    .filter((r) => r.method !== "GET")
    .map((r) => `${r.method} ${r.url}`);
}

/** Makes a running ubuntu VM named `name` through the API, as another tool would; its id. */
async function apiVm(name: string): Promise<string> {
  const { vm } = emulator.fixtures;
  const id = (list: Array<{ id: string; name: string }>, item: string) =>
    list.find((entry) => entry.name === item)!.id;
  const created = await emulator.call("POST", "/api/v1.1/vms", {
    body: [
      {
        project_id: vm.projectId,
        availability_zone_id: id(vm.zones, "ru.AZ-1"),
        name,
        flavor_id: id(vm.flavors, "gen-2-4"),
        image_id: id(vm.images, "ubuntu-22.04"),
        disks: [{ name: `${name}-boot`, size: 10, disk_type_id: id(vm.diskTypes, "SSD") }],
      },
    ],
  });
  expect(created.status, created.text).toBe(201);
  const vmId = (created.body as Array<{ id: string }>)[0]!.id;
  await emulator.waitFor(
    `/api/v1/vms/${vmId}`,
    (body, status) => status === 200 && (body as { state: string }).state === "running",
  );
  return vmId;
}

describe("an image change the new image cannot carry out", () => {
  let example: ExampleStack;
  let vmId: string;
  const events: EngineEvent[] = [];

  beforeAll(async () => {
    example = await openStack({ name: "nu-image", image: "ubuntu-22.04" }, PASSWORD);
    const up = await example.stack.up({ onEvent: (e) => events.push(e) });
    expect(up.summary.result).toBe("succeeded");
    vmId = up.outputs["vmId"]!.value as string;
  }, OP_TIMEOUT);

  it("creates the VM with its password set", async () => {
    expect(await vmRecord(vmId)).toMatchObject({ status: "running", password_logins: ["ubuntu"] });
  });

  it("shows progress on the VM as status lines, and leaves no Diagnostics after a clean up", () => {
    const diagnostics = events.flatMap((e) => (e.diagnosticEvent ? [e.diagnosticEvent] : []));
    // What the CLI prints under Diagnostics: every level but the engine's debug chatter.
    const kept = diagnostics.filter(
      (d) => d.ephemeral !== true && (d.severity as string) !== "debug",
    );
    expect(kept.map((d) => d.message)).toEqual([]);
    // Progress is the VM's own status line (ephemeral, on its URN), not a line on the Stack.
    const progress = diagnostics.filter((d) => d.ephemeral === true);
    expect(progress.length).toBeGreaterThan(0);
    for (const line of progress) expect(line.urn).toMatch(/::app$/);
    expect(progress.map((d) => d.message).join("")).toMatch(/waiting until it runs/);
  });

  it(
    "refreshes three times in a row with no change, and `--expect-no-changes` holds",
    async () => {
      for (let i = 0; i < 3; i++) {
        const refresh = await example.stack.refresh();
        expect(changes(refresh.summary.resourceChanges), `refresh ${i + 1}`).toEqual({});
      }
      await example.stack.refresh({ expectNoChanges: true });
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );

  it(
    "fails preview and up naming password and image, and the original VM still runs",
    async () => {
      await example.stack.setConfig("image", { value: "debian-12" });
      expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
      const preview = await failureText(example.stack.preview());
      // A secret input's failure shows no value (the engine would print the secret itself).
      expect(preview).toMatch(
        /resource 'app' has a problem: password: image debian-12 has no guest agent to set a password/,
      );
      expect(preview).not.toContain(PASSWORD);
      const up = await failureText(example.stack.up());
      expect(up).toMatch(/has a problem: password: image debian-12 has no guest agent/);
      expect(await mutations()).toEqual([]);
      expect(await vmRecord(vmId)).toMatchObject({
        status: "running",
        password_logins: ["ubuntu"],
      });
      await example.stack.setConfig("image", { value: "ubuntu-22.04" });
    },
    OP_TIMEOUT,
  );
});

describe("a password added to an imported VM", () => {
  let example: ExampleStack;
  let vmId: string;

  beforeAll(async () => {
    vmId = await apiVm("nu-imported");
    example = await openStack({ name: "nu-imported", image: "ubuntu-22.04", importId: vmId });
    const up = await example.stack.up();
    expect(up.summary.resourceChanges).toMatchObject({ import: 1 });
  }, OP_TIMEOUT);

  it(
    "sets the password on the next up, and preview then shows no change",
    async () => {
      expect((await vmRecord(vmId))?.password_logins).toEqual([]);
      await example.stack.setConfig("password", { value: PASSWORD, secret: true });
      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ update: 1 });
      expect((await vmRecord(vmId))?.password_logins).toEqual(["ubuntu"]);
      const preview = await example.stack.preview();
      expect(changes(preview.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );
});

describe("`pulumi import` as docs/resources/vm.md writes it", () => {
  it(
    "exits 0 and brings the VM into the state",
    async () => {
      const docs = await readFile(join(repo, "docs/resources/vm.md"), "utf8");
      const documented = /^\s*pulumi import pulumi-nodejs:dynamic\/vmcloud:Vm .*$/m
        .exec(docs)?.[0]
        ?.trim();
      expect(documented).toBeDefined();
      const vmId = await apiVm("nu-cli-import");
      const example = await openStack({ name: "nu-cli-import", image: "ubuntu-22.04" });
      // The documented words, with the example's name and id replaced by ours.
      const args = documented!
        .split(" ")
        .slice(1)
        .map((word) => (word === "web" ? "cli" : word.startsWith("0b3f9c2e") ? vmId : word));
      const workspace = example.stack.workspace as {
        envVars: Record<string, string>;
        pulumiHome?: string;
      };
      const run = await promisify(execFile)(
        join(engine.bin, "pulumi"),
        [...args, "--yes", "--stack", example.stackName],
        {
          cwd: workDir,
          env: {
            ...process.env,
            ...workspace.envVars,
            ...(workspace.pulumiHome === undefined ? {} : { PULUMI_HOME: workspace.pulumiHome }),
          },
        },
      );
      expect(run.stdout).toMatch(/imported/);
      const state = await stateResource(example.stack, "Vm", "cli");
      expect(state.id).toBe(vmId);
      expect(state.outputs).toMatchObject({ name: "nu-cli-import", image: "ubuntu-22.04" });
    },
    OP_TIMEOUT,
  );
});

describe("advice that fits the failure", () => {
  /** The CLI's text has the provider's error as the message alone: no doubling, no frames. */
  function expectPlainError(text: string): void {
    expect(text).not.toMatch(/Error: [^\n]*: Error: /);
    expect(text).not.toMatch(/^\s+at .*\((\/|node:)/m);
    expect(text).not.toMatch(/provider-error|define-resource/);
  }

  it(
    "a wrong base path, then an endpoint without its scheme, fail preview naming vmcloud:endpoint, the error printed without stack frames",
    async () => {
      const example = await openStack({
        name: "nu-wrong-path",
        image: "ubuntu-22.04",
        "vmcloud:endpoint": `${emulator.url}/wrong`,
      });
      const preview = await failureText(example.stack.preview());
      expect(preview).toMatch(/404 route_not_found/);
      expect(preview).toMatch(/the endpoint or its API path is wrong/);
      expect(preview).toContain(`vmcloud:endpoint (VMCLOUD_ENDPOINT) = ${emulator.url}/wrong`);
      expect(preview).not.toMatch(/pulumi refresh/);
      expect(preview).not.toContain(emulator.token);
      expectPlainError(preview);

      // The emulator's address as a new user copies it: host and port, no http://.
      const bare = emulator.url.replace(/^https?:\/\//, "");
      await example.stack.setConfig("vmcloud:endpoint", { value: bare });
      const noScheme = await failureText(example.stack.preview());
      expect(noScheme).toContain(`vmcloud:endpoint (VMCLOUD_ENDPOINT): "${bare}" is not a URL`);
      expect(noScheme).toContain(`http://${bare}`);
      expect(noScheme).toContain("`pulumi config set vmcloud:endpoint <value>`");
      expect(noScheme).not.toContain("<option>");
      expectPlainError(noScheme);
    },
    OP_TIMEOUT,
  );

  it(
    "an endpoint nobody answers: preview warns and passes, up names the URL it tried",
    async () => {
      const down = "http://127.0.0.1:9";
      const example = await openStack({
        name: "nu-unreachable",
        image: "ubuntu-22.04",
        "vmcloud:endpoint": down,
      });
      const events: EngineEvent[] = [];
      await example.stack.preview({ onEvent: (e) => events.push(e) });
      const said = events.map((e) => e.diagnosticEvent?.message ?? "").join("");
      expect(said).toMatch(/catalog is unavailable .*references are checked at up/);
      const up = await failureText(example.stack.up());
      expect(up).toContain(`no answer from ${down}/api/`);
      expect(up).toMatch(/check that vmcloud:endpoint \(VMCLOUD_ENDPOINT\) is right/);
    },
    OP_TIMEOUT,
  );
});

describe("a misspelt top-level property", () => {
  it(
    "fails preview naming the property, with nothing sent",
    async () => {
      const example = await openStack({
        name: "nu-misspelt",
        image: "ubuntu-22.04",
        misspelt: "flavr",
      });
      expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
      const preview = await failureText(example.stack.preview());
      expect(preview).toMatch(/flavr/);
      expect(preview).toMatch(/unknown property "flavr"/);
      expect(await mutations()).toEqual([]);
    },
    OP_TIMEOUT,
  );
});
