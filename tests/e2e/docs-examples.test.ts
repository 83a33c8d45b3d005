// Every example the docs show in four languages (docs/examples, rendered into docs/resources/*.md,
// docs/actions.md and docs/lookups.md by scripts/docs-examples.mjs) previews against the
// emulator under the real engine: the YAML form of every example through the plugin, and a
// sample of the derived forms (SAMPLE: TypeScript with @vmcloud/pulumi, Python with the
// generated SDK, Go with the generated Go SDK). Each preview must succeed, plan what the
// example makes (an import where it imports), and send nothing but reads. The CPU of the whole
// suite is kept small: one stack per language, whose program is swapped between previews.
// Never skipped: if the engine or a language host cannot be built, `beforeAll` fails.
//
// Examples that adopt, import or read an object that exists name it by an id that stands for
// the reader's own (EXISTING below). The suite makes each such object in the emulator through
// its API, as a console would, and previews those examples with the id of what it made in
// place of the one the page shows; lookups by name of such objects (READS_EXISTING) preview
// after it too. Every other example previews first, before those objects exist: the provider
// refuses to create an object whose name one that exists already has (the pages' main
// examples create `web-data`, `www`, … which the import examples then find).
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OperationsFixtures } from "../../emulator/operations/fixtures";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "./support/engine";
import { type ExampleStack, openExampleStack } from "./support/example-stack";
import { loggedRequests } from "./support/plugin-project";

interface Example {
  id: string;
  folder: string;
  name: string;
  yaml: string;
}
interface Sections {
  listExamples(): Example[];
  formOf(example: Example, extension: string): string;
}
interface Generator {
  yamlProject(example: Example, yamlText: string, pluginPath: string): string;
}

const sections = (await import(join(repo, "scripts/docs-examples/sections.mjs"))) as Sections;
const generator = (await import(join(repo, "scripts/docs-examples.mjs"))) as Generator;
const examples = sections.listExamples();
/**
 * The examples previewed in every derived language too: the pages' first, an import (the
 * resource option as each SDK spells it) and a read by id (whose Python and Go forms are the
 * docs script's own, not converted).
 */
const SAMPLE = ["vm/web", "actions/report-events", "disk/import", "subnet/get"];
/** The lookups (by name) of objects the suite makes before they preview. */
const READS_EXISTING = [
  "lookups/get-external-ip",
  "lookups/get-placement-group",
  "lookups/get-nat-gateway",
  "lookups/get-network-interface",
  "lookups/get-vm-backup",
];
const OP_TIMEOUT = 240_000;
/** The first `go build` of a program compiles the Go SDK with it. */
const GO_TIMEOUT = 600_000;
/** The secret config an example reads (`vm/web`'s password). */
const SECRETS = { webPassword: "Docs-Example-9a7f3c21", nodePassword: "Docs-Node-4c8e2a61" };
/** The plain config an example reads (`lookups/get-tasks`'s start of the window). */
const CONFIG = { failedSince: new Date(Date.now() - 24 * 3600 * 1000).toISOString() };

/**
 * The ids the examples show for objects that exist, each the reader's own: what the suite makes
 * in the emulator for each (the inputs the examples describe it with), by the order it makes
 * them in. `make` answers the new object's id; a later one may use what an earlier one made.
 */
