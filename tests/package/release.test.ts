// What `npm run release` wrote into dist/release/, as a user or Pulumi's tooling reads it: one
// plugin archive per built platform, named pulumi-resource-vmcloud-v<version>-<os>-<arch>.tar.gz
// and holding one executable; the linux-amd64 one started with no Node.js on PATH, answering
// GetPluginInfo and GetSchema with package.json's version and the schema's pluginDownloadURL;
// the linux-arm64 one an aarch64 ELF executable that, run under qemu-user, answers the same;
// the wheel, sdist, Go module proxy and npm tarball named after the same version; SHA256SUMS
// right for every file. And the one version: every copy the generated SDKs hold equals
// package.json's, and a copy that differs is found. Needs `npm run release` first.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, open, rm } from "node:fs/promises";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareRelease, RELEASE_DIR, type ReleaseManifest } from "../e2e/support/release";
import { repo } from "./support/packed";
import { askPlugin } from "./support/plugin-process";

const DOWNLOAD_URL = "github://api.github.com/vmcloud/pulumi-vmcloud";
/** The aarch64 system libraries Debian's cross packages install, for qemu-user. */
const ARM64_SYSROOT = "/usr/aarch64-linux-gnu";

let manifest: ReleaseManifest;
let version: string;
let scratch: string;

const unpacked = new Map<string, { dir: string; files: string[] }>();

/** Unpacks `archive` of dist/release into a folder of its own (once); its file list and dir. */
function unpack(archive: string): { dir: string; files: string[] } {
  const done = unpacked.get(archive);
  if (done !== undefined) return done;
  const dir = join(scratch, archive.replace(/\.tar\.gz$/, ""));
  execFileSync("mkdir", ["-p", dir]);
  execFileSync("tar", ["-xzf", join(RELEASE_DIR, archive), "-C", dir]);
  const files = execFileSync("tar", ["-tzf", join(RELEASE_DIR, archive)], { encoding: "utf8" })
    .split("\n")
    .filter((f) => f !== "");
  unpacked.set(archive, { dir, files });
  return { dir, files };
}

/** The ELF header's class, data and machine fields of `file`. */
async function elfHeader(file: string): Promise<{ magic: string; machine: number }> {
  const handle = await open(file, "r");
  try {
    const header = Buffer.alloc(20);
    await handle.read(header, 0, 20, 0);
    return { magic: header.subarray(0, 4).toString("latin1"), machine: header.readUInt16LE(18) };
  } finally {
    await handle.close();
  }
}

/** A PATH with no Node.js: only system folders with no `node` in them. */
function pathWithoutNode(): string {
  const dirs = ["/usr/local/sbin", "/usr/sbin", "/sbin", "/bin"].filter(
    (d) => existsSync(d) && !existsSync(join(d, "node")),
  );
  return dirs.join(":");
}

