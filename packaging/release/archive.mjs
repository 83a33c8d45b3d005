// A plugin archive as Pulumi's CLI downloads it: a gzipped tarball holding the executable at
// its top (`pulumi-resource-vmcloud`, `.exe` on Windows), owned by root with a fixed date so
// the same executable makes the same archive. Kept in the cache beside the executable.
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, renameSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** Writes `<out>/<name>` from `executable`, from the cache when it was made before. */
export function pluginArchive(executable, out, name) {
  const cached = join(dirname(executable), name);
  const hit = existsSync(cached);
  if (!hit) {
    const partial = `${cached}.partial`;
    execFileSync(
      "tar",
      [
        ...["--owner=0", "--group=0", "--numeric-owner", "--mtime=@0", "--mode=0755"],
        ...["-czf", partial, "-C", dirname(executable), basename(executable)],
      ],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
    renameSync(partial, cached);
  }
  copyFileSync(cached, join(out, name));
  return { file: join(out, name), cached: hit };
}
