#!/usr/bin/env bash
# Provides Pulumi's YAML converter plugin (`pulumi-converter-yaml`, which `pulumi convert --from
# yaml` runs), built from the same pulumi-yaml module as the YAML language host
# (scripts/pulumi-engine/yaml-host), for scripts/docs-examples.mjs. The CLI would download it
# from GitHub, which this machine cannot reach.
#
#   scripts/yaml-converter.sh --print-bin      build or reuse, print the folder that holds it
#
# Built once per machine from the Go module proxy and cached under
# ${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}/pulumi-converter-yaml-<version>-<hash of go.mod>/bin,
# one Go build at a time with the engine's (scripts/cached-build.sh); ~1 min with Go's caches
# warm from the YAML host's build, ~10 min on a busy machine without.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/cached-build.sh
source "$here/cached-build.sh"
module=$here/pulumi-engine/yaml-host
cache=${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}
version=$(awk '($1 == "require" && $2 == "github.com/pulumi/pulumi-yaml") { print $3; exit }' "$module/go.mod")
hash=$(cat "$module/go.mod" "$module/go.sum" | sha256sum | cut -c1-12)
entry=$cache/pulumi-converter-yaml-$version-$hash

build_converter() {
  local tmp=$1 started=$SECONDS
  echo "vmcloud: building pulumi-converter-yaml $version from Go modules…" >&2
  go_build "$module" -ldflags "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=$version" \
    -o "$tmp/bin/pulumi-converter-yaml" github.com/pulumi/pulumi-yaml/cmd/pulumi-converter-yaml
  echo "vmcloud: built pulumi-converter-yaml in $((SECONDS - started))s" >&2
}

if [ "${1:-}" != --print-bin ]; then
  echo "usage: scripts/yaml-converter.sh --print-bin" >&2
  exit 2
fi
if [ ! -x "$entry/bin/pulumi-converter-yaml" ]; then
  vmcloud_cached_build "$entry" bin/pulumi-converter-yaml pulumi-converter-yaml build_converter
fi
echo "$entry/bin"
