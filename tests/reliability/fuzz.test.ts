// Fuzz: property-based inputs (fast-check) for every resource's `check` (loaded as the
// dynamic-provider host loads it, every value crossing a protobuf Struct) and for every action,
// both its resource's `check` and its function's argument validation. From a valid base input
// each case breaks one thing: a value of the wrong type anywhere in the input (nested ones
// too), an unknown property, or a value outside a field's rule (names, sizes, addresses), and
// pure junk objects are thrown in as well. Invalid input must always be rejected with a failure
// that names the broken field, no exception may escape (a function rejects with an
// `ActionError` that lists the arguments, nothing else), and no request may reach the
// emulator. `npm test` runs 100 cases per property; the full suite 1000.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, type VmCloudClient } from "../../provider/client";
import * as sdk from "../../sdk";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { failureLine, failurePath, failureReason } from "../provider/support/failures";
import { loadProvider, type ProviderHarness } from "../provider/support/provider-harness";
import { randomPassword, randomSecret, SecretScan } from "./support/secrets";
import { FUZZ_RUNS, seed } from "./support/settings";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = Array<string | number>;

const UUID_A = "0b8f3a1e-5c2d-4e6f-8a9b-1c2d3e4f5a6b";
const UUID_B = "7d6c5b4a-3e2f-4a1b-9c8d-7e6f5a4b3c2d";
const scan = new SecretScan();
const PASSWORD = scan.secret("VM password", randomPassword());
const NODE_PASSWORD = scan.secret("node password", randomPassword());

/** Valid inputs of every resource, with most optional fields set so that they get broken too. */
const RESOURCES: Record<string, Record<string, Json>> = {
  "resources/disk": {
    name: "data-1",
    description: "fuzz",
    size: 10,
    diskType: "SSD",
    availabilityZone: "ru.AZ-1",
    readonly: false,
    shared: false,
    encrypted: false,
    tags: ["env-prod"],
    projectId: UUID_A,
    timeouts: { create: "5m", update: "5m", delete: "5m" },
  },
  "resources/disk-attachment": { diskId: UUID_A, vmId: UUID_B, timeouts: { create: "1m" } },
  "resources/subnet": {
    name: "net-1",
    description: "fuzz",
    address: "10.1.0.0/24",
    availabilityZone: "ru.AZ-1",
    dnsServers: ["10.1.0.2"],
    tags: ["env-prod"],
    projectId: UUID_A,
  },
  "resources/security-group": {
    name: "sg-1",
    description: "fuzz",
    rules: [
      {
        direction: "ingress",
        protocol: "tcp",
        portRange: "22:22",
        remoteIpPrefix: "10.0.0.0/8",
        description: "ssh",
      },
    ],
    tags: ["env-prod"],
  },
  "resources/security-group-rule": {
    securityGroupId: UUID_A,
    direction: "ingress",
    etherType: "IPv4",
    protocol: "tcp",
    portRange: "443:443",
    remoteIpPrefix: "0.0.0.0/0",
    description: "https",
  },
  "resources/vm": {
    name: "vm-1",
    description: "fuzz",
    flavor: "burst-1-1",
    image: "ubuntu-22.04",
    availabilityZone: "ru.AZ-1",
    bootDisk: { size: 10, diskType: "SSD" },
    disks: [{ name: "vm-1-data", size: 20 }],
    interfaces: [{ subnet: "net-1", securityGroups: ["sg-1"], externalIp: false }],
    userName: "ops",
    tags: ["env-prod"],
    powerState: "running",
    password: PASSWORD,
    allowRebuild: false,
    timeouts: { create: "20m" },
  },
  "resources/free-tier-vm": {
    name: "free-1",
    image: "ubuntu-22.04",
    availabilityZone: "ru.AZ-1",
    externalIp: false,
    powerState: "running",
  },
};

/** Valid inputs of every action resource. */
const ACTION_RESOURCES: Record<string, Record<string, Json>> = {
  "actions/backup-restore": { backupId: "backup-1", volumeId: "volume-1", triggers: ["1"] },
  "actions/index-snapshot-restore": {
    clusterId: "cluster-1",
    snapshotId: "snap-1",
    targetClusterId: "cluster-1",
    indices: "logs-*",
  },
  "actions/queue-manager-restart": { instanceId: "queue-1" },
  "actions/event-report": {
    events: [
      {
        name: "disk-full",
        severity: "Major",
        type: "alarm",
        resourceProvider: "vm",
        resourceType: "vm",
        resourceId: "vm-1",
      },
    ],
  },
  "actions/node-migration": {
    clusterId: "cluster-1",
    targetClusterId: "cluster-2",
    nodeIds: ["node-1"],
    os: "EulerOS 2.9",
    username: "root",
    password: NODE_PASSWORD,
  },
};

