// The npm package as a user gets it: `npm pack` of the build as it is, then a fresh project
// that installs the tarball with @pulumi/pulumi and @pulumi/policy from the registry (the
// versions of this repository's package-lock.json), starts the emulator from the installed
// bin, and runs the real `pulumi preview --policy-pack node_modules/@vmcloud/pulumi/policy`
// with a local file backend. A second project installs no @pulumi/policy: its preview must
// fail with a message that names the package and the command that installs it.
// The tarball carries the package's own README (packaging/README.md, swapped in by `npm pack`),
// which names no file, folder or script the package lacks. Then that README's first steps, word
// for word, in a fresh TypeScript program under the stock dynamic-provider launcher (as in a
// user's own setup), once with the newest @pulumi/pulumi the registry serves and once with the
// oldest that package.json's range allows: one copy of @pulumi/pulumi in `npm ls`, the emulator
// started with its `npx vmcloud-emulator` command, its program (the repository README's too)
// previewed and deployed with its `pulumi config set` commands, its policy pack step and its
// cost table step.
// Needs `npm run build` first (it packs dist/ as it is). The engine comes from
// scripts/pulumi-engine.sh (built on first use, ~5 min); npm installs take 20 s to 2 min.
import {
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine, repo } from "../e2e/support/engine";
import { type EmulatorProcess, spawnEmulator, stopAllEmulators } from "../support/emulator-process";
import {
  cleanEnv,
  expectSuccess,
  installProject,
  lockedVersion,
  pack,
  type Ran,
  requireBuild,
  run,
  type Tarball,
  writeProgram,
} from "./support/packed";
import { commandsOf, fill, Readme } from "./support/readme";

const POLICY_PACK = "node_modules/@vmcloud/pulumi/policy";
/** The package's README in the repository; `npm pack` puts it in the tarball. */
const PACKAGE_README = join(repo, "packaging/README.md");
/** Its sections that the test runs. */
const EMULATOR_STEP = "2. Start the emulator";
const PROGRAM_STEP = "3. A first program";
const POLICY_STEP = "4. The policy pack";
const COST_STEP = "5. The cost of a change";
/** The emulator's address as the README writes it (`--port 8443`). */
const README_ENDPOINT = "http://127.0.0.1:8443";
const PASSPHRASE = "vmcloud-packed-install";

