#!/usr/bin/env bash
# Writes the Python, Go and Java SDKs of the vmcloud plugin (`npm run sdkgen`) from the schema
# the built plugin serves: `pulumi package get-schema` runs plugin/pulumi-resource-vmcloud and
# asks it (GetSchema), then scripts/sdkgen.sh generates Python and Go from that schema, and
# pulumi-java-gen (built with the Java language host by scripts/pulumi-engine.sh) Java, beside
# which goes the hand-written scripts/sdk-java/pom.xml. See docs/languages/python.md,
# docs/languages/go.md and docs/languages/java.md.
#
#   scripts/generate-sdks.sh            into generated-sdks/python, generated-sdks/go and
#                                       generated-sdks/java
#   scripts/generate-sdks.sh DIR        into DIR/python, DIR/go and DIR/java (tests compare them)
#
# Needs `npm run build` first (the plugin runs from dist/); the engine, sdkgen and the Java
# generator are built (first run) or reused from the cache. Each output folder is replaced
# whole.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
out=${1:-$repo/generated-sdks}

if [ ! -f "$repo/dist/provider/plugin/server.js" ]; then
  echo "vmcloud: dist/provider/plugin/server.js is missing: run \`npm run build\` first" >&2
  exit 1
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/vmcloud-sdks.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# `pulumi package get-schema` reads a path holding "@" as name@version: ask through a link
# without one (Node.js follows it to the launcher's real place, where the package is).
ln -s "$repo/plugin/pulumi-resource-vmcloud" "$scratch/pulumi-resource-vmcloud"
bash "$here/pulumi-engine.sh" -- pulumi package get-schema "$scratch/pulumi-resource-vmcloud" \
  >"$scratch/schema.json"

# The hand-written program review beside the generated code (scripts/sdk-overlays; see
# docs/api-decisions/program-review.md) takes its tables from the built provider: the facts a
# reference carries (provider/rules/references.ts) and the kinds whose check reads them.
node -e '
  const { REFERENCE_FACTS } = require(process.argv[1] + "/dist/provider/rules/references.js");
  const { VMCLOUD_TYPES } = require(process.argv[1] + "/dist/provider/type-tokens.js");
  const resources = Object.keys(VMCLOUD_TYPES)
    .filter((name) => VMCLOUD_TYPES[name].module.startsWith("resources/"))
    .sort();
  console.log(JSON.stringify({ facts: REFERENCE_FACTS, resources }));
' "$repo" >"$scratch/review-tables.json"

mkdir -p "$out"
bash "$here/sdkgen.sh" -- -schema "$scratch/schema.json" \
  -python "$out/python" -go "$out/go" -overwrite \
  -overlays "$here/sdk-overlays" -tables "$scratch/review-tables.json"

# Java: pulumi-java-gen's own build files are Gradle ones, which the Gradle of Debian is too old
# for, so it writes none (`--build none`) and the Maven build beside the code is ours; the
# version is the schema's (the generator would otherwise stamp 0.0.1). It joins --out to the
# current folder even when absolute, hence the relative path. The Java SDK of Pulumi it builds
# against: com.pulumi:pulumi at the newest release Maven Central serves.
java_gen=$(bash "$here/pulumi-engine.sh" --print-java-gen)
version=$(node -p 'JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")).version' \
  "$scratch/schema.json")
# Its one line on stdout says it is deprecated for `pulumi package gen-sdk --language java`,
# which has no `--build none`; its warnings go on.
(cd "$scratch" && "$java_gen" generate --schema schema.json --out java --build none --version "$version" |
  { grep -v '^pulumi-java-gen is deprecated' || true; } >&2)
sed -e "s/@VERSION@/$version/" -e "s/@PULUMI_JAVA@/1.36.1/" "$here/sdk-java/pom.xml" >"$scratch/java/pom.xml"
# `mvn install` in the SDK's folder leaves its build output there.
printf 'target\n' >"$scratch/java/.gitignore"
rm -rf "$out/java"
mv "$scratch/java" "$out/java"
echo "vmcloud: wrote the Java SDK into $out/java ($(find "$out/java" -name '*.java' | wc -l) Java files)" >&2
