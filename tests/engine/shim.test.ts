/**
 * The serialized provider (`__provider`) every SDK class registers: a shim of at most 1 KB
 * that holds no credentials, no module objects and no closure state, is the same text in
 * every process and build (so upgrades never show a diff), and loads the implementation
 * installed next to the Pulumi program, as Pulumi's dynamic-provider host loads it. The texts
 * are captured from the SDK classes under Pulumi's mocks, not built by calling the shim
 * function. Needs the built package: run `npm run build` first.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TYPE_TOKENS, type VmCloudTypeName } from "../../provider/type-tokens";
import { repo } from "./support/dynamic-host";
import { builtSdkProviders, sdkProviders, type Captured } from "./support/sdk-providers";

/** A token nobody else uses: if it shows up in a shim, the shim captured the config. */
const TOKEN = "shim-test-token-4e8a1b9c7f";
const METHODS = ["check", "configure", "create", "delete", "diff", "read", "update"];
const KiB = 1024;

const requireFromString = createRequire(
  createRequire(join(repo, "package.json")).resolve("@pulumi/pulumi/package.json"),
).resolve("require-from-string");

let captured: Captured;
const classNames = Object.keys(TYPE_TOKENS) as VmCloudTypeName[];
const scratch: string[] = [];

beforeAll(async () => {
  captured = await sdkProviders(TOKEN);
});
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** `SecurityGroupRule` → `security-group-rule`. */
const kebab = (name: string) => name.replace(/(?<!^)([A-Z])/g, "-$1").toLowerCase();

interface Loaded {
  methods?: string[];
  same?: boolean;
  marker?: string | null;
  error?: string;
}

/** Loads `texts` like the host does, in a new Node.js process whose working directory is `cwd`. */
function loadInProcess(cwd: string, texts: string[]): Promise<Loaded[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [join(__dirname, "support", "load-shims.cjs"), requireFromString],
      { cwd, env: { ...process.env, VMCLOUD_TOKEN: "" } },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${error.message}\n${stderr}`))
          : resolve(JSON.parse(stdout) as Loaded[]),
    );
    child.stdin!.end(JSON.stringify(texts));
  });
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

describe("the __provider of every SDK class", () => {
  it("is registered by every class, and is at most 1 KB", () => {
    const rows = classNames.map((name) => {
      const text = captured[name].provider;
      expect(typeof text, name).toBe("string");
      return {
        class: name,
        bytes: Buffer.byteLength(text),
        // The engine stores it as a JSON string, in the inputs and the outputs of every resource.
        storedBytes: Buffer.byteLength(JSON.stringify(text)),
      };
    });
    console.log("__provider sizes (bytes):");
    console.table(rows);
    for (const row of rows) expect(row.bytes, row.class).toBeLessThanOrEqual(KiB);
  });

  it("holds no credential: a token set in the stack config and the environment is absent", () => {
    for (const name of classNames) {
      const { provider, inputs } = captured[name];
      expect(provider, name).not.toContain(TOKEN);
      // Nor does anything else the class registers.
      expect(JSON.stringify(inputs), name).not.toContain(TOKEN);
      // No config value of any kind: the endpoint configured next to the token is absent too.
      expect(provider, name).not.toContain("127.0.0.1:9");
    }
  });

  it("captures no module object and no closure state: one expression that requires our package", () => {
    for (const name of classNames) {
      const text = captured[name].provider;
      // Closure serialization writes `__f0` functions and `with({...})` scopes.
      expect(text, name).not.toMatch(/__f\d|\bwith\s*\(/);
      // No variables, no functions, no second statement: nothing can hold state.
      expect(text, name).not.toMatch(/\b(var|let|const|function|class|this)\b/);
      expect(text.trim().split("\n"), name).toHaveLength(1);
      expect(text.match(/;/g), name).toHaveLength(1);
      // The only `require(` is of Node's "module"; the only other strings are "/" and our module.
      for (const call of text.match(/\brequire\s*\(([^)]*)\)/g) ?? []) {
        expect(call, name).toBe('require("module")');
      }
      const strings = text.match(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g) ?? [];
      const ours = strings.filter((s) => !['"module"', '"/"'].includes(s));
      expect(ours, name).toHaveLength(1);
      expect(ours[0], name).toMatch(
        new RegExp(`^"@vmcloud/pulumi/provider/(resources|actions)/${kebab(name)}"$`),
      );
    }
  });

  it("is the same text in another process, from the built package, with another token", async () => {
    const built = await builtSdkProviders("another-token-0b1c2d");
    for (const name of classNames) {
      expect(built[name].provider, name).toBe(captured[name].provider);
    }
  });

  it("names no version and no path, so an upgrade or a move of the project changes nothing", () => {
    const { version } = createRequire(join(repo, "package.json"))("./package.json") as {
      version: string;
    };
    for (const name of classNames) {
      const text = captured[name].provider;
      expect(text, name).not.toContain(version);
      expect(text, name).not.toContain(repo);
      expect(text, name).not.toContain(tmpdir());
    }
  });
});

describe("loading it as the host does", () => {
  it("from a directory inside the repository gives the provider with every method", async () => {
    const texts = classNames.map((name) => captured[name].provider);
    const loaded = await loadInProcess(join(repo, "tests", "engine", "support"), texts);
    classNames.forEach((name, i) => {
      expect(loaded[i], name).toEqual({ methods: METHODS, same: true, marker: null });
    });
  });

  it("loads the package installed next to the program, whatever its version (destroy runs current code)", async () => {
    // A project outside the repository with a later release installed: same shim text, new code.
    const project = tempDir("vmcloud-installed-");
    const pkg = join(project, "node_modules", "@vmcloud", "pulumi");
    mkdirSync(join(pkg, "lib"), { recursive: true });
    writeFileSync(
      join(pkg, "package.json"),
      JSON.stringify({
        name: "@vmcloud/pulumi",
        version: "99.0.0",
        exports: { "./provider/resources/*": "./lib/*.js" },
      }),
    );
    const methods = METHODS.map((m) => `${m}: async () => ({})`).join(", ");
    writeFileSync(
      join(pkg, "lib", "disk.js"),
      `exports.provider = { marker: "installed 99.0.0", ${methods} };`,
    );
    const [loaded] = await loadInProcess(project, [captured.Disk.provider]);
    expect(loaded).toEqual({ methods: METHODS, same: true, marker: "installed 99.0.0" });
  });

  it("loads this repository's build when it is installed as a dependency (a symlink, as npm link makes)", async () => {
    const project = tempDir("vmcloud-linked-");
    mkdirSync(join(project, "node_modules", "@vmcloud"), { recursive: true });
    symlinkSync(repo, join(project, "node_modules", "@vmcloud", "pulumi"), "dir");
    const [loaded] = await loadInProcess(project, [captured.Vm.provider]);
    expect(loaded).toEqual({ methods: METHODS, same: true, marker: null });
  });

  it("fails with the module's name where the package is not installed", async () => {
    const project = tempDir("vmcloud-empty-");
    const [loaded] = await loadInProcess(project, [captured.Disk.provider]);
    expect(loaded!.error).toMatch(
      /Cannot find module '@vmcloud\/pulumi\/provider\/resources\/disk'/,
    );
  });
});
