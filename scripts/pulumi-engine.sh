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
#   scripts/pulumi-engine.sh --with-languages ...  with any option above: also the YAML, Python,
#                                             Go and Java language hosts and a Python
#                                             environment with the `pulumi` package, which
#                                             --print-path and sourcing put on PATH after the
#                                             engine
#   scripts/pulumi-engine.sh --print-java-gen build or reuse the Java host's entry, print the path
#                                             of its SDK generator `pulumi-java-gen`
#   scripts/pulumi-engine.sh -- CMD ARGS...   run CMD with the engine on PATH
#
# A `pulumi` already on PATH is used as it is (only the missing launchers are added), unless
# VMCLOUD_PULUMI_FROM_SOURCE=1. Otherwise the CLI and the Node.js language host are built once
# per machine from the Go module proxy, from the wrapper modules in scripts/pulumi-engine/, and
# cached under ${VMCLOUD_CACHE:-$HOME/.cache/vmcloud}/pulumi-<cli>-nodejs-<host>-<hash>/bin; the
# other language hosts likewise under pulumi-languages-…/bin (the Java host, with the Java SDK
# generator, apart under pulumi-java-…/bin: it is the slowest to build, and changing one entry
# must not rebuild the other), the Python environment under pulumi-python-<hash>/.
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

# Where the SDK module's version is stamped, for `pulumi version` and the hosts' plugin info.
vmcloud_engine_version_var=github.com/pulumi/pulumi/sdk/v3/go/common/version.Version

# Builder (see scripts/cached-build.sh) of the engine: the CLI, the Node.js language host and
# its adapter.
vmcloud_engine_build_cli() {
  local tmp=$1 modules=$2 cli_version=$3 host_version=$4 started cli_seconds host_seconds
  started=$SECONDS
  vmcloud_engine_log "building the Pulumi CLI $cli_version from Go modules (first run, ~5 min)…"
  go_build "$modules/cli" -ldflags "-s -w -X $vmcloud_engine_version_var=$cli_version" \
    -o "$tmp/bin/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
  cli_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the Pulumi CLI $cli_version in $(vmcloud_engine_elapsed "$cli_seconds")"

  started=$SECONDS
  vmcloud_engine_log "building the Node.js language host $host_version from Go modules (~15 s)…"
  go_build "$modules/nodejs-host" -ldflags "-s -w -X $vmcloud_engine_version_var=$host_version" \
    -o "$tmp/bin/pulumi-language-nodejs-legacy" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs
  go_build "$modules/language-adapter" -ldflags "-s -w" -o "$tmp/bin/pulumi-language-nodejs" .
  host_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the Node.js language host and its adapter in $(vmcloud_engine_elapsed "$host_seconds")"

  cat >"$tmp/BUILD-INFO" <<EOF
pulumi CLI: $cli_version (github.com/pulumi/pulumi/pkg/v3)
Node.js language host: $host_version (github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs), behind vmcloud's adapter
built with: $(go version)
built on: $(date -u +%Y-%m-%dT%H:%M:%SZ)
CLI build: ${cli_seconds}s; language host build: ${host_seconds}s
EOF
}

