# Sourced by the scripts that build Go programs into ${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}
# (scripts/pulumi-engine.sh, scripts/sdkgen.sh). Defines one function:
#
#   vmcloud_cached_build ENTRY READY WHAT BUILDER ARGS...
#
# builds the cache entry ENTRY (a directory): runs the shell function BUILDER with a temporary
# directory next to ENTRY (holding an empty bin/), then ARGS, and renames that directory into
# place, so an interrupted build never leaves a partial entry. READY, relative to ENTRY, is the
# file that marks it built; WHAT names it in messages. BUILDER runs under `set -euo pipefail`
# and builds with `go_build DIR GO-BUILD-ARGS...` (`go build -trimpath` in DIR, stopped at once
# by Ctrl-C or SIGTERM). One build at a time per machine (flock on .pulumi-engine.lock): a
# second caller waits, then finds ENTRY built. VMCLOUD_PULUMI_REBUILD=1 builds even so.
# Go's own module and build caches are used as they are, so a rebuild is mostly a link.

vmcloud_cached_build() (
  set -euo pipefail
  final=$1 ready=$2 what=$3 builder=$4
  shift 4
  log() { echo "vmcloud: $*" >&2; }
  cache=$(dirname "$final")
  mkdir -p "$cache"

  if ! command -v go >/dev/null 2>&1; then
    log "Go is needed to build $what (Go >= 1.26.6, see docs/engine.md)"
    exit 1
  fi

  if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/.pulumi-engine.lock"
    if ! flock -n 9; then
      log "another build is running; $what waits for it"
      flock 9
    fi
    if [ -e "$final/$ready" ] && [ "${VMCLOUD_PULUMI_REBUILD:-}" != 1 ]; then exit 0; fi
    # Holding the lock, no other build is running: leftovers of killed builds can go.
    rm -rf "$cache"/.pulumi-build.*
  fi

  tmp=$(mktemp -d "$cache/.pulumi-build.XXXXXX")
  chmod 755 "$tmp"
  trap 'rm -rf "$tmp"' EXIT
  # Each `go build` runs in the background so that a signal interrupts the wait at once; the
  # trap stops the build, and the EXIT trap removes the partial directory.
  child=""
  trap '[ -z "$child" ] || kill "$child" 2>/dev/null; exit 130' INT TERM HUP
  go_build() {
    local dir=$1
    shift
    (cd "$dir" && exec go build -trimpath "$@") &
    child=$!
    wait "$child"
    child=""
  }
  mkdir "$tmp/bin"

  # -mod=mod lets the build complete go.sum entries itself instead of failing on one.
  export GOFLAGS="-mod=mod${GOFLAGS:+ $GOFLAGS}"
  "$builder" "$tmp" "$@"

  if [ -e "$final" ]; then
    # A rebuild: swap the old entry out, then drop it.
    mv -T "$final" "$tmp.old"
    trap 'rm -rf "$tmp" "$tmp.old"' EXIT
  fi
  mv -T "$tmp" "$final"
)
