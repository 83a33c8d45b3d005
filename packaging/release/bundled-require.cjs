/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module inside a CommonJS bundle */
// Stands in for `node:module` in the plugin's own code inside the release bundle
// (bundle.mjs). The plugin finds `@pulumi/pulumi`'s own copies of gRPC and the protocol through
// `createRequire` and `require.resolve` (provider/plugin/server.ts, provider/runtime/engine-log.ts),
// which a single executable application cannot do: it has no node_modules, and its `require`
// loads only Node.js's built-in modules. Here those lookups answer from the bundle, which holds
// one copy of each; a module the list does not name fails loudly, naming it.
"use strict";
const builtin = require("node:module");

/** The modules the plugin looks up at run time, bundled. */
const BUNDLED = {
  "@grpc/grpc-js": () => require("@grpc/grpc-js"),
  "@pulumi/pulumi/provider": () => require("@pulumi/pulumi/provider"),
  "@pulumi/pulumi/proto/engine_grpc_pb": () => require("@pulumi/pulumi/proto/engine_grpc_pb"),
  "@pulumi/pulumi/proto/engine_pb": () => require("@pulumi/pulumi/proto/engine_pb"),
  "@pulumi/pulumi/proto/provider_pb": () => require("@pulumi/pulumi/proto/provider_pb"),
  "google-protobuf/google/protobuf/struct_pb": () =>
    require("google-protobuf/google/protobuf/struct_pb"),
  "@vmcloud/pulumi/package.json": () => require("../../package.json"),
};
/** Modules looked up only to anchor a `createRequire` (the lookups above answer from anywhere). */
const ANCHORS = new Set(["@pulumi/pulumi/cmd/dynamic-provider"]);

function bundledId(id) {
  if (Object.prototype.hasOwnProperty.call(BUNDLED, id) || ANCHORS.has(id)) return id;
  throw new Error(
    `pulumi-resource-vmcloud: the standalone plugin does not bundle "${id}" ` +
      "(packaging/release/bundled-require.cjs lists what it does)",
  );
}

/** `require.resolve` of the bundle: the id itself, for an id the bundle holds. */
function resolveBundled(id) {
  return bundledId(id);
}

/** `createRequire` of the bundle: a require of the bundled modules, wherever it is anchored. */
function createRequire() {
  const bundledRequire = (id) => {
    const load = BUNDLED[bundledId(id)];
    if (load === undefined) throw new Error(`pulumi-resource-vmcloud: "${id}" is not loadable`);
    return load();
  };
  bundledRequire.resolve = resolveBundled;
  return bundledRequire;
}

module.exports = { ...builtin, createRequire, resolveBundled };