# Builder (see scripts/cached-build.sh) of the other language hosts: YAML, Python (with the
# `pulumi-language-python-exec` script it runs every program through, beside it) and Go, the
# last two behind the language adapter.
vmcloud_engine_build_languages() {
  local tmp=$1 modules=$2 yaml_version=$3 python_version=$4 go_version=$5
  local started yaml_seconds python_seconds go_seconds adapter_seconds sdk
  started=$SECONDS
  vmcloud_engine_log "building the YAML language host $yaml_version from Go modules (first run, ~1 min)…"
  go_build "$modules/yaml-host" -ldflags "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=$yaml_version" \
    -o "$tmp/bin/pulumi-language-yaml" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml
  yaml_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the YAML language host in $(vmcloud_engine_elapsed "$yaml_seconds")"

  started=$SECONDS
  vmcloud_engine_log "building the Python language host $python_version from Go modules…"
  go_build "$modules/python-host" -ldflags "-s -w -X $vmcloud_engine_version_var=$python_version" \
    -o "$tmp/bin/pulumi-language-python-legacy" github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python
  sdk=$(cd "$modules/python-host" && go list -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)
  cp "$sdk/python/cmd/pulumi-language-python-exec" "$tmp/bin/pulumi-language-python-exec"
  chmod 755 "$tmp/bin/pulumi-language-python-exec"
  python_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the Python language host in $(vmcloud_engine_elapsed "$python_seconds")"

  started=$SECONDS
  vmcloud_engine_log "building the Go language host $go_version from Go modules…"
  go_build "$modules/go-host" -ldflags "-s -w -X $vmcloud_engine_version_var=$go_version" \
    -o "$tmp/bin/pulumi-language-go-legacy" github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go
  go_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the Go language host in $(vmcloud_engine_elapsed "$go_seconds")"

  # The adapter answers GenerateProgram for the two old hosts (`pulumi import` writes code with
  # it); the CLI starts it under each host's name, and it starts the host beside it.
  started=$SECONDS
  go_build "$modules/language-adapter" -ldflags "-s -w" -o "$tmp/bin/pulumi-language-python" .
  ln "$tmp/bin/pulumi-language-python" "$tmp/bin/pulumi-language-go"
  adapter_seconds=$((SECONDS - started))
  vmcloud_engine_log "built their adapter in $(vmcloud_engine_elapsed "$adapter_seconds")"

  cat >"$tmp/BUILD-INFO" <<EOF
YAML language host: $yaml_version (github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml)
Python language host: $python_version (github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python), behind vmcloud's adapter
Go language host: $go_version (github.com/pulumi/pulumi/sdk/v3/go/pulumi-language-go), behind vmcloud's adapter
built with: $(go version)
built on: $(date -u +%Y-%m-%dT%H:%M:%SZ)
YAML build: ${yaml_seconds}s; Python build: ${python_seconds}s; Go build: ${go_seconds}s; adapter build: ${adapter_seconds}s
EOF
}

# Builder (see scripts/cached-build.sh) of the Java language host and of the Java SDK generator,
# from one wrapper module; apart from the other hosts, since it alone takes minutes (its own
# pkg/v3, v3.228.0, is not the CLI's, so the CLI's build leaves little in Go's build cache).
vmcloud_engine_build_java() {
  local tmp=$1 modules=$2 java_version=$3 started host_seconds gen_seconds
  local ldflags="-s -w -X github.com/pulumi/pulumi-java/pkg/version.Version=${java_version#v}"
  started=$SECONDS
  vmcloud_engine_log "building the Java language host $java_version from Go modules (first run, ~5-8 min)…"
  go_build "$modules/java-host" -ldflags "$ldflags" \
    -o "$tmp/bin/pulumi-language-java" github.com/pulumi/pulumi-java/pkg/cmd/pulumi-language-java
  host_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the Java language host in $(vmcloud_engine_elapsed "$host_seconds")"
  started=$SECONDS
  go_build "$modules/java-host" -ldflags "$ldflags" \
    -o "$tmp/bin/pulumi-java-gen" github.com/pulumi/pulumi-java/pkg/cmd/pulumi-java-gen
  gen_seconds=$((SECONDS - started))
  vmcloud_engine_log "built the Java SDK generator in $(vmcloud_engine_elapsed "$gen_seconds")"
  cat >"$tmp/BUILD-INFO" <<EOF
Java language host and SDK generator: $java_version (github.com/pulumi/pulumi-java/pkg, cmd/pulumi-language-java and cmd/pulumi-java-gen)
built with: $(go version)
built on: $(date -u +%Y-%m-%dT%H:%M:%SZ)
host build: ${host_seconds}s; generator build: ${gen_seconds}s
EOF
}

# The Java entry's directory, built (first run) or reused: prints it.
vmcloud_engine_java_entry() {
  local modules=$1 cache=$2 rebuild=$3 java_version java_hash java started
  java_version=$(vmcloud_engine_required "$modules/java-host/go.mod" github.com/pulumi/pulumi-java/pkg)
  if [ -z "$java_version" ]; then
    vmcloud_engine_log "cannot read the Java host's version from $modules/java-host/go.mod"; return 1
  fi
  java_hash=$(cd "$modules/java-host" && cat go.mod go.sum tools.go | sha256sum | cut -c1-12) || return 1
  java=$cache/pulumi-java-$java_version-$java_hash
  if [ -n "$rebuild" ] || [ ! -x "$java/bin/pulumi-java-gen" ]; then
    started=$SECONDS
    VMCLOUD_PULUMI_REBUILD=$rebuild vmcloud_cached_build "$java" bin/pulumi-java-gen \
      "the Java language host" vmcloud_engine_build_java "$modules" "$java_version" || {
      vmcloud_engine_log "building the Java language host failed"; return 1
    }
    vmcloud_engine_log "Java language host ready in $java/bin ($(vmcloud_engine_elapsed $((SECONDS - started))))"
  fi
  echo "$java"
}

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

