// Puts the npm package's own README in the tarball. npm packs the README.md at the package's
// root whatever `files` says, and reads the registry's readme from it; this repository's
// README.md is written for a clone (`npm run demo`, examples/, the tests), so `npm pack` and
// `npm publish` run this around the packing (package.json `prepack` and `postpack`):
//
//   node packaging/readme.mjs swap      README.md set aside, packaging/README.md in its place
//   node packaging/readme.mjs restore   the repository's README.md back
//
// npm skips `postpack` when packing fails, so `swap` first restores a README a failed pack
// left aside (and `restore` can be run by hand): the repository's README is never lost.
import { copyFileSync, existsSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..");
const readme = join(root, "README.md");
const packageReadme = join(here, "README.md");
// Not at the root: npm would pack any root file whose name starts with "readme".
const asideCopy = join(here, ".repository-README.md");

function restore() {
  if (existsSync(asideCopy)) renameSync(asideCopy, readme);
}

function swap() {
  restore();
  renameSync(readme, asideCopy);
  copyFileSync(packageReadme, readme);
}

const step = process.argv[2];
if (step === "swap") swap();
else if (step === "restore") restore();
else {
  console.error("usage: node packaging/readme.mjs swap|restore");
  process.exit(2);
}