/** Valid arguments of every action function (they must not run: `waitForCompletion` off). */
type ActionFunction = (args: never, options?: { client?: VmCloudClient }) => Promise<unknown>;
const FUNCTIONS: Record<string, { run: ActionFunction; args: Record<string, Json> }> = {
  restoreBackup: {
    run: sdk.restoreBackup as ActionFunction,
    args: { backupId: "backup-1", volumeId: "volume-1", timeout: "5m" },
  },
  restoreIndexSnapshot: {
    run: sdk.restoreIndexSnapshot as ActionFunction,
    args: {
      clusterId: "cluster-1",
      snapshotId: "snap-1",
      targetClusterId: "cluster-1",
      indices: "logs-*",
    },
  },
  restartQueueManager: {
    run: sdk.restartQueueManager as ActionFunction,
    args: { instanceId: "queue-1" },
  },
  reportEvents: {
    run: sdk.reportEvents as ActionFunction,
    args: { events: [{ name: "disk-full", severity: "Major", type: "alarm" }] },
  },
  clearAlarms: {
    run: sdk.clearAlarms as ActionFunction,
    args: { alarms: [{ name: "disk-full", type: "alarm" }] },
  },
  migrateNodes: {
    run: sdk.migrateNodes as ActionFunction,
    args: {
      clusterId: "cluster-1",
      targetClusterId: "cluster-2",
      nodeIds: ["node-1"],
      os: "EulerOS 2.9",
      password: NODE_PASSWORD,
    },
  },
  getUpgradeDetail: {
    run: sdk.getUpgradeDetail as ActionFunction,
    args: { clusterId: "cluster-1", pageSize: 10 },
  },
  waitForUpgradeTask: {
    run: sdk.waitForUpgradeTask as ActionFunction,
    args: { clusterId: "cluster-1", taskId: "task-1", timeout: "1m" },
  },
};

// ---- generators -------------------------------------------------------------------------

/** Every path to a value inside `value` (objects and arrays walked), the root excluded. */
function pathsOf(value: Json, prefix: Path = []): Path[] {
  if (value === null || typeof value !== "object") return [];
  const entries: Array<[string | number, Json]> = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function jsonType(value: Json): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Values of every JSON type but `type` (null is left out: the engine sends it for "unset"). */
function wrongTypeOf(type: string): fc.Arbitrary<Json> {
  const options: Record<string, fc.Arbitrary<Json>> = {
    string: fc.string({ maxLength: 20 }),
    number: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    boolean: fc.boolean(),
    array: fc.array(fc.integer(), { maxLength: 3 }),
    object: fc.dictionary(fc.constantFrom("a", "b", "zz"), fc.integer(), { maxKeys: 2 }),
  };
  return fc.oneof(
    ...Object.entries(options)
      .filter(([t]) => t !== type)
      .map(([, a]) => a),
  );
}

function setAt(base: Json, path: Path, value: Json): Json {
  const copy = structuredClone(base) as Record<string | number, Json>;
  let target = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, Json>;
  target[path.at(-1)!] = value;
  return copy as Json;
}

/** A case: the broken input and the path whose field must be named. */
interface Broken {
  input: Record<string, Json>;
  path: Path;
  what: string;
}

/** One value somewhere in `base` replaced by a value of another JSON type. */
function wrongType(base: Record<string, Json>): fc.Arbitrary<Broken> {
  // `triggers` takes any value: nothing in it can be of a wrong type.
  const paths = pathsOf(base).filter((p) => p[0] !== "triggers");
  return fc.constantFrom(...paths).chain((path) => {
    let current: Json = base;
    for (const key of path) current = (current as Record<string | number, Json>)[key]!;
    return wrongTypeOf(jsonType(current)).map((value) => ({
      input: setAt(base, path, value) as Record<string, Json>,
      path,
      what: `${path.join(".")} = ${JSON.stringify(value)}`,
    }));
  });
}

/** An unknown property, at the top or inside a nested object of `base`. */
function unknownProperty(base: Record<string, Json>): fc.Arbitrary<Broken> {
  const objects: Path[] = [
    [],
    ...pathsOf(base).filter((p) => {
      let current: Json = base;
      for (const key of p) current = (current as Record<string | number, Json>)[key]!;
      return (
        current !== null &&
        typeof current === "object" &&
        !Array.isArray(current) &&
        // Free-form maps (image metadata, event metadata) take any key.
        !["imageMetadata", "metadata", "triggers"].includes(String(p.at(-1)))
      );
    }),
  ];
  return fc
    .tuple(
      fc.constantFrom(...objects),
      fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,12}$/),
      fc.jsonValue(),
    )
    .filter(([where, key]) => {
      let current: Json = base;
      for (const k of where) current = (current as Record<string | number, Json>)[k]!;
      return !(key in (current as Record<string, Json>)) && !KNOWN_KEYS.has(key);
    })
    .map(([where, key, value]) => ({
      input: setAt(base, [...where, key], value as Json) as Record<string, Json>,
      path: [...where, key],
      what: `unknown ${[...where, key].join(".")}`,
    }));
}

