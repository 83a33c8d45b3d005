// The Node.js binary of each platform, from the npm registry's `node-<platform>` packages,
// unpacked once into the cache (the registry is the one place this machine reaches). Unpacked
// from the package's tarball (`npm pack`), not installed: npm refuses to install a package
// made for another platform, and none of its scripts are needed.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { cacheDir } from "./cache.mjs";

/** The path of `bin` (e.g. `bin/node`) in package `name@version`, unpacked on first use. */
export function nodeBinary(name, version, bin) {
  const dir = join(cacheDir("node"), `${name}-${version}`);
  const file = join(dir, "package", bin);
  if (existsSync(file)) return file;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial);
  console.log(`release: fetching ${name}@${version} from the npm registry into ${dir}`);
  execFileSync("npm", ["pack", "--silent", `${name}@${version}`], {
    cwd: partial,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const [tarball] = readdirSync(partial).filter((f) => f.endsWith(".tgz"));
  if (tarball === undefined) throw new Error(`npm pack ${name}@${version} wrote no tarball`);
  execFileSync("tar", ["-xzf", tarball], { cwd: partial, stdio: "inherit" });
  rmSync(join(partial, tarball));
  if (!existsSync(join(partial, "package", bin))) {
    throw new Error(`${name}@${version} from the npm registry has no ${bin}`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return file;
}