type Made = Record<string, string>;
const EXISTING: Array<{ id: string; what: string; make: (made: Made) => Promise<string> }> = [
  {
    id: "5f0c7d1e-3b8a-4c2d-9e1f-7a6b5c4d3e2f",
    what: "disk web-data, 50 GB",
    make: () => made("/api/v1/disks", "available", { name: "web-data", size: 50, ...inZone() }),
  },
  {
    id: "0b3f9c2e-6d1a-4e8b-a7c5-2f9e0d3b1c4a",
    what: "VM legacy-app",
    make: () => vmMade("legacy-app"),
  },
  {
    id: "7c2a9e4f-1b3d-4f6a-8c5e-9d0b2a4c6e8f",
    what: "VM db-1",
    make: () => vmMade("db-1"),
  },
  {
    id: "3c7a1f5e-9b2d-4e6c-8a4f-1d3b5c7e9a2b",
    what: "external IP www",
    make: () => made("/api/v1/floating-ips", undefined, { name: "www", ...inZone() }),
  },
  {
    id: "b7d1e4a9-2c6f-4a8e-9d3b-5e1a7c4f2b8d",
    what: "boot disk of the VM builder, stopped (an image is made of a boot disk)",
    make: async () => {
      const vm = await vmMade("builder");
      const power = await emulator.call("POST", `/api/v1/vms/${vm}/set-power`, {
        body: { state: "power_off" },
      });
      expect(power.status, power.text).toBeLessThan(300);
      const stopped = await emulator.waitFor(
        `/api/v1/vms/${vm}`,
        (body, status) => status === 200 && (body as { state: string }).state === "stopped",
        60_000,
      );
      return (stopped.body as { disks: Array<{ id: string }> }).disks[0]!.id;
    },
  },
  {
    id: "9e4b2d7a-5c1f-4a3e-b8d6-2f4a6c8e0b1d",
    what: "image web-golden, of the boot disk of builder",
    make: (ids) =>
      // An image has no state of its own: each of its zones has one.
      made("/api/v1/images", undefined, {
        name: "web-golden",
        project_id: emulator.fixtures.vm.projectId,
        availability_zones: [{ availability_zone_name: "ru.AZ-1", enabled: true }],
        disk_id: ids["b7d1e4a9-2c6f-4a8e-9d3b-5e1a7c4f2b8d"],
      }),
  },
  {
    id: "2a8d6c1f-4e9b-4d7a-9c3e-5b1f7a9d3c6e",
    what: "SNAT gateway egress-az1",
    make: () =>
      made("/api/v1/nat-gateways", undefined, {
        name: "egress-az1",
        nat_type: "Public sNAT",
        ...inZone(),
      }),
  },
  {
    id: "6f1e3b9d-8a2c-4b5e-a1d7-3c9f5e1b7a4d",
    what: "free network interface db",
    make: () => made("/api/v1/interfaces", undefined, { name: "db", ...inZone() }),
  },
  {
    id: "4d9a7e2c-3f6b-4a8d-9e1c-7b5a3d9f2e6c",
    what: "placement group web-spread",
    make: () =>
      made("/api/v1/placement-groups", undefined, {
        name: "web-spread",
        policy: "anti-affinity",
        project_id: emulator.fixtures.vm.projectId,
      }),
  },
  {
    id: "8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f",
    what: "security group web",
    make: () => made("/api/v1/security-groups", "created", { name: "web", ...inZone() }),
  },
  {
    id: "1e7c4b8f-2d5a-4f9e-8b3c-6a1d9f4e7b2c",
    what: "rule of web: SSH from 10.0.0.0/8",
    make: (ids) => {
      const group = ids["8b2f5a1d-7e4c-4d9b-a3f6-1c8e4b2d9a7f"]!;
      return made(`/api/v1/security-groups/${group}/rules`, undefined, {
        direction: "ingress",
        ether_type: "IPv4",
        ip_protocol: "tcp",
        port_range: "22:22",
        remote_ip_prefix: "10.0.0.0/8",
      });
    },
  },
  {
    id: "c4e8a2f6-9d3b-4c7e-a5f1-8b2d6e4a9c3f",
    what: "subnet app, 10.20.0.0/24",
    make: () =>
      made("/api/v1/subnets", "created", {
        name: "app",
        subnet_address: "10.20.0.0/24",
        ...inZone(),
      }),
  },
  {
    id: "e5a9c3d7-4b1f-4e8a-9d6c-2a7f5b3e1d9c",
    what: "backup db-1-before-upgrade of the VM db-1",
    make: (ids) =>
      made("/api/v1/backups", "created", {
        name: "db-1-before-upgrade",
        project_id: emulator.fixtures.vm.projectId,
        resource: {
          resource_id: ids["7c2a9e4f-1b3d-4f6a-8c5e-9d0b2a4c6e8f"],
          resource_type: "virtual_machine",
        },
      }),
  },
  {
    id: "d3f7b1e9-6a4c-4b2d-8f5e-9c3a7d1b5e4f",
    what: "a task of the project (the disk web-data's)",
    make: async () => {
      const project = emulator.fixtures.vm.projectId;
      const reply = await emulator.call("GET", `/api/v1/tasks?project_id=${project}`);
      const tasks = (reply.body as { items: Array<{ id: string; entity_name: string }> }).items;
      const task = tasks.find((t) => t.entity_name === "web-data");
      expect(task, reply.text).toBeDefined();
      return task!.id;
    },
  },
];

