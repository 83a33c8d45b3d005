/**
 * A Pulumi project laid out as a user's is, for the stock dynamic-provider launcher: that
 * launcher runs `./node_modules/@pulumi/pulumi/cmd/dynamic-provider` from the project's
 * directory, which an example inside this repository lacks (its packages resolve from the
 * repository's root). The copy holds the project's files and a `node_modules` whose
 * `@pulumi` and `@types` link to the repository's and whose `@vmcloud/pulumi` links to the
 * repository itself, so the program, the host and each resource's shim all load one copy of
 * `@pulumi/pulumi` and the built package, as in a program that installed them from npm. A
 * program of another language that installed the package finds the provider plugin there too,
 * in `node_modules/@vmcloud/pulumi/plugin`.
 */
import { cp, mkdir, symlink } from "node:fs/promises";
import { basename, join } from "node:path";
import { repo } from "./engine";

/** Copies the project in `source` into `dir` (created) with the links; returns `dir`. */
export async function stockProject(source: string, dir: string): Promise<string> {
  await cp(source, dir, {
    recursive: true,
    // Stack settings of other runs stay behind.
    filter: (source) => !/^Pulumi\..+\.yaml$/.test(basename(source)),
  });
  const modules = join(dir, "node_modules");
  await mkdir(join(modules, "@vmcloud"), { recursive: true });
  await symlink(join(repo, "node_modules/@pulumi"), join(modules, "@pulumi"));
  await symlink(join(repo, "node_modules/@types"), join(modules, "@types"));
  await symlink(repo, join(modules, "@vmcloud/pulumi"));
  return dir;
}