# Hard links (copies across file systems) of the named files of one bin directory in another;
# each file is replaced by a rename, so concurrent callers never see a gap.
vmcloud_engine_link() {
  local src=$1 dest=$2 name
  shift 2
  mkdir -p "$dest" || return 1
  for name in "$@"; do
    [ "$src/$name" -ef "$dest/$name" ] && continue
    { ln "$src/$name" "$dest/.$name.$$" 2>/dev/null || cp "$src/$name" "$dest/.$name.$$"; } &&
      mv -f "$dest/.$name.$$" "$dest/$name" || return 1
  done
}

# A variant of the engine's bin: links to its binaries, the dynamic-provider launcher from
# LAUNCHERS (ours or the stock one), and, for each LANGUAGES bin directory given, links to the
# language hosts (and tools) in it. The CLI takes a bundled plugin (language hosts, the launcher) from
# next to its own executable, symlinks resolved, and warns when it finds one elsewhere on PATH.
vmcloud_engine_variant_bin() {
  local src=$1 dest=$2 launchers=$3 languages name names
  shift 3
  vmcloud_engine_link "$src" "$dest" pulumi pulumi-language-nodejs pulumi-language-nodejs-legacy &&
    vmcloud_engine_install_launchers "$src" "$dest" pulumi-analyzer-policy &&
    vmcloud_engine_install_launchers "$launchers" "$dest" pulumi-resource-pulumi-nodejs || return 1
  for languages in "$@"; do
    names=()
    for name in "$languages"/pulumi-*; do names+=("$(basename "$name")"); done
    vmcloud_engine_link "$languages" "$dest" "${names[@]}" || return 1
  done
}

