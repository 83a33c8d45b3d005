#!/usr/bin/env bash
# `npm run demo [-- --destroy]`: puts a Node.js >= 22 on PATH, installs the dependencies on a
# fresh clone, then hands over to scripts/demo.mjs (which does the rest and explains it).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use-node.sh
if [ ! -d node_modules/@pulumi/pulumi ] || [ ! -d node_modules/typescript ]; then
  echo "vmcloud demo: installing the dependencies (npm ci, first run only)…" >&2
  npm ci --no-audit --no-fund >&2 || {
    echo "vmcloud demo: npm ci failed (see above); run \`npm install\` yourself, then \`npm run demo\` again" >&2
    exit 1
  }
fi
exec node scripts/demo.mjs "$@"