beforeAll(async () => {
  manifest = await prepareRelease();
  ({ version } = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
    version: string;
  });
  scratch = await mkdtemp(join(tmpdir(), "vmcloud-release-"));
}, 1_500_000);

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("the release's plugin archives", () => {
  it("are built for linux-amd64, linux-arm64 and windows-amd64, named after the version", () => {
    expect(manifest.archives.map((a) => `${a.os}-${a.arch}`).sort()).toEqual([
      "linux-amd64",
      "linux-arm64",
      "windows-amd64",
    ]);
    for (const a of manifest.archives) {
      expect(a.file).toBe(`pulumi-resource-vmcloud-v${version}-${a.os}-${a.arch}.tar.gz`);
      expect(existsSync(join(RELEASE_DIR, a.file)), a.file).toBe(true);
    }
    // The platforms not built say why.
    expect(Object.keys(manifest.notBuilt).sort()).toEqual(["darwin-amd64", "darwin-arm64"]);
  });

  it("each hold the one executable, at the top", { timeout: 180_000 }, () => {
    for (const a of manifest.archives) {
      const exe = a.os === "windows" ? "pulumi-resource-vmcloud.exe" : "pulumi-resource-vmcloud";
      expect(unpack(a.file).files).toEqual([exe]);
    }
  });

  it(
    "linux-amd64: starts with no Node.js on PATH and answers with the package's version",
    { timeout: 120_000 },
    async () => {
      const { dir } = unpack(`pulumi-resource-vmcloud-v${version}-linux-amd64.tar.gz`);
      const answers = await askPlugin(join(dir, "pulumi-resource-vmcloud"), [], {
        env: { PATH: pathWithoutNode(), HOME: scratch },
      });
      expect(answers.version).toBe(version);
      expect(answers.schema).toMatchObject({
        name: "vmcloud",
        version,
        pluginDownloadURL: DOWNLOAD_URL,
      });
      console.log(
        `standalone plugin: GetSchema answered ${answers.schemaMs.toFixed(0)} ms after start`,
      );
    },
  );

  it("linux-arm64: an aarch64 ELF executable", { timeout: 120_000 }, async () => {
    const { dir } = unpack(`pulumi-resource-vmcloud-v${version}-linux-arm64.tar.gz`);
    const header = await elfHeader(join(dir, "pulumi-resource-vmcloud"));
    expect(header.magic).toBe("\x7fELF");
    expect(header.machine).toBe(183); // EM_AARCH64
    const amd64 = unpack(`pulumi-resource-vmcloud-v${version}-linux-amd64.tar.gz`);
    expect((await elfHeader(join(amd64.dir, "pulumi-resource-vmcloud"))).machine).toBe(62); // EM_X86_64
  });

  it("linux-arm64: run under qemu-user, answers GetPluginInfo with the package's version", async () => {
    // scripts/qemu-arm64.sh installs qemu-user and the aarch64 libraries (Debian), as .ci/run does.
    execFileSync("bash", [join(repo, "scripts/qemu-arm64.sh")], { stdio: "inherit" });
    const { dir } = unpack(`pulumi-resource-vmcloud-v${version}-linux-arm64.tar.gz`);
    // Found on the test's PATH: the plugin's own PATH below has no /usr/bin (a node is there).
    const qemu = execFileSync("sh", ["-c", "command -v qemu-aarch64"], { encoding: "utf8" }).trim();
    const answers = await askPlugin(
      qemu,
      ["-L", ARM64_SYSROOT, join(dir, "pulumi-resource-vmcloud")],
      { env: { PATH: pathWithoutNode(), HOME: scratch }, timeoutMs: 120_000 },
    );
    expect(answers.version).toBe(version);
    expect(answers.schema.version).toBe(version);
    console.log(
      `linux-arm64 under qemu: GetSchema answered after ${answers.schemaMs.toFixed(0)} ms`,
    );
  }, 180_000);

  it("windows-amd64: a PE executable", { timeout: 120_000 }, async () => {
    const { dir } = unpack(`pulumi-resource-vmcloud-v${version}-windows-amd64.tar.gz`);
    const handle = await open(join(dir, "pulumi-resource-vmcloud.exe"), "r");
    try {
      const dos = Buffer.alloc(64);
      await handle.read(dos, 0, 64, 0);
      expect(dos.subarray(0, 2).toString("latin1")).toBe("MZ");
      const pe = Buffer.alloc(6);
      await handle.read(pe, 0, 6, dos.readUInt32LE(60));
      expect(pe.subarray(0, 4).toString("latin1")).toBe("PE\0\0");
      expect(pe.readUInt16LE(4)).toBe(0x8664); // IMAGE_FILE_MACHINE_AMD64
    } finally {
      await handle.close();
    }
  });
});

