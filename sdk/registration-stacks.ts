/**
 * The stacks Pulumi captures while a vmcloud resource registers.
 *
 * Pulumi stamps each output property's promises with `new Error().stack` (kept only for its
 * "promise leak" report) and the program's source-map support formats each of those stacks:
 * 1.6 s of CPU for a 160-resource stack before the first resource reaches the engine. Those
 * stacks are not captured during our registration.
 *
 * Pulumi also records where a resource was declared: its `sourcePosition` and `stackTrace`,
 * which the engine stores in the state, for every resource, and rewrites at every checkpoint.
 * It takes them from a stack whose first five frames it skips as its own and the resource
 * class's, so for our deeper classes the "declaration" was a line of this SDK, followed by the
 * frames of Node's module loader (with no position) and of Pulumi's program runner. The stack
 * Pulumi reads during our registration keeps the frames it skips and then only the program's
 * own, an anonymous callback's included: the declaration is the program's `new …` line, and
 * the state holds no frame that says nothing about the program (about a fifth of a
 * 160-resource state, and of every checkpoint).
 */
import { dirname, sep } from "node:path";

/** How many frames of its stack Pulumi's `Resource.stackTrace(4)` drops before the declaration. */
export const PULUMI_SKIPPED_FRAMES = 5;

/** This SDK's own folder: its frames are not the program's. */
const SDK_DIR = `${__dirname}${sep}`;

/**
 * Sets the stacks up for one registration (see the file comment); returns what restores
 * `Error.stackTraceLimit` and `Error.prepareStackTrace` as they were.
 */
export function registrationStacks(): () => void {
  const limit = Error.stackTraceLimit;
  const prepare = Error.prepareStackTrace;
  Error.stackTraceLimit = 0;
  // Without a formatter of the program's, Node may map positions through source maps itself,
  // which a formatter of ours would bypass: Pulumi's stack is then left as it is.
  const filter = prepare !== undefined || process.sourceMapsEnabled !== true;
  if (filter) {
    Error.prepareStackTrace = (error, sites) => {
      const declaration = isDeclarationStack(sites);
      const kept = declaration ? declarationSites(sites) : sites;
      const stack: unknown =
        prepare !== undefined ? prepare(error, kept) : formatStack(error, kept);
      return declaration && typeof stack === "string" ? nameAnonymousFrames(stack) : stack;
    };
  }
  return () => {
    Error.stackTraceLimit = limit;
    if (filter) Error.prepareStackTrace = prepare;
  };
}

/** True for the stack Pulumi's `Resource.callsites` takes to find a resource's declaration. */
function isDeclarationStack(sites: NodeJS.CallSite[]): boolean {
  return (
    sites[0]?.getFunctionName() === "callsites" && sites[1]?.getFunctionName() === "stackTrace"
  );
}

/** The frames Pulumi skips, then those of the program's own files. */
export function declarationSites(sites: NodeJS.CallSite[]): NodeJS.CallSite[] {
  const pulumiDir = `${dirname(sites[0]?.getFileName() ?? "")}${sep}`;
  return [
    ...sites.slice(0, PULUMI_SKIPPED_FRAMES),
    ...sites.slice(PULUMI_SKIPPED_FRAMES).filter((site) => {
      const file = site.getFileName() ?? "";
      return (
        file !== "" &&
        !file.startsWith("node:") &&
        !file.startsWith(pulumiDir) &&
        !file.startsWith(SDK_DIR)
      );
    }),
  ];
}

/**
 * Gives the frames of anonymous functions a name: V8 prints them as `at file:line:column`,
 * without the parentheses Pulumi's parser expects, so a resource declared in a callback (e.g.
 * `zones.map((zone) => new Vm(…))`) would have no declaration site.
 */
export function nameAnonymousFrames(stack: string): string {
  return stack.replace(/^([ \t]*at (?:async )?)([^\s()][^()\n]*:\d+:\d+)$/gm, "$1<anonymous> ($2)");
}

/** V8's own format: the error's first line, then one `at …` line per frame. */
function formatStack(error: Error, sites: NodeJS.CallSite[]): string {
  return [
    Error.prototype.toString.call(error),
    ...sites.map((site) => `    at ${String(site)}`),
  ].join("\n");
}
