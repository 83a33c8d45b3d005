/**
 * The text Pulumi stores as `__provider` in every resource's state. Instead of a
 * closure-serialized copy of the implementation (kilobytes, re-encrypted at every checkpoint,
 * and frozen at the version that created the resource), it is one line that loads the
 * implementation installed next to the program. It holds no credentials, no module objects
 * and no closure state, and it never changes between releases, so upgrading the package
 * neither rewrites every resource nor leaves `destroy` running old code.
 */

import { VMCLOUD_TYPES } from "./type-tokens";

/** Resource and action kinds: each is a module under `provider/resources` or `provider/actions`. */
export type ProviderModule = `resources/${string}` | `actions/${string}`;

/** The package name the shim requires; resolved from the Pulumi project's directory. */
export const PACKAGE_NAME = "@vmcloud/pulumi";

/**
 * The `__provider` text for the implementation module `kind`, which exports `provider`.
 *
 * The host evaluates the text with `require-from-string` and no file name, so a bare
 * `require("@vmcloud/pulumi/…")` would search only `node_modules` folders and never the
 * package's self-reference. Resolving through `createRequire` anchored at the working directory
 * (the Pulumi project's directory) finds the package both where it is installed and, for the
 * examples and tests inside this repository, through its own `exports`.
 */
export function providerShim(kind: ProviderModule): string {
  if (!/^(resources|actions)\/[a-z][a-z0-9-]*$/.test(kind)) {
    throw new Error(`invalid provider module "${kind}"`);
  }
  return `exports.handler=()=>require("module").createRequire(process.cwd()+"/")("${PACKAGE_NAME}/provider/${kind}").provider;`;
}

/**
 * The `__provider` text of the class whose type token is `type`, or undefined for a type that
 * is not ours. For hosts that must find a provider from the type alone (see
 * provider/host/dynamic-provider-host.ts).
 */
export function providerShimForType(type: string): string | undefined {
  const found = Object.values(VMCLOUD_TYPES).find((known) => known.token === type);
  return found === undefined ? undefined : providerShim(found.module);
}
