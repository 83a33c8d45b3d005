// What the stack did not make, it never takes over (issue 40), under the real engine against
// the emulator:
// - Another stack's objects: stack A deploys the quickstart; stack B, the same program in
//   another backend and the same project, fails its preview on A's VM, naming the VM's id and
//   the commands that resolve it, with nothing but reads sent; its `up` fails the same way and
//   makes nothing; its `destroy` deletes nothing; A's next `preview --refresh` finds no change.
// - A VM made by hand, through the plugin (the YAML quickstart): a program that declares a VM
//   of its name, flavor, zone and image fails preview naming it, nothing is sent but reads,
//   and the VM is untouched after `up` and `destroy` of that program.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { ENGINE_TIMEOUT_MS, prepareEngine, type Engine } from "./support/engine";
import {
  changes,
  type ExampleStack,
  failureText,
  openExampleStack,
  stateResources,
} from "./support/example-stack";
import { pluginProject } from "./support/plugin-project";

const OP_TIMEOUT = 240_000;

interface Request {
  method: string;
  url: string;
}

let engine: Engine;
let emulator: TestEmulator;

async function requests(): Promise<Request[]> {
  const log = await emulator.call("GET", "/_emulator/requests");
  return (log.body as { requests: Request[] }).requests;
}

async function clearRequests(): Promise<void> {
  expect((await emulator.call("DELETE", "/_emulator/requests")).status).toBeLessThan(300);
}

/** The VM named `name`, as the API shows it, or undefined. */
async function vmNamed(name: string): Promise<{ id: string; state: string } | undefined> {
  const reply = await emulator.call(
    "GET",
    `/api/v1/vms?project_id=${emulator.fixtures.vm.projectId}&name=${name}`,
  );
  const items = (reply.body as { items: Array<{ id: string; name: string; state: string }> }).items;
  return items.find((vm) => vm.name === name);
}

/** The failure names the object (one of `ids`) and every way out, in the schema's words. */
function expectResolvingAdvice(text: string, ids: string | readonly string[]): void {
  const named = (typeof ids === "string" ? [ids] : ids).filter((id) => text.includes(id));
  expect(named, text.slice(0, 2000)).not.toEqual([]);
  const id = named[0]!;
  expect(text).toMatch(
    new RegExp(`--import-pending-creates 'urn:pulumi:[^']+' --import-pending-creates ${id}\\b`),
  );
  expect(text).toContain(`set adoptId to "${id}"`);
  expect(text).toContain("pulumi import");
}

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
}, ENGINE_TIMEOUT_MS);

afterAll(async () => emulator?.close(), 60_000);

describe("another stack's objects (the same program, another backend)", () => {
  let a: ExampleStack;
  let b: ExampleStack;

  beforeAll(async () => {
    a = await openExampleStack(engine, emulator, "quickstart");
    b = await openExampleStack(engine, emulator, "quickstart");
    expect(b.backendDir).not.toBe(a.backendDir);
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await a?.stack.destroy().catch(() => undefined);
    await a?.close();
    await b?.close();
  }, OP_TIMEOUT);

  it(
    "fails B's preview and up on A's VM, naming it and the fix; B's destroy deletes nothing of A's",
    async () => {
      expect((await a.stack.up()).summary.result).toBe("succeeded");
      const vm = await vmNamed("quickstart");
      expect(vm?.state).toBe("running");
      // A's subnet, group and VM: the engine stops at the first resource whose check fails.
      const ofA = (await stateResources(a.stack)).flatMap((r) => (r.id ? [r.id] : []));
      expect(ofA).toContain(vm!.id);

      await clearRequests();
      const preview = await failureText(b.stack.preview());
      expectResolvingAdvice(preview, ofA);
      expect((await requests()).filter((r) => r.method !== "GET")).toEqual([]);

      const up = await failureText(b.stack.up());
      expectResolvingAdvice(up, ofA);
      expect((await requests()).filter((r) => r.method !== "GET")).toEqual([]);

      const destroy = await b.stack.destroy();
      expect(destroy.summary.result).toBe("succeeded");
      expect((await requests()).filter((r) => r.method === "DELETE")).toEqual([]);
      expect((await vmNamed("quickstart"))?.id).toBe(vm!.id);

      // A's stack still holds all it made.
      const again = await a.stack.preview({ refresh: true });
      expect(changes(again.changeSummary)).toEqual({});
    },
    OP_TIMEOUT,
  );
});

describe("a VM made by hand, through the plugin (YAML)", () => {
  let scratch: string;
  let yaml: ExampleStack;
  let handMade: string;

  beforeAll(async () => {
    const { vm } = emulator.fixtures;
    const id = (list: Array<{ id: string; name: string }>, name: string) =>
      list.find((item) => item.name === name)!.id;
    // "Made by hand, holds prod data": the YAML quickstart's VM name, flavor, zone and image.
    const made = await emulator.call("POST", "/api/v1.1/vms", {
      body: [
        {
          project_id: vm.projectId,
          availability_zone_id: id(vm.zones, "ru.AZ-1"),
          name: "quickstart-yaml",
          flavor_id: id(vm.flavors, "gen-2-4"),
          image_id: id(vm.images, "ubuntu-22.04"),
          disks: [
            { name: "quickstart-yaml-boot", size: 20, disk_type_id: id(vm.diskTypes, "SSD") },
          ],
        },
      ],
    });
    expect(made.status, made.text).toBe(201);
    handMade = (made.body as Array<{ id: string }>)[0]!.id;
    scratch = await mkdtemp(join(tmpdir(), "vmcloud-never-take-over-"));
    const workDir = await pluginProject("quickstart-yaml", join(scratch, "project"));
    yaml = await openExampleStack(engine, emulator, "quickstart-yaml", { workDir });
  }, ENGINE_TIMEOUT_MS);

  afterAll(async () => {
    await yaml?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }, OP_TIMEOUT);

  it(
    "fails preview naming the VM and the fix with only reads sent; up and destroy leave it alone",
    async () => {
      await clearRequests();
      const preview = await failureText(yaml.stack.preview());
      expectResolvingAdvice(preview, handMade);
      expect((await requests()).filter((r) => r.method !== "GET")).toEqual([]);

      await failureText(yaml.stack.up());
      // The up may make the subnet and group it does not hold, never the VM, nor touch it.
      const touched = (await requests()).filter(
        (r) => r.method !== "GET" && r.url.includes(handMade),
      );
      expect(touched).toEqual([]);
      expect((await vmNamed("quickstart-yaml"))?.id).toBe(handMade);

      expect((await yaml.stack.destroy()).summary.result).toBe("succeeded");
      const vm = await emulator.call("GET", `/api/v1/vms/${handMade}`);
      expect(vm.status).toBe(200);
      expect((vm.body as { state: string }).state).not.toBe("deleting");
    },
    OP_TIMEOUT,
  );
});
