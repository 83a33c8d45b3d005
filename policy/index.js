// Entry point of the vmcloud policy pack (PulumiPolicy.yaml and package.json point here).
// The pack is written in TypeScript under policy/ and compiled with the rest of the package
// by `npm run build`; this file only loads the compiled pack, so the policy host never needs
// to compile anything.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS entry point, run as is by the policy host */
const path = require("node:path");
const fs = require("node:fs");

const compiled = path.join(__dirname, "..", "dist", "policy", "pack.js");
if (!fs.existsSync(compiled)) {
  throw new Error(
    `vmcloud policy pack: ${compiled} does not exist. Run \`npm install && npm run build\` in ${path.dirname(__dirname)} first.`,
  );
}
require(compiled);