/** Optional inputs some bases leave unset: an "unknown" key must not be one of them. */
const KNOWN_KEYS = new Set([
  "prefixLength",
  "vpcId",
  "routedNetwork",
  "defaultGateway",
  "isDefault",
  "timeouts",
  "cloudInit",
  "placementGroup",
  "passwordLogin",
  "deleteDisksOnDestroy",
  "deleteExternalIpsOnDestroy",
  "apiVersion",
  "imageMetadata",
  "projectId",
  "remoteSecurityGroupId",
  "waitForCompletion",
  "triggers",
  "serverId",
  "mappings",
  "powerOn",
  "renamePattern",
  "renameReplacement",
  "replaceExistingIndices",
  "sshKey",
  "runtime",
  "maxPods",
  "dockerLvmConfigOverride",
  "preInstallScript",
  "postInstallScript",
  "actionMode",
  "waitForTaskId",
  "timeout",
  "action",
  "etherType",
  "securityEnabled",
  "ipAddress",
  "directIp",
  "diskId",
  "diskType",
  "metadata",
  "startsAt",
  "endsAt",
  "resourceProvider",
  "resourceType",
  "resourceId",
  "severity",
  "type",
  "name",
  "description",
  "tags",
  "id",
  "region",
  "shared",
  "readonly",
  "encrypted",
  "os",
  "username",
  "password",
  "nodeIds",
  "indices",
  "pageSize",
  "taskId",
  "events",
  "alarms",
]);

const NAME = /^[A-Za-z][A-Za-z0-9._-]{0,63}$/;

/** Values that break a field's own rule, for the fields that have one worth probing. */
function ruleBreakers(base: Record<string, Json>): Array<fc.Arbitrary<Broken>> {
  const out: Array<fc.Arbitrary<Broken>> = [];
  const at = (path: Path, values: fc.Arbitrary<Json>, rule: string) =>
    out.push(
      values.map((value) => ({
        input: setAt(base, path, value) as Record<string, Json>,
        path,
        what: `${path.join(".")} = ${JSON.stringify(value)} (${rule})`,
      })),
    );
  if (typeof base.name === "string") {
    at(
      ["name"],
      fc.string({ maxLength: 80 }).filter((s) => !NAME.test(s)),
      "name pattern",
    );
  }
  if (typeof base.size === "number") {
    at(
      ["size"],
      fc.oneof(
        fc.integer({ max: 0 }),
        fc.integer({ min: 16385 }),
        fc.double({ min: 1.01, max: 99.99, noInteger: true }),
      ),
      "size 1–16384, whole GB",
    );
  }
  const bootDisk = base.bootDisk as Record<string, Json> | undefined;
  if (bootDisk !== undefined) at(["bootDisk", "size"], fc.integer({ max: 0 }), "size ≥ 1");
  if (typeof base.address === "string") {
    at(
      ["address"],
      fc.string({ maxLength: 25 }).filter((s) => !/^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/.test(s)),
      "an IPv4 network",
    );
  }
  if (typeof base.description === "string") {
    at(["description"], fc.string({ minLength: 256, maxLength: 300 }), "at most 255 characters");
  }
  if (Array.isArray(base.tags)) {
    at(
      ["tags"],
      fc.array(fc.constant("env-prod"), { minLength: 51, maxLength: 60 }),
      "at most 50 tags",
    );
  }
  if (typeof base.portRange === "string") {
    at(
      ["portRange"],
      fc.oneof(fc.constant("0:70000"), fc.constant("443:22"), fc.constant("http")),
      "a port range",
    );
  }
  for (const key of ["backupId", "clusterId", "instanceId"]) {
    if (typeof base[key] === "string") {
      at(
        [key],
        fc.string({ maxLength: 70 }).filter((s) => !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/.test(s)),
        "an id",
      );
    }
  }
  if (base.timeouts !== undefined || base.timeout !== undefined) {
    const key = base.timeout !== undefined ? ["timeout"] : ["timeouts", "create"];
    at(
      key,
      fc.oneof(
        fc.constant("0s"),
        fc.constant("25h"),
        fc.constant("10 minutes"),
        fc.constant("-5m"),
      ),
      "a duration",
    );
  }
  return out;
}