describe("the packed npm package, installed into a fresh project", () => {
  let scratch: string;
  let tarball: Tarball;
  let engine: Engine;
  /** A project with @vmcloud/pulumi, @pulumi/pulumi and @pulumi/policy. */
  let withPolicy: string;
  /** A project with @vmcloud/pulumi and @pulumi/pulumi only. */
  let withoutPolicy: string;
  let emulator: EmulatorProcess;
  let fixtures: { token: string; vm: { projectId: string } };
  /** The repository's README.md before `npm pack`. */
  let repositoryReadme: string;

  beforeAll(
    async () => {
      requireBuild();
      scratch = await mkdtemp(join(tmpdir(), "vmcloud-packed-"));
      repositoryReadme = readFileSync(join(repo, "README.md"), "utf8");
      tarball = await pack(join(scratch, "tarball"));
      console.log(
        `tarball ${tarball.file}: ${tarball.size} bytes (${(tarball.size / 1024).toFixed(0)} KiB), ` +
          `${tarball.files.length} files`,
      );
      const pulumi = `@pulumi/pulumi@${lockedVersion("@pulumi/pulumi")}`;
      const policy = `@pulumi/policy@${lockedVersion("@pulumi/policy")}`;
      withPolicy = join(scratch, "with-policy");
      withoutPolicy = join(scratch, "without-policy");
      // The engine (cached after its first build) while npm installs, one project after the
      // other: they share npm's cache.
      const engineReady = prepareEngine();
      await installProject(withPolicy, [tarball.file, pulumi, policy]);
      await installProject(withoutPolicy, [tarball.file, pulumi]);
      engine = await engineReady;
      await writeProgram(withPolicy);
      await writeProgram(withoutPolicy);
    },
    ENGINE_TIMEOUT_MS + 20 * 60_000,
  );

  afterAll(async () => {
    await stopAllEmulators();
    if (scratch !== undefined) await rm(scratch, { recursive: true, force: true });
  }, 60_000);

  it("holds the built JavaScript, its types, the policy pack's entry files, the plugin's launcher and the docs, and nothing else", () => {
    const files = tarball.files;
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    expect(files.filter((f) => f.startsWith("tests/"))).toEqual([]);
    expect(files.filter((f) => f.startsWith("bench/"))).toEqual([]);
    expect(files.filter((f) => f.endsWith(".go") || f.startsWith("scripts/pulumi-engine"))).toEqual(
      [],
    );
    expect(files.filter((f) => /^scripts\/demo/.test(f))).toEqual([]);
    expect(files.filter((f) => f.startsWith("examples/"))).toEqual([]);
    // No TypeScript sources: only declarations.
    expect(files.filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))).toEqual([]);
    for (const needed of [
      "package.json",
      "README.md",
      "dist/api/index.js",
      "dist/sdk/index.js",
      "dist/sdk/index.d.ts",
      "dist/provider/resources/vm.js",
      "dist/emulator/cli.js",
      "dist/policy/pack.js",
      "policy/index.js",
      "policy/package.json",
      "policy/PulumiPolicy.yaml",
      "plugin/pulumi-resource-vmcloud",
      "dist/provider/plugin/server.js",
      "docs/policy.md",
    ]) {
      expect(files).toContain(needed);
    }
    const outside = files.filter(
      (f) =>
        !/^dist\/(api|sdk|provider|policy|emulator)\/.+\.(js|d\.ts)$/.test(f) &&
        !/^docs\/.+\.md$/.test(f) &&
        !/^policy\/(index\.js|package\.json|PulumiPolicy\.yaml)$/.test(f) &&
        f !== "plugin/pulumi-resource-vmcloud" &&
        !["package.json", "README.md", "LICENSE"].includes(f),
    );
    expect(outside).toEqual([]);
  });

  it("carries the package's own README, which names no file, folder or script the package lacks", () => {
    const installed = join(withPolicy, "node_modules/@vmcloud/pulumi");
    const readme = new Readme(join(installed, "README.md"));
    // The package's README, not the repository's, which `npm pack` put back as it was.
    expect(readme.text).toBe(readFileSync(PACKAGE_README, "utf8"));
    expect(readFileSync(join(repo, "README.md"), "utf8")).toBe(repositoryReadme);
    expect(existsSync(join(repo, "packaging/.repository-README.md"))).toBe(false);

    const files = tarball.files;
    const inPackage = (path: string) =>
      files.includes(path) || files.some((f) => f.startsWith(`${path.replace(/\/$/, "")}/`));
    // Every link resolves inside the package, or is an absolute https URL.
    const links = readme.links();
    const local = links.filter((l) => !l.startsWith("https://"));
    expect(local.length).toBeGreaterThan(10);
    expect(local.filter((l) => !inPackage(l.split("#")[0]!))).toEqual([]);
    // Paths into the installed package exist in it.
    const paths = [...readme.text.matchAll(/node_modules\/@vmcloud\/pulumi\/([\w./-]+)/g)].map(
      (m) => m[1]!,
    );
    expect(paths).toContain("policy");
    expect(paths.filter((p) => !inPackage(p))).toEqual([]);
    // `npx <bin>` names the package's bins, both of them.
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
      bin: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    const bins = new Set([...readme.text.matchAll(/npx ([\w-]+)/g)].map((m) => m[1]!));
    expect(bins).toEqual(new Set(Object.keys(manifest.bin)));
    // Nothing of a clone: no script of the repository, no folder the package leaves out.
    expect(readme.text).not.toMatch(/npm (run|test)\b/);
    const repositoryOnly = readdirSync(repo, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules")
      .map((e) => e.name)
      .filter((name) => !files.some((f) => f.startsWith(`${name}/`)));
    expect(repositoryOnly).toEqual(expect.arrayContaining(["examples", "scripts", "tests"]));
    expect(
      repositoryOnly.filter((name) => new RegExp(`(?<![\\w./@-])${name}/`).test(readme.text)),
    ).toEqual([]);
    // The policy step installs the range package.json declares and runs the installed pack.
    const policy = readme.blocks(POLICY_STEP, "bash")[0]!;
    expect(policy).toContain(
      `npm install --save-dev "@pulumi/policy@${manifest.peerDependencies["@pulumi/policy"]}"`,
    );
    expect(policy).toContain(`pulumi preview --policy-pack ${POLICY_PACK}\n`);
    // Its program is the repository README's.
    expect(readme.blocks(PROGRAM_STEP, "ts")[0]).toBe(
      new Readme(join(repo, "README.md")).blocks("Using it in a program", "ts")[0],
    );
  });

  it("resolves every entry of `exports` and the bin from the installed package", async () => {
    const installed = join(withPolicy, "node_modules/@vmcloud/pulumi");
    const manifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
      exports: Record<string, string>;
    };
    // Each export; a pattern (`./provider/resources/*`) once for every module it matches.
    const specifiers: string[] = [];
    for (const [key, target] of Object.entries(manifest.exports)) {
      if (!key.includes("*")) {
        specifiers.push(`@vmcloud/pulumi${key.slice(1)}`);
        continue;
      }
      const [dir, suffix] = target.split("*") as [string, string];
      const names = readdirSync(join(installed, dir))
        .filter((f) => f.endsWith(suffix))
        .map((f) => f.slice(0, -suffix.length));
      expect(names.length, `no module matches ${key}`).toBeGreaterThan(0);
      for (const name of names)
        specifiers.push(`@vmcloud/pulumi${key.slice(1).replace("*", name)}`);
    }
    // Resolve them all from the program's directory, as its `require`s do; load the SDK, the
    // client and the emulator's module (the host and the resources start or need the engine).
    const script = `
      const failed = [];
      for (const s of ${JSON.stringify(specifiers)}) {
        try { require.resolve(s); } catch (e) { failed.push(s + ": " + e.message.split("\\n")[0]); }
      }
      for (const s of ["@vmcloud/pulumi", "@vmcloud/pulumi/client", "@vmcloud/pulumi/emulator"]) require(s);
      console.log(JSON.stringify({ failed, vm: typeof require("@vmcloud/pulumi").Vm }));
    `;
    const ran = expectSuccess(
      await run(process.execPath, ["-e", script], { cwd: withPolicy }),
      "resolving the exports",
    );
    const result = JSON.parse(ran.stdout) as { failed: string[]; vm: string };
    console.log(
      `resolved ${specifiers.length - result.failed.length} of ${specifiers.length} exports`,
    );
    expect(result.vm).toBe("function");
    // Every export resolves, `./api` (the contract, dist/api/index.js) included.
    expect(result.failed).toEqual([]);
    // The bin is the installed package's dist/emulator/cli.js, executable.
    const bin = realpathSync(join(withPolicy, "node_modules/.bin/vmcloud-emulator"));
    expect(bin).toBe(realpathSync(join(installed, "dist/emulator/cli.js")));
    expect(statSync(bin).mode & 0o111).not.toBe(0);
    // So is vmcloud-cost, the cost table for pull requests (dist/provider/cost/cli.js).
    const cost = realpathSync(join(withPolicy, "node_modules/.bin/vmcloud-cost"));
    expect(cost).toBe(realpathSync(join(installed, "dist/provider/cost/cli.js")));
    expect(statSync(cost).mode & 0o111).not.toBe(0);
  });

  it("serves the provider plugin from the installed package: its launcher runs and answers the schema", async () => {
    const folder = join(withPolicy, "node_modules/@vmcloud/pulumi/plugin");
    expect(statSync(join(folder, "pulumi-resource-vmcloud")).mode & 0o111).not.toBe(0);
    // `pulumi package get-schema` reads a path with "@" as name@version: a link without one.
    const link = join(withPolicy, "vmcloud-plugin");
    symlinkSync(folder, link);
    const launcher = join(link, "pulumi-resource-vmcloud");
    const got = expectSuccess(
      await run(join(engine.bin, "pulumi"), ["package", "get-schema", launcher], {
        cwd: withPolicy,
        env: cleanEnv({ PATH: `${engine.enginePath}:${process.env.PATH ?? ""}` }),
      }),
      "pulumi package get-schema",
    );
    const schema = JSON.parse(got.stdout) as { name: string; resources: Record<string, unknown> };
    expect(schema.name).toBe("vmcloud");
    expect(Object.keys(schema.resources)).toContain("vmcloud:index:Vm");
  });

  describe("with the emulator started from the installed bin", () => {
    let env: NodeJS.ProcessEnv;

    beforeAll(async () => {
      emulator = await spawnEmulator(["--port", "0"], {
        command: join(withPolicy, "node_modules/.bin/vmcloud-emulator"),
      });
      console.log(`emulator from the installed bin: ${emulator.url}`);
      fixtures = (await (
        await fetch(`${emulator.url}/_emulator/fixtures`)
      ).json()) as typeof fixtures;
      const state = join(scratch, "state");
      await mkdir(state);
      env = cleanEnv({
        PATH: `${engine.enginePath}:${process.env.PATH ?? ""}`,
        PULUMI_BACKEND_URL: `file://${state}`,
        PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
        PULUMI_HOME: join(scratch, "pulumi-home"),
        PULUMI_SKIP_UPDATE_CHECK: "true",
        // The provider must take its settings from the stack config, not from a developer's shell.
        VMCLOUD_ENDPOINT: "",
        VMCLOUD_TOKEN: "",
        VMCLOUD_PROJECT_ID: "",
      });
    }, 60_000);

    /** `pulumi stack init` and the emulator's settings in the stack config of `project`. */
    async function initStack(project: string, stack: string): Promise<void> {
      const pulumi = (args: string[]) =>
        run("pulumi", [...args, "--non-interactive"], { cwd: project, env });
      expectSuccess(await pulumi(["stack", "init", stack]), "pulumi stack init");
      for (const [key, value, secret] of [
        ["vmcloud:endpoint", emulator.url, false],
        ["vmcloud:token", fixtures.token, true],
        ["vmcloud:projectId", fixtures.vm.projectId, false],
      ] as const) {
        const args = [
          "config",
          "set",
          "--stack",
          stack,
          key,
          value,
          ...(secret ? ["--secret"] : []),
        ];
        expectSuccess(await pulumi(args), `pulumi config set ${key}`);
      }
    }

    function preview(project: string, stack: string): Promise<Ran> {
      return run(
        "pulumi",
        ["preview", "--policy-pack", POLICY_PACK, "--stack", stack, "--non-interactive"],
        { cwd: project, env },
      );
    }

    it("`pulumi preview --policy-pack node_modules/@vmcloud/pulumi/policy` succeeds and runs the pack", async () => {
      await initStack(withPolicy, "with-policy");
      const ran = await preview(withPolicy, "with-policy");
      console.log(ran.output);
      expect(ran.code, ran.output).toBe(0);
      // The pack ran, from the installed package: nothing to stop, and the stack's cost, priced
      // with the settings of the stack's config (the environment has none).
      expect(ran.stdout).toContain("Policies:");
      expect(ran.stdout).toMatch(
        /⚠️ vmcloud@v\d+\.\d+\.\d+ \(local: node_modules\/@vmcloud\/pulumi\/policy\)/,
      );
      expect(ran.stdout).not.toContain("[mandatory]");
      expect(ran.stdout).toMatch(/cost: monthly total [\d,]+\.\d\d RUB for 2 priced item\(s\)/);
      expect(ran.output).not.toContain("cost and quota policies skipped");
      expect(ran.output).not.toContain(fixtures.token);
      expect(ran.stdout).toMatch(/\+ 4 to create/);
    }, 180_000);

    it("without @pulumi/policy the preview fails, naming the package and the command that installs it", async () => {
      await initStack(withoutPolicy, "without-policy");
      const ran = await preview(withoutPolicy, "without-policy");
      console.log(ran.output);
      expect(ran.code).not.toBe(0);
      expect(ran.output).toContain("cannot find the npm package @pulumi/policy");
      expect(ran.output).toContain(`npm install --save-dev "@pulumi/policy@^`);
      expect(ran.output).toContain(`in ${withoutPolicy}`);
      // No raw Node.js module error: no require stack, no stack frames.
      expect(ran.output).not.toContain("Require stack");
      expect(ran.output).not.toContain("Cannot find module");
      expect(ran.output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    }, 180_000);
  });
  /** The oldest @pulumi/pulumi that package.json's caret range allows. */
  const oldestPulumi = (
    JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    }
  ).dependencies["@pulumi/pulumi"]!.replace(/^\^/, "");

  describe.each([
    ["the newest @pulumi/pulumi", "latest"],
    ["the oldest supported @pulumi/pulumi", oldestPulumi],
  ])(
    "the package README's first steps, word for word, with %s (%s), stock launcher",
    (_what, version) => {
      let project: string;
      let stockEngine: Engine;
      let npxEmulator: EmulatorProcess;
      let env: NodeJS.ProcessEnv;
      /** The README of the package installed in the project. */
      let readme: Readme;
      /** The emulator's values for the README's placeholders. */
      let values: Record<string, string>;
      // The version npm installed for `version` (`latest` names none): every failure says it.
      let installed = "(not installed)";
      const using = () => `with @pulumi/pulumi ${installed} (asked for ${version})`;

      beforeAll(async () => {
        stockEngine = await prepareEngine("stock");
        project = join(scratch, `readme-${version}`);
        // A fresh TypeScript program, as `pulumi new typescript` lays one out.
        await installProject(project, [
          tarball.file,
          `@pulumi/pulumi@${version}`,
          `typescript@${lockedVersion("typescript")}`,
          `@types/node@${lockedVersion("@types/node")}`,
        ]);
        installed = (
          JSON.parse(
            readFileSync(join(project, "node_modules/@pulumi/pulumi/package.json"), "utf8"),
          ) as { version: string }
        ).version;
        console.log(`@pulumi/pulumi@${version} installed as ${installed}`);
        await writeFile(
          join(project, "Pulumi.yaml"),
          "name: readme-program\nruntime:\n  name: nodejs\n  options:\n    typescript: true\nmain: index.ts\n",
        );
        await writeFile(
          join(project, "tsconfig.json"),
          `${JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "nodenext", types: ["node"] }, files: ["index.ts"] }, null, 2)}\n`,
        );
        readme = new Readme(join(project, "node_modules/@vmcloud/pulumi/README.md"));
        await writeFile(join(project, "index.ts"), readme.blocks(PROGRAM_STEP, "ts")[0]!);
        // The README's command, on a free port instead of 8443.
        const [start, ...others] = commandsOf(readme.blocks(EMULATOR_STEP, "bash")[0]!);
        expect(others).toEqual([]);
        expect(start).toEqual(["npx", "vmcloud-emulator", "--port", "8443"]);
        npxEmulator = await spawnEmulator(
          start!.slice(1).map((arg) => (arg === "8443" ? "0" : arg)),
          { command: "npx", cwd: project, env: cleanEnv(), timeoutMs: 120_000 },
        );
        console.log(`\`npx vmcloud-emulator\` in ${project}: ${npxEmulator.url}`);
        const fixtures = (await (await fetch(`${npxEmulator.url}/_emulator/fixtures`)).json()) as {
          token: string;
          vm: { projectId: string };
        };
        values = {
          [README_ENDPOINT]: npxEmulator.url,
          "<token>": fixtures.token,
          "<project uuid>": fixtures.vm.projectId,
        };
        const state = join(scratch, `state-${version}`);
        await mkdir(state);
        env = cleanEnv({
          PATH: `${stockEngine.enginePath}:${process.env.PATH ?? ""}`,
          PULUMI_BACKEND_URL: `file://${state}`,
          PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
          PULUMI_HOME: join(scratch, "pulumi-home"),
          PULUMI_SKIP_UPDATE_CHECK: "true",
          // No terminal to answer `pulumi up`'s question: the CLI's own switch, not a flag.
          PULUMI_SKIP_CONFIRMATIONS: "true",
          VMCLOUD_ENDPOINT: "",
          VMCLOUD_TOKEN: "",
          VMCLOUD_PROJECT_ID: "",
        });
      }, 20 * 60_000);

      afterAll(async () => {
        await npxEmulator?.stop();
      }, 60_000);

      it("installs one copy of @pulumi/pulumi, the requested one", async () => {
        const ls = await run("npm", ["ls", "@pulumi/pulumi", "--all"], {
          cwd: project,
          env: cleanEnv(),
        });
        console.log(ls.output);
        expect(ls.code, `${using()}: ${ls.output}`).toBe(0);
        const copies = [...ls.stdout.matchAll(/@pulumi\/pulumi@(\S+)( deduped)?/g)];
        expect(new Set(copies.map((m) => m[1])).size, `${using()}: ${ls.stdout}`).toBe(1);
        expect(
          copies.filter((m) => m[2] === undefined),
          `${using()}: ${ls.stdout}`,
        ).toHaveLength(1);
        expect(copies[0]?.[1]).toBe(installed);
        if (version !== "latest") expect(installed).toBe(version);
      });

      it("`pulumi preview` and README's commands (`pulumi config set …`, `pulumi up`) deploy the VM", async () => {
        const pulumi = async (args: string[]) =>
          expectSuccess(
            await run("pulumi", args, { cwd: project, env }),
            `pulumi ${args.join(" ")} ${using()}`,
          );
        await pulumi(["stack", "init", "dev"]);
        const commands = commandsOf(readme.blocks(PROGRAM_STEP, "bash")[0]!, values);
        const up = commands.pop();
        expect(up).toEqual(["pulumi", "up"]);
        for (const command of commands) {
          expect(command[0]).toBe("pulumi");
          await pulumi(command.slice(1));
        }
        const preview = await pulumi(["preview"]);
        console.log(preview.output);
        expect(preview.stdout, using()).toMatch(/\+ 4 to create/);

        const deployed = await pulumi(up!.slice(1));
        console.log(deployed.output);
        expect(deployed.stdout, using()).toMatch(/4 created/);
        const outputs = JSON.parse((await pulumi(["stack", "output", "--json"])).stdout) as {
          address: string;
        };
        expect(outputs.address).toMatch(/^10\.10\.0\.\d+$/);
        const state = (await (await fetch(`${npxEmulator.url}/_emulator/state`)).json()) as {
          vm: { vms: Record<string, { name: string; status: string }> };
        };
        expect(Object.values(state.vm.vms).filter((vm) => vm.name === "web")).toEqual([
          expect.objectContaining({ name: "web", status: "running" }),
        ]);
      }, 300_000);

      it("README's policy pack step runs the installed pack, priced with the stack's settings", async () => {
        const [install, preview, ...others] = commandsOf(readme.blocks(POLICY_STEP, "bash")[0]!);
        expect(others).toEqual([]);
        expect(install!.slice(0, 3)).toEqual(["npm", "install", "--save-dev"]);
        expectSuccess(
          await run(install![0]!, install!.slice(1), {
            cwd: project,
            env: cleanEnv(),
            timeoutMs: 10 * 60_000,
          }),
          install!.join(" "),
        );
        const ran = expectSuccess(
          await run(preview![0]!, preview!.slice(1), { cwd: project, env }),
          preview!.join(" "),
        );
        console.log(ran.output);
        expect(ran.stdout).toMatch(
          /⚠️ vmcloud@v\d+\.\d+\.\d+ \(local: node_modules\/@vmcloud\/pulumi\/policy\)/,
        );
        expect(ran.stdout).not.toContain("[mandatory]");
        expect(ran.stdout).toMatch(/cost: monthly total [\d,]+\.\d\d RUB for 2 priced item\(s\)/);
        expect(ran.output).not.toContain(values["<token>"]!);
      }, 600_000);

      it("README's cost step writes the Markdown table with the installed vmcloud-cost", async () => {
        const script = fill(readme.blocks(COST_STEP, "bash")[0]!, values);
        expectSuccess(
          await run("bash", ["-euo", "pipefail", "-c", script], { cwd: project, env }),
          "README's cost step",
        );
        const table = readFileSync(join(project, "cost.md"), "utf8");
        console.log(table);
        expect(table).toContain("| Resource | Quantity | Monthly price (RUB) | Change |");
        expect(table).toMatch(/\| web: gen-2-4, ubuntu-22\.04 \| 1 VM \| [\d,]+\.\d\d \| 0\.00 \|/);
        expect(table).toMatch(/Monthly total [\d,]+\.\d\d RUB/);
      }, 300_000);
    },
  );
});