/** The project and zone of a new object. */
function inZone() {
  return { project_id: emulator.fixtures.vm.projectId, availability_zone_name: "ru.AZ-1" };
}

/** Makes an object through the API and waits until `state` is `settled` (or not in progress). */
async function made(path: string, settled: string | undefined, body: unknown): Promise<string> {
  const reply = await emulator.call("POST", path, { body });
  expect(reply.status, `POST ${path}: ${reply.text}`).toBeLessThan(300);
  const answer = reply.body as { id: string } | Array<{ id: string }>;
  const id = Array.isArray(answer) ? answer[0]!.id : answer.id;
  const collection = path.replace("/api/v1.1/", "/api/v1/");
  await emulator.waitFor(
    `${collection}/${id}`,
    (got, status) => {
      const state = (got as { state?: string; status?: string }).state;
      return (
        status === 200 && (settled === undefined ? !/ing$/.test(state ?? "") : state === settled)
      );
    },
    60_000,
  );
  return id;
}

/** A VM (gen-2-4, ubuntu-22.04, a 20 GB SSD boot disk in ru.AZ-1), running. */
function vmMade(name: string): Promise<string> {
  const { vm } = emulator.fixtures;
  const id = (list: Array<{ id: string; name: string }>, wanted: string) =>
    list.find((item) => item.name === wanted)!.id;
  return made("/api/v1.1/vms", "running", [
    {
      project_id: vm.projectId,
      availability_zone_id: id(vm.zones, "ru.AZ-1"),
      name,
      flavor_id: id(vm.flavors, "gen-2-4"),
      image_id: id(vm.images, "ubuntu-22.04"),
      disks: [{ name: `${name}-boot`, size: 20, disk_type_id: id(vm.diskTypes, "SSD") }],
    },
  ]);
}

/** Makes every object of EXISTING; answers the ids the examples show, each with its own. */
async function makeExisting(): Promise<Made> {
  const ids: Made = {};
  for (const object of EXISTING) ids[object.id] = await object.make(ids);
  return ids;
}
let existing: Promise<Made> | undefined;
/** The objects of EXISTING, made once (by the first test that needs them). */
function existingObjects(): Promise<Made> {
  return (existing ??= (async () => {
    const started = Date.now();
    const ids = await makeExisting();
    timings.push(`making the objects that exist: ${Date.now() - started} ms`);
    return ids;
  })());
}

/** The form of `example` in `extension`, with the ids of the objects the suite made. */
async function formWithMadeIds(example: Example, extension: string): Promise<string> {
  return withMadeIds(
    await readFile(sections.formOf(example, extension), "utf8"),
    await existingObjects(),
  );
}

/** `text` with each id EXISTING shows replaced by the id of the object the suite made. */
function withMadeIds(text: string, ids: Made): string {
  return Object.entries(ids).reduce((out, [shown, real]) => out.replaceAll(shown, real), text);
}

/** True when an example names an object that exists, or looks one up by name. */
function readsExisting(example: Example, body: string): boolean {
  return READS_EXISTING.includes(example.id) || EXISTING.some((o) => body.includes(o.id));
}

let engine: Engine;
let emulator: TestEmulator;
let scratch: string;
const stacks: ExampleStack[] = [];
const timings: string[] = [];

