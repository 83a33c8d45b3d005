// Loads a resource's dynamic provider the way Pulumi's dynamic-provider host does: the
// `__provider` shim text our SDK stores is evaluated with the host's own require-from-string,
// and `configure` gets the host's config reader with the `vmcloud:*` keys. The same steps as
// tests/provider/support/provider-harness.ts, for plain Node.js scripts.
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { dist, repo, repoRequire } from "./common.mjs";

const pulumiRequire = createRequire(repoRequire.resolve("@pulumi/pulumi/package.json"));
const requireFromString = pulumiRequire("require-from-string");
const { Config: HostConfig } = pulumiRequire("./cmd/dynamic-provider/config.js");
const { providerShim } = dist("provider/shim.js");

/** The host resolves the shim's `require("@vmcloud/pulumi/...")` from the working directory. */
function ensurePackageResolvable() {
  const link = join(process.cwd(), "node_modules", "@vmcloud", "pulumi");
  if (!existsSync(link)) {
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(repo, link, "dir");
  }
}

/**
 * The provider of `kind` (e.g. `resources/disk`), configured for `emulator` and `projectId`.
 * Returns `{ provider, shim }`; call its methods with properties that carry `__provider`.
 */
export async function loadProvider(kind, emulator, projectId) {
  ensurePackageResolvable();
  const shim = providerShim(kind);
  const provider = requireFromString(shim).handler();
  await provider.configure({
    config: new HostConfig(
      {
        "vmcloud:endpoint": emulator.url,
        "vmcloud:token": emulator.token,
        "vmcloud:projectId": projectId,
      },
      "project",
    ),
  });
  return { provider, shim };
}

/** `check` then `create`, as `pulumi up` does for a new resource; throws on check failures. */
export async function checkAndCreate({ provider, shim }, news) {
  const checked = await provider.check({}, { ...news, __provider: shim });
  if ((checked.failures ?? []).length > 0) {
    throw new Error(
      `check failed: ${checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`,
    );
  }
  return provider.create(checked.inputs);
}
