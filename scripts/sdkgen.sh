#!/usr/bin/env bash
# Provides sdkgen (scripts/sdkgen/main.go), which writes the Python and Go SDKs of a Pulumi
# package from its schema with the code generators of the CLI's Pulumi release. See
# docs/engine.md.
#
#   scripts/sdkgen.sh --print-bin          build or reuse, print the path of `sdkgen`
#   scripts/sdkgen.sh -- ARGS...           build or reuse, then run `sdkgen ARGS...`, e.g.
#       scripts/sdkgen.sh -- -schema schema.json -python sdk/python -go sdk/go [-overwrite]
#   scripts/sdkgen.sh --rebuild ...        build again even when cached
#
# Built once per machine from the Go module proxy (Go >= 1.26.6) and cached under
# ${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}/sdkgen-<pkg version>-<hash of the sources>/bin, one Go
# build at a time with the engine's (scripts/cached-build.sh). VMCLOUD_PULUMI_REBUILD=1 does
# what --rebuild does.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/cached-build.sh
source "$here/cached-build.sh"
module=$here/sdkgen
cache=${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}

# The version of the code generators, for the entry's name; the hash covers what is built.
pkg_version=$(awk '($1 == "require" && $2 == "github.com/pulumi/pulumi/pkg/v3") { print $3; exit }
  ($1 == "github.com/pulumi/pulumi/pkg/v3") { print $2; exit }' "$module/go.mod")
hash=$(cat "$module/go.mod" "$module/go.sum" "$module"/*.go | sha256sum | cut -c1-12)
entry=$cache/sdkgen-$pkg_version-$hash
bin=$entry/bin/sdkgen

build_sdkgen() {
  local tmp=$1 started=$SECONDS
  echo "vmcloud: building sdkgen on pkg/v3 $pkg_version from Go modules (first run, ~1 min)…" >&2
  go_build "$module" -ldflags "-s -w" -o "$tmp/bin/sdkgen" .
  echo "vmcloud: built sdkgen in $((SECONDS - started))s" >&2
}

rebuild=${VMCLOUD_PULUMI_REBUILD:-}
if [ "${1:-}" = --rebuild ]; then
  rebuild=1
  shift
fi
case "${1:-}" in
  --print-bin | --) ;;
  *) echo "usage: scripts/sdkgen.sh [--rebuild] --print-bin | -- ARGS..." >&2; exit 2 ;;
esac
if [ -n "$rebuild" ] || [ ! -x "$bin" ]; then
  VMCLOUD_PULUMI_REBUILD=$rebuild vmcloud_cached_build "$entry" bin/sdkgen sdkgen build_sdkgen
fi
if [ "$1" = --print-bin ]; then
  echo "$bin"
else
  shift
  exec "$bin" "$@"
fi