/** A stack over `workDir`, configured for the emulator and every example's config. */
async function openStack(name: string, workDir: string, binPath?: string): Promise<ExampleStack> {
  const stack = await openExampleStack(engine, emulator, name, {
    workDir,
    ...(binPath === undefined ? {} : { binPath }),
    secrets: SECRETS,
    config: CONFIG,
  });
  const ops = emulator.fixtures.operations as OperationsFixtures;
  await stack.stack.setConfig("vmcloud:operationsProjectId", { value: ops.projectId });
  stacks.push(stack);
  return stack;
}

/** How many YAML previews run side by side. */
const LANES = 2;
/** A YAML program that imports a resource (`options: import:`). */
const IMPORTS = /\n {4}options:\n(?: {6}.*\n)* {6}import:/;

/**
 * Previews `stack` and checks that it planned creates (the stack's own at least: these stacks
 * are never updated) and an import where the program imports.
 */
async function previews(stack: ExampleStack, what: string, imports = false): Promise<void> {
  const started = Date.now();
  const preview = await stack.stack.preview();
  timings.push(`${what}: ${Date.now() - started} ms`);
  expect(preview.changeSummary["create"] ?? 0, what).toBeGreaterThan(0);
  if (imports) expect(preview.changeSummary["import"] ?? 0, what).toBeGreaterThan(0);
}

/**
 * The requests the emulator logged that are not reads. The price calculation
 * (`getPrice`, `estimateCost`) is a POST that changes nothing: a read.
 */
async function changingRequests(): Promise<Array<{ method: string; url: string }>> {
  return (await loggedRequests(emulator)).filter(
    (r) => r.method !== "GET" && !r.url.endsWith("/price-calculation"),
  );
}

/** Previews `stack` alone and checks that it planned creates and sent nothing but reads. */
async function previewsClean(stack: ExampleStack, what: string): Promise<void> {
  await emulator.call("DELETE", "/_emulator/requests");
  await previews(stack, what);
  expect(await changingRequests(), what).toEqual([]);
}

beforeAll(async () => {
  engine = await prepareEngine("ours", { languages: true });
  emulator = await startTestEmulator({ speed: 20 });
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-docs-examples-"));
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  console.log(`docs example previews:\n  ${timings.join("\n  ")}`);
  for (const stack of stacks) await stack.close();
  await emulator?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
}, 120_000);