/** Every kind of breakage of `base`. */
function broken(base: Record<string, Json>): fc.Arbitrary<Broken> {
  return fc.oneof(wrongType(base), unknownProperty(base), ...ruleBreakers(base));
}

/**
 * Junk objects: random keys and JSON values. Keys are not empty: a program's arguments never
 * have an empty property name (such a key is reported with an empty property path).
 */
const junk = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.jsonValue({ maxDepth: 3 }),
  {
    maxKeys: 6,
  },
);

/** True when `property` (as a failure names it) is the broken field or inside it. */
function namesField(property: string, path: Path): boolean {
  const field = path.map(String);
  const named = property.split(/[.[]/);
  // The failure names the broken field's top-level property, and no other one.
  return named[0] === field[0];
}

// ---- the suite ---------------------------------------------------------------------------

let emu: TestEmulator;
let client: VmCloudClient;
const checkers = new Map<string, ProviderHarness>();
let casesRun = 0;

/** A disk and a VM of the fixture project in its first zone, made through the API. */
async function diskAndVm(emulator: TestEmulator): Promise<{ diskId: string; vmId: string }> {
  const { vm } = emulator.fixtures;
  const id = (list: Array<{ id: string; name: string }>, name: string) =>
    list.find((item) => item.name === name)!.id;
  const zone = vm.zones[0]!.id;
  const disk = await emulator.call("POST", "/api/v1/disks", {
    body: {
      project_id: vm.projectId,
      availability_zone_id: zone,
      name: "fuzz-data",
      size: 10,
      disk_type_id: id(vm.diskTypes, "SSD"),
    },
  });
  const made = await emulator.call("POST", "/api/v1.1/vms", {
    body: [
      {
        project_id: vm.projectId,
        availability_zone_id: zone,
        name: "fuzz-vm",
        flavor_id: id(vm.flavors, "burst-1-1"),
        image_id: id(vm.images, "ubuntu-22.04"),
        disks: [{ name: "fuzz-vm-boot", size: 10, disk_type_id: id(vm.diskTypes, "SSD") }],
      },
    ],
  });
  if (disk.status >= 300 || made.status >= 300) throw new Error(`${disk.text} ${made.text}`);
  return {
    diskId: (disk.body as { id: string }).id,
    vmId: (made.body as Array<{ id: string }>)[0]!.id,
  };
}

beforeAll(async () => {
  emu = await startTestEmulator({ token: scan.secret("token", randomSecret("rel-token-")) });
  // check resolves the catalog and the network for the project, so the base inputs name what
  // exists: the fixture project, its default subnet and group, and a disk and VM made here.
  const { vm } = emu.fixtures;
  RESOURCES["resources/disk"]!.projectId = vm.projectId;
  RESOURCES["resources/subnet"]!.projectId = vm.projectId;
  RESOURCES["resources/subnet"]!.address = "10.61.0.0/24";
  RESOURCES["resources/security-group-rule"]!.securityGroupId = vm.defaultSecurityGroups[0]!.id;
  RESOURCES["resources/vm"]!.interfaces = [
    {
      subnet: vm.defaultSubnets[0]!.name,
      securityGroups: [vm.defaultSecurityGroups[0]!.name],
      externalIp: false,
    },
  ];
  Object.assign(RESOURCES["resources/disk-attachment"]!, await diskAndVm(emu));
  // The index restore's check reads its clusters: name the fixture's.
  const ops = emu.fixtures["operations"] as { searchClusters: Array<{ id: string }> };
  const restore = ACTION_RESOURCES["actions/index-snapshot-restore"]!;
  restore.clusterId = restore.targetClusterId = ops.searchClusters[0]!.id;
  for (const kind of [...Object.keys(RESOURCES), ...Object.keys(ACTION_RESOURCES)]) {
    checkers.set(kind, await loadProvider(kind, emu));
  }
  client = createClient({ endpoint: emu.url, token: emu.token });
  await emu.call("DELETE", "/_emulator/requests");
});

afterAll(async () => {
  client?.close();
  await emu?.close();
  console.log(
    `fuzz: ${casesRun} cases, ${FUZZ_RUNS} per property, seed ${params.seed} ` +
      `(RELIABILITY_FUZZ_SEED=${params.seed} replays them)`,
  );
});

const params = {
  numRuns: FUZZ_RUNS,
  seed: seed("RELIABILITY_FUZZ_SEED"),
};

describe.each(Object.entries({ ...RESOURCES, ...ACTION_RESOURCES }))(
  "check of %s",
  (kind, base) => {
    it("accepts the valid base input", async () => {
      const result = await checkers.get(kind)!.check(base);
      expect(result.failures).toEqual([]);
    });

    it("rejects every broken input with a failure naming the broken field, and never throws", async () => {
      await fc.assert(
        fc.asyncProperty(broken(base), async ({ input, path, what }) => {
          casesRun += 1;
          let result;
          try {
            result = await checkers.get(kind)!.check(input);
          } catch (error) {
            scan.addError(`${kind} check threw`, error);
            throw new Error(`check threw on ${what}: ${String(error)}`, { cause: error });
          }
          for (const f of result.failures) scan.add(`${kind} failure`, failureLine(f));
          if (result.failures.length === 0) throw new Error(`accepted ${what}`);
          if (!result.failures.some((f) => namesField(failurePath(f), path))) {
            throw new Error(
              `${what}: no failure names ${String(path[0])}: ${JSON.stringify(result.failures)}`,
            );
          }
          for (const f of result.failures) {
            if (failurePath(f) === "" || failureReason(f) === "")
              throw new Error(`empty failure ${JSON.stringify(f)}`);
          }
        }),
        params,
      );
    });

    it("answers junk objects with failures that each name a property, and never throws", async () => {
      await fc.assert(
        fc.asyncProperty(junk, async (input) => {
          casesRun += 1;
          const result = await checkers.get(kind)!.check(input as Record<string, unknown>);
          for (const f of result.failures) {
            scan.add(`${kind} failure`, failureLine(f));
            if (failurePath(f) === "" || failureReason(f) === "")
              throw new Error(`empty failure ${JSON.stringify(f)}`);
          }
        }),
        params,
      );
    });
  },
);

describe.each(Object.entries(FUNCTIONS))("the action function %s", (name, { run, args }) => {
  it("rejects every broken argument with an ActionError naming it, and sends nothing", async () => {
    await fc.assert(
      fc.asyncProperty(broken(args), async ({ input, path, what }) => {
        casesRun += 1;
        const outcome = await run(input as never, { client }).then(
          (value) => ({ value }),
          (error: unknown) => ({ error }),
        );
        if ("value" in outcome) throw new Error(`${name} ran with ${what}`);
        const error = outcome.error;
        scan.addError(`${name} error`, error);
        if (!(error instanceof sdk.ActionError)) {
          throw new Error(`${name}(${what}) threw ${String(error)}, not an ActionError`);
        }
        if (!error.issues.some((issue) => namesField(issue.argument, path))) {
          throw new Error(`${name}(${what}): no issue names ${String(path[0])}: ${error.message}`);
        }
        if (!error.message.includes("nothing was sent")) {
          throw new Error(
            `${name}(${what}): the message does not say that nothing was sent: ${error.message}`,
          );
        }
      }),
      params,
    );
  });
});

describe("after every case", () => {
  it("no request but read-only catalog lists reached the emulator", async () => {
    expect(casesRun).toBeGreaterThan(0);
    const log = (await emu.call("GET", "/_emulator/requests")).body as {
      requests: Array<{ method: string; url: string }>;
    };
    // check resolves references in the catalog (zones, flavors, images, disk types) and the
    // network (subnets, security groups, a named disk or VM, the free-tier slot), asks whether
    // a new name is taken in the project (a disk's: the project's disk list), and reads an
    // action's search clusters: reads only.
    const catalog =
      /^(\/api\/v1\/(availability-zones|flavors|images|disk-types|subnets|security-groups(\/[^/?]+)?|disks(\/[^/?]+)?|vms(\/[^/?]+)?|free-tier|projects\/[^/?]+\/validate_name)|\/v1\.0\/[0-9a-f]{32}\/clusters\/[^/?]+)(\?|$)/;
    expect(log.requests.filter((r) => r.method !== "GET" || !catalog.test(r.url))).toEqual([]);
  });

  it("no password or token appears in any failure or error message", () => {
    expect(scan.hits()).toEqual([]);
  });
});
