// Where a release keeps what it downloads or builds once: the machine's vmcloud cache (like the
// engine, scripts/pulumi-engine.sh), so CI and a second `npm run release` reuse the Node.js
// binaries, the bundle and the executables.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** The release's folder in the vmcloud cache (`$VMCLOUD_CACHE`, else ~/.cache/vmcloud). */
export function cacheDir(...parts) {
  const base =
    process.env.VMCLOUD_CACHE ??
    join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "vmcloud");
  const dir = join(base, "release", ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The SHA-256 of strings and files, as hex: a cache key. */
export function hashOf(...parts) {
  const hash = createHash("sha256");
  for (const part of parts) {
    hash.update(part.file === undefined ? String(part) : readFileSync(part.file));
    hash.update("\0");
  }
  return hash.digest("hex");
}
