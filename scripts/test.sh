#!/usr/bin/env bash
# `npm test [-- vitest arguments]` (and `npm run test:reliability`): chooses its Node.js as
# `npm run demo` does (scripts/use-node.sh: Node.js 24 from the npm registry, cached outside
# the repository, when the one on PATH is older than 22), builds the package, then runs vitest
# on that Node.js. Vitest never runs on an older one: there its reporter crashes as soon as a
# test fails (`Map.groupBy is not a function`) and hides which one did. When no Node.js >= 22
# can be had, this says so in one line and stops.
set -euo pipefail
cd "$(dirname "$0")/.."
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(node_major)" -lt 22 ]; then
  found=$(node --version 2>/dev/null || echo "none")
  echo "npm test: the Node.js on PATH ($found) is older than 22; using Node.js 24 from the npm registry" >&2
  # Its own messages (npm's, when the install fails) would bury the one line below.
  source scripts/use-node.sh 2>/dev/null || true
  if [ "$(node_major)" -lt 22 ]; then
    echo "npm test: needs Node.js >= 22 (found $found) and could not install Node.js 24 from the npm registry; install Node.js >= 22, then run \`npm test\` again" >&2
    exit 1
  fi
fi
echo "npm test: node $(node --version) ($(command -v node))"
if [ ! -e node_modules/vitest/vitest.mjs ]; then
  echo "npm test: the dependencies are missing; run \`npm ci\` (or \`npm install\`) first" >&2
  exit 1
fi
npm run build
exec node node_modules/vitest/vitest.mjs run "$@"
