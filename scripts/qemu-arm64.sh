#!/usr/bin/env bash
# Makes sure a linux-arm64 executable can run on this (amd64) machine: qemu-user's
# qemu-aarch64 and the aarch64 C and C++ runtime libraries (Debian's cross packages, under
# /usr/aarch64-linux-gnu, which `qemu-aarch64 -L` takes). Installs them with apt-get when
# missing (root, as CI and the machines here are); tests/package/release.test.ts runs the
# release's linux-arm64 plugin with them. Does nothing when they are there.
set -euo pipefail
sysroot=/usr/aarch64-linux-gnu
if command -v qemu-aarch64 >/dev/null 2>&1 && [ -e "$sysroot/lib/ld-linux-aarch64.so.1" ] &&
  [ -e "$sysroot/lib/libstdc++.so.6" ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "vmcloud: qemu-aarch64 and the aarch64 libraries are needed: apt-get install qemu-user libc6-arm64-cross libstdc++6-arm64-cross" >&2
  exit 1
fi
start=$(date +%s)
echo "vmcloud: installing qemu-user and the aarch64 libraries from Debian ..." >&2
apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq qemu-user libc6-arm64-cross libstdc++6-arm64-cross >/dev/null
echo "vmcloud: qemu-user ready in $(($(date +%s) - start))s" >&2
