/**
 * The real Pulumi engine for end-to-end suites: builds (first run, ~5 min) or reuses the CLI
 * through scripts/pulumi-engine.sh. If the engine cannot be built, `prepareEngine` rejects and
 * the suite fails: end-to-end suites are never skipped.
 */
import { existsSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { PulumiCommand } from "@pulumi/pulumi/automation";
import { runRepoScript } from "../../support/repo-script";

/** The repository root. */
export const repo = resolve(__dirname, "../../..");

/**
 * Which dynamic-provider launcher the engine's bin holds: `ours` starts the package's host
 * wrapper when the project can resolve it (scripts/pulumi-engine/launchers/); `stock` is the
 * launcher as Pulumi's release archives ship it, which runs
 * `./node_modules/@pulumi/pulumi/cmd/dynamic-provider` from the project's directory, as in a
 * user's own setup (scripts/pulumi-engine/launchers/stock/).
 */
export type Launcher = "ours" | "stock";

/** Both launchers, for suites that run once under each. */
export const LAUNCHERS: readonly Launcher[] = ["ours", "stock"];

/** What a suite needs to run the engine. */
export interface Engine {
  /** The dynamic-provider launcher next to `pulumi`. */
  launcher: Launcher;
  /**
   * Whether the YAML, Python, Go and Java language hosts are next to `pulumi` and a Python
   * environment with the `pulumi` package is on `enginePath` (`--with-languages`).
   */
  languages: boolean;
  /** The directory that holds `pulumi`. */
  bin: string;
  /** PATH entries to prepend: Node.js ≥ 22, then the engine (then that Python environment). */
  enginePath: string;
  /** The CLI for the Automation API. */
  pulumiCommand: PulumiCommand;
}

/**
 * Fails unless the package is built: the examples import `@vmcloud/pulumi` through the
 * package's self-reference, whose `exports` point into `dist/`, and each resource's provider
 * shim loads its implementation the same way from the project's directory.
 */
export function requireBuilt(): void {
  for (const file of ["dist/sdk/index.js", "dist/provider/resources/vm.js"]) {
    if (!existsSync(join(repo, file))) {
      throw new Error(`${file} is missing: run \`npm run build\` before the end-to-end tests`);
    }
  }
}

/** Options of {@link prepareEngine}. */
export interface EngineOptions {
  /**
   * Also build (first run, ~1 min more, and minutes for the Java host) or reuse the YAML,
   * Python, Go and Java language hosts and the Python environment, for programs in those
   * languages. Default false.
   */
  languages?: boolean;
}

const prepared = new Map<string, Promise<Engine>>();

/**
 * Checks the build, then builds or reuses the engine (once per test file, launcher and
 * options).
 */
export function prepareEngine(
  launcher: Launcher = "ours",
  options: EngineOptions = {},
): Promise<Engine> {
  const languages = options.languages ?? false;
  const key = `${launcher}${languages ? "+languages" : ""}`;
  const existing = prepared.get(key);
  if (existing !== undefined) return existing;
  const ready = (async () => {
    requireBuilt();
    const started = Date.now();
    const flags = [
      ...(launcher === "stock" ? ["--stock-launcher"] : []),
      ...(languages ? ["--with-languages"] : []),
    ];
    const bin = await runRepoScript("scripts/pulumi-engine.sh", ...flags, "--print-bin");
    const enginePath = await runRepoScript("scripts/pulumi-engine.sh", ...flags, "--print-path");
    console.log(
      `engine ready in ${Math.round((Date.now() - started) / 1000)} s, ${launcher} launcher` +
        `${languages ? " with the other languages" : ""}: ${bin}`,
    );
    // The Automation API looks for `<root>/bin/pulumi`; a CLI found on PATH elsewhere is run by name.
    const pulumiCommand =
      basename(bin) === "bin"
        ? await PulumiCommand.get({ root: dirname(bin) })
        : await PulumiCommand.get();
    return { launcher, languages, bin, enginePath, pulumiCommand };
  })();
  prepared.set(key, ready);
  return ready;
}

/** How long `beforeAll` may take: the first run builds the engine. */
export const ENGINE_TIMEOUT_MS = 15 * 60_000;
