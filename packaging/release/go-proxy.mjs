// The generated Go SDK (generated-sdks/go, module github.com/vmcloud/pulumi-vmcloud/sdk/go) as
// a Go module proxy laid out on disk, <out>/go, so that `GOPROXY=file://<out>/go,…` serves it
// at the release's version. gomodzip/ (golang.org/x/mod/zip) writes the files; Go builds it
// into its own cache, so later releases take a second.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const SDK = join(root, "generated-sdks/go");

/** The Go SDK's module path, from its go.mod. */
export function goModulePath() {
  const match = /^module\s+(\S+)/m.exec(readFileSync(join(SDK, "go.mod"), "utf8"));
  if (match === null) throw new Error("generated-sdks/go/go.mod names no module");
  return match[1];
}

/** Writes the proxy folder for `version` (vX.Y.Z) into `<out>/go`; returns the module path. */
export function goModuleProxy(out, version) {
  const path = goModulePath();
  execFileSync(
    "go",
    [
      ...["run", "."],
      ...["-module", path, "-version", version, "-dir", SDK, "-out", join(out, "go")],
    ],
    {
      cwd: join(here, "gomodzip"),
      stdio: ["ignore", "inherit", "inherit"],
      // Go's own defaults for fetching golang.org/x/mod, whatever the caller's GOFLAGS.
      env: { ...process.env, GOFLAGS: "-mod=readonly", GOWORK: "off" },
    },
  );
  return path;
}
