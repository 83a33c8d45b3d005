#!/usr/bin/env bash
# Writes the Python and Go SDKs of the vmcloud plugin (`npm run sdkgen`) from the schema the
# built plugin serves: `pulumi package get-schema` runs plugin/pulumi-resource-vmcloud and asks
# it (GetSchema), then scripts/sdkgen.sh generates from that schema. See
# docs/languages/python.md and docs/languages/go.md.
#
#   scripts/generate-sdks.sh            into generated-sdks/python and generated-sdks/go
#   scripts/generate-sdks.sh DIR        into DIR/python and DIR/go (tests compare them)
#
# Needs `npm run build` first (the plugin runs from dist/); the engine and sdkgen are built
# (first run) or reused from the cache. Each output folder is replaced whole.
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
