// `npm run release`: writes dist/release/, everything a release publishes, named as Pulumi's
// tooling expects (docs/releasing.md):
//   pulumi-resource-vmcloud-v<version>-<os>-<arch>.tar.gz   the plugin, a standalone executable
//   python/pulumi_vmcloud-<version>-py3-none-any.whl, .tar.gz   the Python SDK
//   go/<module>/@v/…                                        the Go SDK, as a Go module proxy
//   npm/vmcloud-pulumi-<version>.tgz                        the npm package
//   release.json, SHA256SUMS                                what was built; checksums of all
// Needs `npm run build` first (package.json's `release` runs it). What is downloaded or built
// once (Node.js binaries, the bundle, the executables and archives, the Python build tools)
// is kept in ~/.cache/vmcloud/release.
//
//   node packaging/release/release.mjs [--out DIR]
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pluginArchive } from "./archive.mjs";
import { pluginBundle } from "./bundle.mjs";
import { writeChecksums } from "./checksums.mjs";
import { goModuleProxy } from "./go-proxy.mjs";
import { pythonPackages } from "./python.mjs";
import { standaloneExecutable } from "./sea.mjs";
import { archiveName, NOT_BUILT, TARGETS } from "./targets.mjs";
import { packageVersion, versionMismatches } from "./versions.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");

function outDir(argv) {
  const at = argv.indexOf("--out");
  return at === -1 ? join(root, "dist/release") : resolve(argv[at + 1]);
}

function step(what, started) {
  console.log(`release: ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

async function main() {
  const started = Date.now();
  const version = packageVersion(root);
  const mismatches = versionMismatches(root);
  if (mismatches.length > 0) throw new Error(mismatches.join("\n"));
  const out = outDir(process.argv);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  const bundle = await pluginBundle();
  step(`plugin bundle ${bundle.cached ? "from the cache" : "built"}: ${bundle.file}`, started);
  const archives = [];
  for (const target of TARGETS) {
    const exe = await standaloneExecutable(bundle, target);
    const name = archiveName(version, target);
    const archive = pluginArchive(exe.file, out, name);
    archives.push({ os: target.os, arch: target.arch, file: name, node: target.nodeVersion });
    step(`${name}${exe.cached && archive.cached ? " (from the cache)" : ""}`, started);
  }
  const python = pythonPackages(out).map((f) => `python/${f}`);
  step(`Python SDK: ${python.join(", ")}`, started);
  const goModule = goModuleProxy(out, `v${version}`);
  step(`Go SDK: go/${goModule}@v${version}`, started);
  mkdirSync(join(out, "npm"));
  execFileSync("npm", ["pack", "--silent", "--pack-destination", join(out, "npm")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const npm = readdirSync(join(out, "npm")).map((f) => `npm/${f}`);
  step(`npm package: ${npm.join(", ")}`, started);

  const manifest = { version, archives, notBuilt: NOT_BUILT, python, go: goModule, npm };
  writeFileSync(join(out, "release.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const files = writeChecksums(out);
  for (const a of archives) {
    const mb = statSync(join(out, a.file)).size / 1024 / 1024;
    console.log(`release: ${a.file}: ${mb.toFixed(1)} MiB`);
  }
  for (const [platform, why] of Object.entries(NOT_BUILT)) {
    console.log(`release: no ${platform} archive: ${why}`);
  }
  step(`dist/release written, SHA256SUMS over ${files} files, version ${version}`, started);
}

main().catch((error) => {
  console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