describe("the release's SDKs and package", () => {
  it("names the wheel, the sdist, the Go module and the npm tarball after the version", () => {
    expect(manifest.python.sort()).toEqual([
      `python/pulumi_vmcloud-${version}-py3-none-any.whl`,
      `python/pulumi_vmcloud-${version}.tar.gz`,
    ]);
    expect(manifest.npm).toEqual([`npm/vmcloud-pulumi-${version}.tgz`]);
    const at = join(RELEASE_DIR, "go", manifest.go, "@v");
    expect(readFileSync(join(at, "list"), "utf8")).toBe(`v${version}\n`);
    expect(JSON.parse(readFileSync(join(at, `v${version}.info`), "utf8"))).toMatchObject({
      Version: `v${version}`,
    });
    expect(readFileSync(join(at, `v${version}.mod`), "utf8")).toBe(
      readFileSync(join(repo, "generated-sdks/go/go.mod"), "utf8"),
    );
  });

  it("lays the Go module's zip out as the go command reads it: every file under <module>@<version>/", () => {
    const zip = join(RELEASE_DIR, "go", manifest.go, "@v", `v${version}.zip`);
    const listed = execFileSync(
      "python3",
      [
        "-c",
        "import sys, zipfile; print('\\n'.join(zipfile.ZipFile(sys.argv[1]).namelist()))",
        zip,
      ],
      { encoding: "utf8" },
    )
      .split("\n")
      .filter((f) => f !== "");
    const prefix = `${manifest.go}@v${version}/`;
    expect(listed.every((f) => f.startsWith(prefix))).toBe(true);
    expect(listed).toContain(`${prefix}go.mod`);
    expect(listed).toContain(`${prefix}vmcloud/vm.go`);
  });

  it("carries the version and the plugin's download URL inside the wheel", () => {
    const wheel = join(RELEASE_DIR, `python/pulumi_vmcloud-${version}-py3-none-any.whl`);
    const read = (name: string) =>
      execFileSync(
        "python3",
        [
          "-c",
          "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]).decode())",
          wheel,
          name,
        ],
        { encoding: "utf8" },
      );
    expect(JSON.parse(read("pulumi_vmcloud/pulumi-plugin.json"))).toEqual({
      resource: true,
      name: "vmcloud",
      version,
      server: DOWNLOAD_URL,
    });
    expect(read(`pulumi_vmcloud-${version}.dist-info/METADATA`)).toMatch(
      new RegExp(`^Version: ${version.replace(/\./g, "\\.")}$`, "m"),
    );
  });

  it("lists every file in SHA256SUMS with its right checksum", () => {
    const lines = readFileSync(join(RELEASE_DIR, "SHA256SUMS"), "utf8").trim().split("\n");
    const listed = lines.map((line) => {
      const [sum, file] = line.split("  ") as [string, string];
      const actual = createHash("sha256")
        .update(readFileSync(join(RELEASE_DIR, file)))
        .digest("hex");
      expect(actual, file).toBe(sum);
      return file;
    });
    for (const a of manifest.archives) expect(listed).toContain(a.file);
    for (const f of [...manifest.python, ...manifest.npm, "release.json"])
      expect(listed).toContain(f);
    expect(listed.some((f) => f.endsWith(`v${version}.zip`))).toBe(true);
  });
});

describe("one version, package.json's", () => {
  it("is every copy the generated SDKs hold", async () => {
    const { sdkVersions } = (await import("../../packaging/release/versions.mjs")) as {
      sdkVersions(root: string): Array<{ file: string; version?: string }>;
    };
    const copies = sdkVersions(repo);
    expect(copies.length).toBeGreaterThanOrEqual(4);
    for (const copy of copies) expect(copy, copy.file).toEqual({ file: copy.file, version });
  });

  it("is checked: an SDK generated at another version is found, naming the file and the fix", async () => {
    const { versionMismatches } = (await import("../../packaging/release/versions.mjs")) as {
      versionMismatches(root: string): string[];
    };
    const copy = join(scratch, "repo-copy");
    cpSync(join(repo, "generated-sdks"), join(copy, "generated-sdks"), { recursive: true });
    cpSync(join(repo, "package.json"), join(copy, "package.json"));
    expect(versionMismatches(copy)).toEqual([]);
    const pyproject = join(copy, "generated-sdks/python/pyproject.toml");
    writeFileSync(
      pyproject,
      readFileSync(pyproject, "utf8").replace(`version = "${version}"`, 'version = "9.9.9"'),
    );
    const found = versionMismatches(copy);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("generated-sdks/python/pyproject.toml has version 9.9.9");
    expect(found[0]).toContain("npm run sdkgen");
  });
});
