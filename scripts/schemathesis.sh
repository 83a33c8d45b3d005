#!/usr/bin/env bash
# Provides Schemathesis (from PyPI) for the fuzzing suite, tests/fuzz/schemathesis.test.ts.
#
#   scripts/schemathesis.sh --print-bin     install or reuse, print the path of `schemathesis`
#   scripts/schemathesis.sh -- ARGS...      install or reuse, then run `schemathesis ARGS...`
#
# It needs Python >= 3.10 with the venv module (python3, or $VMCLOUD_PYTHON). The pinned
# version in scripts/schemathesis/requirements.txt is installed once per machine into
# ${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}/schemathesis-<hash of requirements>/ and marked
# complete only at the end, so an interrupted install is redone, never used half-made.
set -euo pipefail

log() { echo "vmcloud: $*" >&2; }

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
requirements="$here/schemathesis/requirements.txt"
cache="${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}"
hash=$(sha256sum "$requirements" | cut -c1-12)
venv="$cache/schemathesis-$hash"
bin="$venv/bin/schemathesis"

install() {
  local python="${VMCLOUD_PYTHON:-python3}"
  if ! command -v "$python" >/dev/null 2>&1; then
    log "Python 3.10 or later is needed for the fuzzing suite (set VMCLOUD_PYTHON to use another)"
    exit 1
  fi
  if ! "$python" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
    log "$("$python" --version 2>&1) cannot make the virtual environment: Python >= 3.10 with venv is needed"
    log "(on Debian or Ubuntu: apt-get install python3-venv)"
    exit 1
  fi
  mkdir -p "$cache"
  # One install at a time per machine: a second caller waits, then finds it installed.
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/.schemathesis.lock"
    flock 9
  fi
  [ -f "$venv/.complete" ] && return 0
  local start
  start=$(date +%s)
  # A venv cannot be moved (its scripts name their interpreter by path), so it is made in its
  # final place and marked complete at the end; an entry without the mark is made again.
  rm -rf "$venv"
  log "installing Schemathesis from PyPI into $venv (once per machine) ..."
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
  "$bin" --version >/dev/null
  touch "$venv/.complete"
  log "Schemathesis ready in $(($(date +%s) - start))s"
}

[ -f "$venv/.complete" ] || install

case "${1:-}" in
  --print-bin) echo "$bin" ;;
  --) shift; exec "$bin" "$@" ;;
  *) echo "usage: scripts/schemathesis.sh --print-bin | -- ARGS..." >&2; exit 2 ;;
esac
