# Sourced by scripts that need a Python package from PyPI (scripts/schemathesis.sh,
# scripts/pulumi-engine.sh --with-languages). Defines one function:
#
#   vmcloud_python_venv VENV REQUIREMENTS WHAT CHECK...
#
# makes (once per machine) the virtual environment VENV with the pinned packages of
# REQUIREMENTS, then runs the command CHECK with VENV/bin first on PATH, and marks VENV
# complete. WHAT names what it is for, in messages. A complete VENV is reused at once.
# Python >= 3.10 with the venv module is needed (python3, or $VMCLOUD_PYTHON). One install at a
# time per VENV (flock on .<name>.lock beside it); a second caller waits, then finds it
# complete. Returns non-zero, with a message on stderr, when it cannot.

vmcloud_python_venv() (
  set -euo pipefail
  venv=$1 requirements=$2 what=$3
  shift 3
  log() { echo "vmcloud: $*" >&2; }
  [ -f "$venv/.complete" ] && exit 0
  python="${VMCLOUD_PYTHON:-python3}"
  if ! command -v "$python" >/dev/null 2>&1; then
    log "Python 3.10 or later is needed for $what (set VMCLOUD_PYTHON to use another)"
    exit 1
  fi
  if ! "$python" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null; then
    log "$("$python" --version 2>&1) cannot make the virtual environment for $what: Python >= 3.10 with venv is needed"
    log "(on Debian or Ubuntu: apt-get install python3-venv)"
    exit 1
  fi
  mkdir -p "$(dirname "$venv")"
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$(dirname "$venv")/.$(basename "$venv").lock"
    flock 9
  fi
  [ -f "$venv/.complete" ] && exit 0
  start=$(date +%s)
  # A venv cannot be moved (its scripts name their interpreter by path), so it is made in its
  # final place and marked complete at the end; an entry without the mark is made again.
  rm -rf "$venv"
  log "installing $what from PyPI into $venv (once per machine) ..."
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
  PATH="$venv/bin:$PATH" "$@" >/dev/null
  touch "$venv/.complete"
  log "$what ready in $(($(date +%s) - start))s"
)
