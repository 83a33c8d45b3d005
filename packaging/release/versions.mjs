// One version names a release: package.json's. The plugin reports it (GetPluginInfo) and puts
// it in its schema at run time; the generated SDKs carry it as generated from that schema;
// the archives, the wheel, the Go module and the npm tarball are named after it. This module
// reads every copy the SDKs hold, so a release (and tests/package/release-version.test.ts)
// stops on an SDK generated at another version.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The version in `<root>/package.json`. */
export function packageVersion(root) {
  return JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version;
}

/** Where each copy of the version is in the generated SDKs, and how to find it in the file. */
const COPIES = [
  { file: "generated-sdks/python/pyproject.toml", pattern: /^\s*version = "([^"]+)"/m },
  {
    file: "generated-sdks/python/pulumi_vmcloud/pulumi-plugin.json",
    pattern: /"version": "([^"]+)"/,
  },
  { file: "generated-sdks/go/vmcloud/pulumi-plugin.json", pattern: /"version": "([^"]+)"/ },
  {
    file: "generated-sdks/go/vmcloud/internal/pulumiUtilities.go",
    pattern: /version := semver\.MustParse\("([^"]*)"\)/,
  },
  // The Java SDK is in no release yet, but it is generated at the same version.
  {
    file: "generated-sdks/java/pom.xml",
    pattern: /<artifactId>vmcloud<\/artifactId>\s*<version>([^<]+)<\/version>/,
  },
  {
    file: "generated-sdks/java/src/main/resources/com/vmcloud/vmcloud/version.txt",
    pattern: /^(\S+)$/,
  },
];

/** Every copy of the version in the generated SDKs under `root`: file and version found. */
export function sdkVersions(root) {
  return COPIES.map(({ file, pattern }) => {
    const match = pattern.exec(readFileSync(join(root, file), "utf8"));
    return { file, version: match === null ? undefined : match[1] };
  });
}

/** The copies under `root` that differ from package.json's version, as messages. */
export function versionMismatches(root) {
  const version = packageVersion(root);
  return sdkVersions(root)
    .filter((copy) => copy.version !== version)
    .map(
      (copy) =>
        `${copy.file} has version ${copy.version ?? "(none)"}, package.json ${version}: ` +
        "run `npm run build && npm run sdkgen` to generate the SDKs again",
    );
}
