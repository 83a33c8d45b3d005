#!/usr/bin/env bash
# Provides the real Pulumi engine (the `pulumi` CLI, its Node.js language host and the
# plugin launchers) for the end-to-end tests and for developers. See docs/engine.md.
#
#   source scripts/pulumi-engine.sh           build or reuse the engine, put it first on PATH
#   scripts/pulumi-engine.sh --print-bin      build or reuse, print the directory holding `pulumi`
#   scripts/pulumi-engine.sh --print-path     build or reuse, print the PATH entries to prepend
#                                             (the Node.js in use, then the engine directories)
#   scripts/pulumi-engine.sh --rebuild ...    build again even when cached (with any option above)
#   scripts/pulumi-engine.sh --stock-launcher ...  with any option above: the same engine, but with
#                                             the dynamic-provider launcher as Pulumi's release
#                                             archives ship it (launchers/stock/), in its own bin
#   scripts/pulumi-engine.sh -- CMD ARGS...   run CMD with the engine on PATH
#
# A `pulumi` already on PATH is used as it is (only the missing launchers are added), unless
# VMCLOUD_PULUMI_FROM_SOURCE=1. Otherwise the CLI and the Node.js language host are built once
# per machine from the Go module proxy, from the wrapper modules in scripts/pulumi-engine/, and
# cached under ${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}/pulumi-<cli>-nodejs-<host>-<hash>/bin.
# VMCLOUD_PULUMI_REBUILD=1 does what --rebuild does.
#
# Sourcing exports PATH and PULUMI_SKIP_UPDATE_CHECK=true only: never a backend or a
# passphrase, which each caller chooses. Bash only (it reads BASH_SOURCE).

vmcloud_engine_log() { echo "vmcloud: $*" >&2; }

vmcloud_engine_elapsed() {
  local s=$1
  if [ "$s" -ge 60 ]; then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}

# Version of a module required by a wrapper go.mod.
vmcloud_engine_required() {
  awk -v mod="$2" '($1 == mod) { print $2; exit } ($1 == "require" && $2 == mod) { print $3; exit }' "$1"
}

# Builds the three binaries into a temporary directory next to the cache entry and renames it
# into place, so an interrupted build never leaves a partial entry. Runs in a subshell: its
# environment, traps and `set -e` stay out of a shell that sourced this file.
vmcloud_engine_build() (
  set -euo pipefail
  final=$1 modules=$2 cli_version=$3 host_version=$4
  cache=$(dirname "$final")
  mkdir -p "$cache"

  if ! command -v go >/dev/null 2>&1; then
    vmcloud_engine_log "Go is needed to build the Pulumi CLI (Go >= 1.26.6, see docs/engine.md)"
    exit 1
  fi

  # One build at a time per machine: a second caller waits, then finds the entry built.
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$cache/.pulumi-engine.lock"
    if ! flock -n 9; then
      vmcloud_engine_log "another build of the Pulumi engine is running; waiting for it"
      flock 9
    fi
    if [ -x "$final/bin/pulumi" ] && [ "${VMCLOUD_PULUMI_REBUILD:-}" != 1 ]; then exit 0; fi
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

  # Go's default module and build caches persist between runs, so a rebuild is mostly a link.
  # -mod=mod lets the build complete go.sum entries itself instead of failing on one.
  export GOFLAGS="-mod=mod${GOFLAGS:+ $GOFLAGS}"
  version_var=github.com/pulumi/pulumi/sdk/v3/go/common/version.Version

  started=$SECONDS
  vmcloud_engine_log "building the Pulumi CLI $cli_version from Go modules (first run, ~5 min)…"
  go_build "$modules/cli" -ldflags "-s -w -X $version_var=$cli_version" \
    -o "$tmp/bin/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
  cli_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the Pulumi CLI $cli_version in $(vmcloud_engine_elapsed "$cli_seconds")"

  started=$SECONDS
  vmcloud_engine_log "building the Node.js language host $host_version from Go modules (~15 s)…"
  go_build "$modules/nodejs-host" -ldflags "-s -w -X $version_var=$host_version" \
    -o "$tmp/bin/pulumi-language-nodejs-legacy" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs
  go_build "$modules/nodejs-adapter" -ldflags "-s -w" -o "$tmp/bin/pulumi-language-nodejs" .
  host_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the Node.js language host and its adapter in $(vmcloud_engine_elapsed "$host_seconds")"

  cat >"$tmp/BUILD-INFO" <<EOF
pulumi CLI: $cli_version (github.com/pulumi/pulumi/pkg/v3)
Node.js language host: $host_version (github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs), behind vmcloud's adapter
built with: $(go version)
built on: $(date -u +%Y-%m-%dT%H:%M:%SZ)
CLI build: ${cli_seconds}s; language host build: ${host_seconds}s
EOF

  if [ -e "$final" ]; then
    # A rebuild: swap the old entry out, then drop it.
    mv -T "$final" "$tmp.old"
    trap 'rm -rf "$tmp" "$tmp.old"' EXIT
  fi
  mv -T "$tmp" "$final"
)