vmcloud_engine_main() {
  local action=source rebuild=${VMCLOUD_PULUMI_REBUILD:-} stock= with_languages=
  while [ $# -gt 0 ]; do
    case $1 in
      --print-bin) action=print-bin ;;
      --print-path) action=print-path ;;
      --print-java-gen) action=print-java-gen ;;
      --rebuild) rebuild=1 ;;
      --) shift; action="exec"; break ;;
      --stock-launcher) stock=1 ;;
      --with-languages) with_languages=1 ;;
      -h | --help) sed -n '2,32p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; return 0 ;;
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
  # shellcheck source=scripts/cached-build.sh
  source "$scripts/cached-build.sh" || return 1

  if [ "$action" = print-java-gen ]; then
    local java_entry
    java_entry=$(vmcloud_engine_java_entry "$modules" "$cache" "$rebuild") || return 1
    echo "$java_entry/bin/pulumi-java-gen"
    return 0
  fi

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
      language-adapter/go.mod language-adapter/*.go | sha256sum | cut -c1-12) || return 1
    entry=$cache/pulumi-$cli_version-nodejs-$host_version-$hash
    bin=$entry/bin
    if [ -n "$rebuild" ] || [ ! -x "$bin/pulumi" ] || [ ! -x "$bin/pulumi-language-nodejs" ] ||
      [ ! -x "$bin/pulumi-language-nodejs-legacy" ]; then
      local started=$SECONDS
      VMCLOUD_PULUMI_REBUILD=$rebuild vmcloud_cached_build "$entry" bin/pulumi-language-nodejs-legacy \
        "the Pulumi engine" vmcloud_engine_build_cli "$modules" "$cli_version" "$host_version" || {
        vmcloud_engine_log "building the Pulumi engine failed"; return 1
      }
      vmcloud_engine_log "Pulumi engine ready in $bin ($(vmcloud_engine_elapsed $((SECONDS - started))))"
    fi
    vmcloud_engine_install_launchers "$launchers" "$bin" pulumi-resource-pulumi-nodejs pulumi-analyzer-policy ||
      return 1
  fi

  # The other language hosts and the Python SDK, only when asked: most suites need neither.
  local python_path="" languages_hash languages java_entry=""
  if [ -n "$with_languages" ]; then
    if [ -z "$ambient_mode" ]; then
      local yaml_version yaml_pkg python_version go_version
      yaml_version=$(vmcloud_engine_required "$modules/yaml-host/go.mod" github.com/pulumi/pulumi-yaml)
      yaml_pkg=$(vmcloud_engine_required "$modules/yaml-host/go.mod" github.com/pulumi/pulumi/pkg/v3)
      python_version=$(vmcloud_engine_required "$modules/python-host/go.mod" github.com/pulumi/pulumi/sdk/v3)
      go_version=$(vmcloud_engine_required "$modules/go-host/go.mod" github.com/pulumi/pulumi/sdk/v3)
      if [ -z "$yaml_version" ] || [ -z "$python_version" ] || [ -z "$go_version" ]; then
        vmcloud_engine_log "cannot read the language hosts' versions from $modules/*-host/go.mod"; return 1
      fi
      # The YAML host is built on the CLI's own Pulumi packages: one engine protocol for both.
      if [ "$yaml_pkg" != "$cli_version" ]; then
        vmcloud_engine_log "$modules/yaml-host/go.mod requires pkg/v3 $yaml_pkg but the CLI is $cli_version: make them equal (docs/engine.md)"
        return 1
      fi
      languages_hash=$(cd "$modules" && cat yaml-host/go.mod yaml-host/tools.go python-host/go.mod \
        python-host/tools.go go-host/go.mod go-host/tools.go language-adapter/go.mod \
        language-adapter/*.go | sha256sum | cut -c1-12) || return 1
      languages=$cache/pulumi-languages-yaml-$yaml_version-python-$python_version-go-$go_version-$languages_hash
      if [ -n "$rebuild" ] || [ ! -x "$languages/bin/pulumi-language-go" ]; then
        local started=$SECONDS
        VMCLOUD_PULUMI_REBUILD=$rebuild vmcloud_cached_build "$languages" bin/pulumi-language-go \
          "the language hosts" vmcloud_engine_build_languages "$modules" "$yaml_version" "$python_version" "$go_version" || {
          vmcloud_engine_log "building the language hosts failed"; return 1
        }
        vmcloud_engine_log "language hosts ready in $languages/bin ($(vmcloud_engine_elapsed $((SECONDS - started))))"
      fi
      java_entry=$(vmcloud_engine_java_entry "$modules" "$cache" "$rebuild") || return 1
    fi
    # Python programs run with the first `python3` on PATH: a virtual environment that has the
    # `pulumi` package (an installed CLI's Python host looks for it the same way).
    local requirements=$modules/python/requirements.txt python_env
    python_env=$cache/pulumi-python-$(sha256sum "$requirements" | cut -c1-12) || return 1
    # shellcheck source=scripts/python-venv.sh
    source "$scripts/python-venv.sh" || return 1
    vmcloud_python_venv "$python_env" "$requirements" "the Pulumi Python SDK" python -c 'import pulumi' || {
      unset -f vmcloud_python_venv
      vmcloud_engine_log "installing the Pulumi Python SDK failed"; return 1
    }
    unset -f vmcloud_python_venv
    python_path=$python_env/bin
  fi

  if [ -z "$ambient_mode" ] && { [ -n "$stock" ] || [ -n "$with_languages" ]; }; then
    # The CLI finds its bundled plugins next to its own executable (symlinks resolved), so each
    # variant is a second bin of hard links to the same binaries, inside the engine's entry.
    local variant=${stock:+stock}
    [ -z "$with_languages" ] || variant=${variant:+$variant-}languages-$languages_hash
    vmcloud_engine_variant_bin "$bin" "$entry/$variant/bin" "$launchers${stock:+/stock}" \
      ${with_languages:+"$languages/bin" "$java_entry/bin"} || return 1
    bin=$entry/$variant/bin
  fi

  # Directories for PATH: the Node.js in use, the engine's bin (an ambient CLI's directory is on
  # PATH already, and prepending it again could shadow that Node.js), the Python environment
  # when asked for, the launchers added last.
  local node_dir prefix engine_path
  node_dir=$(dirname "$(command -v node)")
  engine_path=$python_path
  [ -n "$ambient_mode" ] || engine_path=$bin${engine_path:+:$engine_path}
  prefix=$node_dir${engine_path:+:$engine_path}
  case $action in
    print-bin) echo "$bin" ;;
    print-path) echo "$prefix${extra_path:+:$extra_path}" ;;
    source | exec)
      if [ -n "$engine_path" ]; then
        case $PATH in "$engine_path:"*) ;; *) export PATH="$engine_path:$PATH" ;; esac
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
  unset -f vmcloud_engine_main vmcloud_cached_build vmcloud_engine_build_cli vmcloud_engine_build_languages \
    vmcloud_engine_install_launchers vmcloud_engine_link vmcloud_engine_variant_bin vmcloud_engine_required \
    vmcloud_engine_build_java vmcloud_engine_java_entry \
    vmcloud_engine_elapsed vmcloud_engine_log
  eval "unset vmcloud_engine_status vmcloud_engine_version_var; return $vmcloud_engine_status"
else
  vmcloud_engine_main "$@"
fi
