#!/usr/bin/env bash
# Provides Schemathesis (from PyPI) for the fuzzing suite, tests/fuzz/schemathesis.test.ts.
#
#   scripts/schemathesis.sh --print-bin     install or reuse, print the path of `schemathesis`
#   scripts/schemathesis.sh -- ARGS...      install or reuse, then run `schemathesis ARGS...`
#
# It needs Python >= 3.10 with the venv module (python3, or $VMCLOUD_PYTHON). The pinned
# version in scripts/schemathesis/requirements.txt is installed once per machine into
# ${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}/schemathesis-<hash of requirements>/ and marked
# complete only at the end, so an interrupted install is redone, never used half-made
# (scripts/python-venv.sh).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/python-venv.sh
source "$here/python-venv.sh"
requirements="$here/schemathesis/requirements.txt"
cache="${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}"
hash=$(sha256sum "$requirements" | cut -c1-12)
venv="$cache/schemathesis-$hash"
bin="$venv/bin/schemathesis"

vmcloud_python_venv "$venv" "$requirements" "Schemathesis (for the fuzzing suite)" schemathesis --version

case "${1:-}" in
  --print-bin) echo "$bin" ;;
  --) shift; exec "$bin" "$@" ;;
  *) echo "usage: scripts/schemathesis.sh --print-bin | -- ARGS..." >&2; exit 2 ;;
esac