# Copies the launcher scripts into a bin directory; each file is replaced by a rename.
vmcloud_engine_install_launchers() {
  local src=$1 dest=$2 name
  shift 2
  mkdir -p "$dest" || return 1
  for name in "$@"; do
    if ! cmp -s "$src/$name" "$dest/$name"; then
      cp "$src/$name" "$dest/.$name.$$" && chmod 755 "$dest/.$name.$$" &&
        mv -f "$dest/.$name.$$" "$dest/$name" || return 1
    fi
  done
}

# A bin directory with hard links to the engine's binaries and the stock dynamic-provider
# launcher; each file is replaced by a rename, so concurrent callers never see a gap.
vmcloud_engine_stock_bin() {
  local src=$1 dest=$2 stock=$3 name
  mkdir -p "$dest" || return 1
  for name in pulumi pulumi-language-nodejs pulumi-language-nodejs-legacy; do
    [ "$src/$name" -ef "$dest/$name" ] && continue
    { ln "$src/$name" "$dest/.$name.$$" 2>/dev/null || cp "$src/$name" "$dest/.$name.$$"; } &&
      mv -f "$dest/.$name.$$" "$dest/$name" || return 1
  done
  vmcloud_engine_install_launchers "$src" "$dest" pulumi-analyzer-policy &&
    vmcloud_engine_install_launchers "$stock" "$dest" pulumi-resource-pulumi-nodejs
}

