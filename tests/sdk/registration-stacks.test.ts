/**
 * The stack Pulumi reads for a resource's declaration site, as the SDK gives it during a
 * registration (sdk/registration-stacks.ts): the frames Pulumi skips as its own, then only the
 * program's (none of the SDK, of Pulumi's runner, of Node's internals or without a file), and
 * anonymous frames in the `name (file:line:column)` form Pulumi parses. The whole path under
 * the real engine is checked in tests/e2e/full-stack.test.ts.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  declarationSites,
  nameAnonymousFrames,
  PULUMI_SKIPPED_FRAMES,
} from "../../sdk/registration-stacks";

const PULUMI = "/project/node_modules/@pulumi/pulumi";
const SDK = resolve(__dirname, "../../sdk");

/** A call site with only what the filter reads. */
function site(functionName: string | null, fileName: string | undefined): NodeJS.CallSite {
  return {
    getFunctionName: () => functionName,
    getFileName: () => fileName,
  } as unknown as NodeJS.CallSite;
}

describe("the declaration stack", () => {
  it("keeps the frames Pulumi skips, then only the program's", () => {
    const skipped = [
      site("callsites", `${PULUMI}/resource.js`),
      site("stackTrace", `${PULUMI}/resource.js`),
      site("Resource", `${PULUMI}/resource.js`),
      site("CustomResource", `${PULUMI}/resource.js`),
      site("VmCloudResource", `${SDK}/resource-base.js`),
    ];
    expect(skipped).toHaveLength(PULUMI_SKIPPED_FRAMES);
    const program = site(null, "/project/index.js");
    const helper = site("webTier", "/project/lib/web.js");
    const kept = declarationSites([
      ...skipped,
      site("CloudObjectResource", `${SDK}/cloud-resource.js`),
      site("Vm", `${SDK}/vm.js`),
      program,
      site("Module._compile", "node:internal/modules/cjs/loader"),
      site("map", undefined),
      helper,
      site("runInPulumiStack", `${PULUMI}/runtime/stack.js`),
    ]);
    expect(kept).toEqual([...skipped, program, helper]);
  });

  it("names anonymous frames so that Pulumi can parse them, and leaves the others", () => {
    const stack = [
      "Error",
      "    at Resource.callsites (/project/node_modules/@pulumi/pulumi/resource.js:329:32)",
      "    at /project/index.ts:72:5",
      "    at async /project/deploy.js:3:9",
      "    at Array.map (<anonymous>)",
      "    at Object.<anonymous> (/project/index.ts:70:25)",
    ].join("\n");
    expect(nameAnonymousFrames(stack).split("\n")).toEqual([
      "Error",
      "    at Resource.callsites (/project/node_modules/@pulumi/pulumi/resource.js:329:32)",
      "    at <anonymous> (/project/index.ts:72:5)",
      "    at async <anonymous> (/project/deploy.js:3:9)",
      "    at Array.map (<anonymous>)",
      "    at Object.<anonymous> (/project/index.ts:70:25)",
    ]);
  });
});
