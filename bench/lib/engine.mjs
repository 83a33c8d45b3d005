// The real Pulumi engine for the benchmarks: scripts/pulumi-engine.sh builds (first run, ~5 min)
// or reuses the CLI, and a stack of a fixture program is opened with the Automation API on a
// local file backend in a temporary directory. The same steps as tests/e2e/support/engine.ts,
// for plain Node.js scripts.
import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { repo, repoRequire } from "./common.mjs";

const { LocalWorkspace, PulumiCommand } = repoRequire("@pulumi/pulumi/automation");

/** The passphrase of every benchmark stack. */
export const PASSPHRASE = "vmcloud-bench-passphrase";

function engineScript(...args) {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", [join(repo, "scripts/pulumi-engine.sh"), ...args], {
      cwd: repo,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(out.trim())
        : reject(new Error(`scripts/pulumi-engine.sh ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/**
 * Makes `node_modules/@vmcloud/pulumi` a link to this repository: the dynamic-provider host
 * resolves each resource's shim from the project directory, where a real program has the
 * package installed.
 */
function ensurePackageLink() {
  const link = join(repo, "node_modules", "@vmcloud", "pulumi");
  let present;
  try {
    present = lstatSync(link) !== undefined;
  } catch {
    present = false;
  }
  if (!present) {
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync("../..", link, "dir");
  }
  if (realpathSync(link) !== realpathSync(repo)) {
    throw new Error(`${link} does not point to this repository (${repo})`);
  }
  if (!existsSync(join(repo, "dist", "sdk", "index.js"))) {
    throw new Error("dist/sdk/index.js is missing: run `npm run build` first");
  }
}

let prepared;

/** Builds or reuses the engine; resolves to `{ bin, enginePath, pulumiCommand }`. */
export function prepareEngine() {
  prepared ??= (async () => {
    ensurePackageLink();
    const bin = await engineScript("--print-bin");
    const enginePath = await engineScript("--print-path");
    const pulumiCommand =
      basename(bin) === "bin"
        ? await PulumiCommand.get({ root: dirname(bin) })
        : await PulumiCommand.get();
    return { bin, enginePath, pulumiCommand };
  })();
  return prepared;
}

/**
 * Opens a new stack of the program in `workDir` configured for `emulator` (endpoint, secret
 * token, project) plus `config`. Returns `{ stack, backendDir, stateFile, close }`; `stateFile`
 * is the checkpoint the file backend writes.
 */
export async function openStack(workDir, emulator, projectId, config = {}) {
  const engine = await prepareEngine();
  const scratch = await mkdtemp(join(tmpdir(), "vmcloud-bench-"));
  const backendDir = join(scratch, "state");
  mkdirSync(backendDir);
  const stackName = `bench-${process.pid}-${Date.now().toString(36)}`;
  const stack = await LocalWorkspace.createStack(
    { stackName, workDir },
    {
      pulumiCommand: engine.pulumiCommand,
      pulumiHome: join(scratch, "home"),
      envVars: {
        PATH: `${engine.enginePath}:${process.env.PATH ?? ""}`,
        PULUMI_BACKEND_URL: `file://${backendDir}`,
        PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
        PULUMI_SKIP_UPDATE_CHECK: "true",
        VMCLOUD_ENDPOINT: "",
        VMCLOUD_TOKEN: "",
        VMCLOUD_PROJECT_ID: "",
      },
    },
  );
  const all = {
    "vmcloud:endpoint": { value: emulator.url },
    "vmcloud:token": { value: emulator.token, secret: true },
    "vmcloud:projectId": { value: projectId },
  };
  for (const [key, value] of Object.entries(config)) all[key] = { value: String(value) };
  await stack.setAllConfig(all);
  const project = (await stack.workspace.projectSettings()).name;
  return {
    stack,
    stackName,
    backendDir,
    stateFile: join(backendDir, ".pulumi", "stacks", project, `${stackName}.json`),
    async close() {
      await stack.workspace.removeStack(stackName, { force: true }).catch(() => undefined);
      await rm(join(workDir, `Pulumi.${stackName}.yaml`), { force: true });
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