vmcloud_engine_main() {
  local action=source rebuild=${VMCLOUD_PULUMI_REBUILD:-} stock=
  while [ $# -gt 0 ]; do
    case $1 in
      --print-bin) action=print-bin ;;
      --print-path) action=print-path ;;
      --rebuild) rebuild=1 ;;
      --) shift; action="exec"; break ;;
      --stock-launcher) stock=1 ;;
      -h | --help) sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; return 0 ;;
      *) vmcloud_engine_log "unknown option $1 (see --help)"; return 2 ;;
    esac
    shift
  done
  if [ "$action" = exec ] && [ $# -eq 0 ]; then
    vmcloud_engine_log "-- needs a command to run"; return 2
  fi

  local scripts modules launchers cache
  scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) || return 1
  modules=$scripts/pulumi-engine
  launchers=$modules/launchers
  cache=${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}

  # The launchers and the language host run `node`: it must be the Node.js the project needs.
  # shellcheck source=scripts/use-node.sh
  source "$scripts/use-node.sh" || return 1

  local bin extra_path="" ambient ambient_mode=""
  ambient=$(command -v pulumi 2>/dev/null || true)
  case $ambient in "$cache"/pulumi-*) ambient="" ;; esac # our own build, from an earlier source
  if [ -n "$ambient" ] && [ "${VMCLOUD_PULUMI_FROM_SOURCE:-}" != 1 ]; then
    # An installed CLI comes with a current language host; add only the launchers it lacks
    # next to it, in a directory of ours placed last on PATH.
    ambient_mode=1
    bin=$(dirname "$ambient")
    local real_dir missing=() name
    real_dir=$(dirname "$(readlink -f "$ambient")")
    for name in pulumi-resource-pulumi-nodejs pulumi-analyzer-policy; do
      [ -x "$real_dir/$name" ] || missing+=("$name")
    done
    if [ -n "$stock" ] && [[ " ${missing[*]} " == *" pulumi-resource-pulumi-nodejs "* ]]; then
      # The installed CLI's own launcher is the stock one; where it lacks one, the stock copy.
      vmcloud_engine_install_launchers "$launchers/stock" "$cache/pulumi-launchers-stock/bin" \
        pulumi-resource-pulumi-nodejs || return 1
      extra_path=$cache/pulumi-launchers-stock/bin
      missing=("${missing[@]/pulumi-resource-pulumi-nodejs/}")
    fi
    if [ -n "${missing[*]}" ]; then
      vmcloud_engine_install_launchers "$launchers" "$cache/pulumi-launchers/bin" ${missing[*]} || return 1
      extra_path=${extra_path:+$extra_path:}$cache/pulumi-launchers/bin
    fi
    vmcloud_engine_log "using the pulumi on PATH: $ambient ($("$ambient" version 2>/dev/null))"
  else
    local cli_version host_version hash entry
    cli_version=$(vmcloud_engine_required "$modules/cli/go.mod" github.com/pulumi/pulumi/pkg/v3)
    host_version=$(vmcloud_engine_required "$modules/nodejs-host/go.mod" github.com/pulumi/pulumi/sdk/v3)
    if [ -z "$cli_version" ] || [ -z "$host_version" ]; then
      vmcloud_engine_log "cannot read the Pulumi versions from $modules/*/go.mod"; return 1
    fi
    # The entry is keyed by the versions and by everything that decides what gets built.
    hash=$(cd "$modules" && cat cli/go.mod cli/tools.go nodejs-host/go.mod nodejs-host/tools.go \
      nodejs-adapter/go.mod nodejs-adapter/*.go | sha256sum | cut -c1-12) || return 1
    entry=$cache/pulumi-$cli_version-nodejs-$host_version-$hash
    bin=$entry/bin
    if [ -n "$rebuild" ] || [ ! -x "$bin/pulumi" ] || [ ! -x "$bin/pulumi-language-nodejs" ] ||
      [ ! -x "$bin/pulumi-language-nodejs-legacy" ]; then
      local started=$SECONDS
      VMCLOUD_PULUMI_REBUILD=$rebuild vmcloud_engine_build "$entry" "$modules" "$cli_version" "$host_version" || {
        vmcloud_engine_log "building the Pulumi engine failed"; return 1
      }
      vmcloud_engine_log "Pulumi engine ready in $bin ($(vmcloud_engine_elapsed $((SECONDS - started))))"
    fi
    vmcloud_engine_install_launchers "$launchers" "$bin" pulumi-resource-pulumi-nodejs pulumi-analyzer-policy ||
      return 1
    if [ -n "$stock" ]; then
      # The CLI finds its bundled launcher next to its own executable (symlinks resolved), so
      # the stock variant is a second bin of hard links to the same binaries.
      vmcloud_engine_stock_bin "$bin" "$entry/stock/bin" "$launchers/stock" || return 1
      bin=$entry/stock/bin
    fi
  fi

  # Directories for PATH: the Node.js in use, the engine's bin (an ambient CLI's directory is on
  # PATH already, and prepending it again could shadow that Node.js), the launchers added last.
  local node_dir prefix
  node_dir=$(dirname "$(command -v node)")
  prefix=$node_dir
  [ -n "$ambient_mode" ] || prefix=$prefix:$bin
  case $action in
    print-bin) echo "$bin" ;;
    print-path) echo "$prefix${extra_path:+:$extra_path}" ;;
    source | exec)
      if [ -z "$ambient_mode" ]; then
        case $PATH in "$bin:"*) ;; *) export PATH="$bin:$PATH" ;; esac
      fi
      if [ -n "$extra_path" ]; then
        case ":$PATH:" in *":$extra_path:"*) ;; *) export PATH="$PATH:$extra_path" ;; esac
      fi
      hash -r
      # The CLI would otherwise query the network for a newer release on every command.
      export PULUMI_SKIP_UPDATE_CHECK=true
      # PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK is deliberately not set: the Automation API
      # only checks that the CLI is at least v3.2.0, and the CLIs used here are newer.
      if [ "$action" = exec ]; then exec "$@"; fi
      ;;
  esac
}

if [ "${BASH_SOURCE[0]}" != "$0" ]; then
  vmcloud_engine_main "$@"
  vmcloud_engine_status=$?
  unset -f vmcloud_engine_main vmcloud_engine_build vmcloud_engine_install_launchers vmcloud_engine_stock_bin \
    vmcloud_engine_required vmcloud_engine_elapsed vmcloud_engine_log
  eval "unset vmcloud_engine_status; return $vmcloud_engine_status"
else
  vmcloud_engine_main "$@"
fi
