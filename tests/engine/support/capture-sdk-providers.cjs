// Captures the `__provider` text each SDK resource class registers, exactly as a program
// registers it: every class of TYPE_TOKENS is constructed under Pulumi's runtime mocks, whose
// `newResource` receives the inputs the engine would get. One implementation, used two ways:
// - in-process (tests/engine/support/sdk-providers.ts requires it with the SDK's TS sources);
// - as a separate process on the built package, to show the text is the same in every process
//   and build: `node capture-sdk-providers.cjs <repo>/dist/sdk/index.js <token>` prints JSON.
"use strict";

/** Inputs of each class; actions take `{}` (mocks check nothing, their inputs are optional). */
const ARGS = {
  Disk: { name: "data", size: 10, diskType: "SSD" },
  DiskAttachment: {
    diskId: "6b3d2c44-8c1f-4c55-9d0b-5a1e3f1f0a01",
    vmId: "6b3d2c44-8c1f-4c55-9d0b-5a1e3f1f0a02",
  },
  Subnet: { name: "net", address: "10.20.0.0", prefixLength: 24 },
  SecurityGroup: {
    name: "web",
    rules: [{ direction: "ingress", protocol: "tcp", portRange: "443:443" }],
  },
  SecurityGroupRule: {
    securityGroupId: "6b3d2c44-8c1f-4c55-9d0b-5a1e3f1f0a03",
    direction: "ingress",
    protocol: "tcp",
    portRange: "22:22",
  },
  Vm: {
    name: "web",
    flavor: "gen-2-4",
    image: "ubuntu-22.04",
    bootDisk: { size: 10 },
    password: "Pa55-word!",
  },
  FreeTierVm: { name: "free", image: "ubuntu-22.04" },
  ExternalIp: { name: "stable" },
  PlacementGroup: { name: "spread", policy: "anti-affinity" },
  NatGateway: { name: "egress" },
  Image: { name: "golden", diskId: "00000000-0000-4000-8000-000000000001" },
  VmBackup: { name: "before-upgrade", vmId: "00000000-0000-4000-8000-000000000002" },
  NetworkInterface: { name: "port" },
};

/** Types that no class of their own registers: the class that does, by type. */
const REGISTERED_BY = { ActionWait: "BackupRestore" };

/**
 * Registers one resource of every class named in `typeTokens` (class name → type token) with
 * `pulumi`'s mocks, with the stack config `vmcloud:token` = `token` (secret) and the same in
 * `VMCLOUD_TOKEN`, and resolves to `{ <className>: { type, provider, inputs } }`.
 */
async function captureProviders(pulumi, sdk, typeTokens, token) {
  const byType = {};
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        byType[args.type] = args.inputs;
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "vmcloud-engine-tests",
    "shim",
    false,
  );
  // Credentials are where a careless provider could capture them: in the config and the env.
  pulumi.runtime.setAllConfig(
    { "vmcloud:token": token, "vmcloud:endpoint": "http://127.0.0.1:9" },
    ["vmcloud:token"],
  );
  const previousEnv = process.env.VMCLOUD_TOKEN;
  process.env.VMCLOUD_TOKEN = token;
  try {
    const made = [];
    for (const className of Object.keys(typeTokens)) {
      const Class = sdk[className];
      // A type only registered by other classes (the actions' `ActionWait`) has no class.
      if (REGISTERED_BY[className] !== undefined) continue;
      if (typeof Class !== "function") throw new Error(`the SDK exports no class ${className}`);
      made.push(new Class(`shim-${className}`, ARGS[className] ?? {}));
    }
    // The mocks register a resource once its inputs resolve (an action's run and wait once
    // the component's outputs do); its URN resolves after that.
    await Promise.all(
      made.map((resource) => new Promise((done) => (resource.status ?? resource.urn).apply(done))),
    );
  } finally {
    if (previousEnv === undefined) delete process.env.VMCLOUD_TOKEN;
    else process.env.VMCLOUD_TOKEN = previousEnv;
  }
  const out = {};
  for (const [className, type] of Object.entries(typeTokens)) {
    const inputs = byType[type];
    if (inputs === undefined) throw new Error(`${className} registered nothing as ${type}`);
    out[className] = { type, provider: inputs.__provider, inputs };
  }
  return out;
}

module.exports = { captureProviders, ARGS, REGISTERED_BY };

if (require.main === module) {
  const [sdkPath, token] = process.argv.slice(2);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script
  const { createRequire } = require("node:module");
  const sdkRequire = createRequire(sdkPath);
  const pulumi = sdkRequire("@pulumi/pulumi");
  const sdk = sdkRequire(sdkPath);
  const { TYPE_TOKENS } = sdkRequire("../provider/type-tokens.js");
  captureProviders(pulumi, sdk, TYPE_TOKENS, token).then(
    (captured) => process.stdout.write(JSON.stringify(captured)),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