describe("the docs' examples preview against the emulator", () => {
  it(
    "every example, in YAML through the plugin",
    async () => {
      const bodies = new Map<string, string>();
      for (const example of examples) bodies.set(example.id, await readFile(example.yaml, "utf8"));
      const later = examples.filter((e) => readsExisting(e, bodies.get(e.id)!));
      const first = examples.filter((e) => !later.includes(e));
      // LANES stacks, each in its own folder, preview the examples of a phase side by side.
      const lanes: Array<{ workDir: string; stack?: ExampleStack }> = [];
      for (let i = 0; i < LANES; i++) {
        lanes.push({ workDir: join(scratch, `yaml-${i}`) });
        await mkdir(lanes[i]!.workDir);
      }
      const phase = async (list: Example[], ids: Made): Promise<void> => {
        await emulator.call("DELETE", "/_emulator/requests");
        const queue = [...list];
        await Promise.all(
          lanes.map(async (lane, i) => {
            for (let example = queue.shift(); example; example = queue.shift()) {
              const body = withMadeIds(bodies.get(example.id)!, ids);
              // One project name for every program, so that one stack serves them all.
              const project = generator
                .yamlProject(example, body, join(repo, "plugin"))
                .replace(/^name: .*$/m, "name: docs-examples");
              await writeFile(join(lane.workDir, "Pulumi.yaml"), project);
              lane.stack ??= await openStack(`docs-examples-yaml-${i}`, lane.workDir);
              await previews(lane.stack, `${example.id} (YAML)`, IMPORTS.test(body));
            }
          }),
        );
        // The request log is the emulator's, shared by the lanes: checked once for the phase.
        const previewed = list.map((e) => e.id).join(", ");
        expect(await changingRequests(), `the previews of ${previewed}`).toEqual([]);
      };
      await phase(first, {});
      await phase(later, await existingObjects());
    },
    OP_TIMEOUT * 4,
  );

  it(
    "the sample in TypeScript, with @vmcloud/pulumi",
    async () => {
      const workDir = join(scratch, "typescript");
      await mkdir(workDir);
      await cp(join(repo, "examples/quickstart/tsconfig.json"), join(workDir, "tsconfig.json"));
      await mkdir(join(workDir, "node_modules/@vmcloud"), { recursive: true });
      await symlink(repo, join(workDir, "node_modules/@vmcloud/pulumi"));
      for (const dep of ["@pulumi", "@types", "typescript", "ts-node"]) {
        await symlink(join(repo, "node_modules", dep), join(workDir, "node_modules", dep)).catch(
          () => undefined,
        );
      }
      await writeFile(
        join(workDir, "Pulumi.yaml"),
        "name: docs-examples-ts\nmain: index.ts\nruntime:\n  name: nodejs\n  options:\n    typescript: true\n",
      );
      const stack = await openStack("docs-examples-ts", workDir);
      for (const id of SAMPLE) {
        const example = examples.find((e) => e.id === id)!;
        await writeFile(join(workDir, "index.ts"), await formWithMadeIds(example, "ts"));
        await previewsClean(stack, `${id} (TypeScript)`);
      }
    },
    OP_TIMEOUT,
  );

  it(
    "the sample in Python, with the generated SDK",
    async () => {
      const run = promisify(execFile);
      const venv = join(scratch, "venv");
      await run(process.env.VMCLOUD_PYTHON ?? "python3", ["-m", "venv", venv]);
      await cp(join(repo, "generated-sdks/python"), join(scratch, "sdk-python"), {
        recursive: true,
      });
      await run(join(venv, "bin/python"), [
        ...["-m", "pip", "install", "--quiet", "--disable-pip-version-check"],
        ...["-r", join(repo, "scripts/pulumi-engine/python/requirements.txt")],
        join(scratch, "sdk-python"),
      ]);
      const workDir = join(scratch, "python");
      await mkdir(workDir);
      await writeFile(
        join(workDir, "Pulumi.yaml"),
        `name: docs-examples-py\nruntime: python\nplugins:\n  providers:\n    - name: vmcloud\n      path: ${join(repo, "plugin")}\n`,
      );
      const stack = await openStack("docs-examples-py", workDir, join(venv, "bin"));
      for (const id of SAMPLE) {
        const example = examples.find((e) => e.id === id)!;
        await writeFile(join(workDir, "__main__.py"), await formWithMadeIds(example, "py"));
        await previewsClean(stack, `${id} (Python)`);
      }
    },
    OP_TIMEOUT,
  );

  it(
    "the sample in Go, with the generated Go SDK",
    async () => {
      const workDir = join(scratch, "go");
      await mkdir(workDir);
      const goMod = await readFile(join(repo, "examples/quickstart-go/go.mod"), "utf8");
      await writeFile(
        join(workDir, "go.mod"),
        goMod
          .replace("module vmcloud.local/quickstart-go", "module vmcloud.local/docs-examples")
          .replace("=> ../../generated-sdks/go", `=> ${join(repo, "generated-sdks/go")}`),
      );
      await cp(join(repo, "examples/quickstart-go/go.sum"), join(workDir, "go.sum"));
      await writeFile(
        join(workDir, "Pulumi.yaml"),
        `name: docs-examples-go\nruntime: go\nplugins:\n  providers:\n    - name: vmcloud\n      path: ${join(repo, "plugin")}\n`,
      );
      const stack = await openStack("docs-examples-go", workDir);
      for (const id of SAMPLE) {
        const example = examples.find((e) => e.id === id)!;
        await writeFile(join(workDir, "main.go"), await formWithMadeIds(example, "go"));
        await previewsClean(stack, `${id} (Go)`);
      }
    },
    GO_TIMEOUT,
  );
});
