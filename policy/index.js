// Entry point of the vmcloud policy pack (PulumiPolicy.yaml and package.json point here).
// The pack is written in TypeScript under policy/ and compiled with the rest of the package
// by `npm run build` (the npm package ships the compiled pack); this file only loads the
// compiled pack, so the policy host never needs to compile anything.
//
// `@pulumi/policy` is an optional peer dependency of @vmcloud/pulumi: programs that only use
// the SDK do not install it. When it cannot be found, the pack stops with a message that names
// it and the npm command that installs it, instead of Node's "Cannot find module" stack trace.
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS entry point, run as is by the policy host */
const path = require("node:path");
const fs = require("node:fs");

const packageRoot = path.join(__dirname, "..");
const compiled = path.join(packageRoot, "dist", "policy", "pack.js");

/**
 * An error that the policy host prints as its message alone. `@pulumi/pulumi`'s policy-pack
 * runner hides the stack of errors marked `__pulumiRunError` (its `RunError`s); any other
 * runner prints `stack`, which holds the message alone too.
 */
function packError(message) {
  const error = new Error(message);
  Object.defineProperty(error, "__pulumiRunError", { value: true });
  error.stack = `Error: ${message}`;
  return error;
}

/** The range of `@pulumi/policy` this package declares (its optional peer dependency). */
function policyRange() {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(packageRoot, "package.json"), "utf8"));
    return (manifest.peerDependencies ?? {})["@pulumi/policy"];
  } catch {
    return undefined;
  }
}

/** The error for a missing `@pulumi/policy`, with the command that installs it and where. */
function missingPolicyError() {
  const range = policyRange();
  const spec = range === undefined ? "@pulumi/policy" : `@pulumi/policy@${range}`;
  // Installed as <project>/node_modules/.../@vmcloud/pulumi: install it in <project>.
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = packageRoot.indexOf(marker);
  if (at >= 0) {
    return packError(
      `vmcloud policy pack: cannot find the npm package @pulumi/policy, which the pack needs. ` +
        `@vmcloud/pulumi does not install it (it is an optional peer dependency). ` +
        `Install it next to @vmcloud/pulumi, in ${packageRoot.slice(0, at)}:\n` +
        `    npm install --save-dev "${spec}"\n` +
        `then run the preview again.`,
    );
  }
  return packError(
    `vmcloud policy pack: cannot find the npm package @pulumi/policy, which the pack needs ` +
      `(a devDependency of @vmcloud/pulumi). Install the dependencies in ${packageRoot}:\n` +
      `    npm install\n` +
      `or install it alone: npm install --save-dev "${spec}"`,
  );
}

if (!fs.existsSync(compiled)) {
  throw packError(
    `vmcloud policy pack: ${compiled} does not exist. In a clone of the repository, run ` +
      `\`npm install && npm run build\` in ${packageRoot} first; the npm package ships it, so ` +
      `an installed @vmcloud/pulumi that lacks it is damaged: install it again.`,
  );
}

try {
  require(compiled);
} catch (error) {
  if (
    error !== null &&
    typeof error === "object" &&
    error.code === "MODULE_NOT_FOUND" &&
    String(error.message).startsWith("Cannot find module '@pulumi/policy'")
  ) {
    throw missingPolicyError();
  }
  throw error;
}
