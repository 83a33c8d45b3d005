/**
 * The operations' starting state: backups (a VM backup with two disk backups, disk backups
 * that restore, fail or are unusable), search clusters with snapshots (ordinary indexes,
 * dot-prefixed system indexes and the reserved security index), queue instances, container
 * clusters (two plus a turbo cluster in one VPC, one in another VPC) with nodes, and upgrade
 * and switchover tasks (one running, the rest finished). Ids are derived from names, so they
 * stay the same across resets and restarts; the running tasks start when the state is made.
 */
import { opsProjectId } from "../../api/operations/common";
import type { Clock } from "../core/service-module";
import { fixtureId } from "../vm/models/shared";
import { OPS_DELAYS } from "./delays";
import { planRunningTask } from "./models/upgrades";
import type {
  ContainerNodeRecord,
  OperationsState,
  UpgradeStepState,
  UpgradeTaskRecord,
  UpgradeTaskState,
} from "./state";

/** The reserved security index of the search service: never restored. */
export const SECURITY_INDEX = ".opendistro_security";

/** Operating systems the fixture container clusters support. */
export const SUPPORTED_OS = [
  "EulerOS 2.9",
  "Huawei Cloud EulerOS 2.0",
  "Ubuntu 22.04",
  "CentOS 7.6",
];

const DAY = 24 * 60 * 60 * 1000;
const SNAPSHOT_INDICES = [
  "logs-2024.01",
  "logs-2024.02",
  "metrics-app",
  "orders",
  ".kibana",
  ".tasks",
  SECURITY_INDEX,
];
const UPGRADE_STEPS = [
  { name: "precheck", desc: "Check that the node can be upgraded" },
  { name: "upgrade", desc: "Upgrade kubelet and the container runtime" },
  { name: "verify", desc: "Check that the node is ready again" },
];
const SWITCH_STEPS = [
  { name: "precheck", desc: "Check the capacity of the target zone" },
  { name: "migrate", desc: "Move the node to its target zone" },
  { name: "verify", desc: "Check that the node is ready again" },
];

const id = (name: string) => fixtureId(`operations:${name}`);

/** Stores a fixture `record` under its id. */
function put<T extends { id: string }>(table: Record<string, T>, record: NoInfer<T>): void {
  table[record.id] = record;
}

/** A fresh operations state with every fixture. */
export function operationsFixtures(clock: Clock): OperationsState {
  const now = clock.now();
  const created = new Date(now).toISOString();
  const state: OperationsState = {
    seq: 0,
    project_id: opsProjectId(fixtureId("project")),
    foreign_project_id: opsProjectId(fixtureId("foreign-project")),
    security_index: SECURITY_INDEX,
    backups: {},
    operationLogs: {},
    searchClusters: {},
    snapshots: {},
    restores: {},
    queueInstances: {},
    alarms: {},
    events: [],
    containerClusters: {},
    nodes: {},
    jobs: {},
    upgradeTasks: {},
  };

  // Backups.
  put(state.backups, {
    id: id("backup:web-01"),
    name: "backup-web-01",
    resource_type: "OS::Nova::Server",
    resource_id: id("server:web-01"),
    status: "available",
    children: ["system", "data"].map((disk) => ({
      id: id(`backup:web-01:${disk}`),
      name: `backup-web-01-${disk}`,
      volume_id: id(`volume:web-01:${disk}`),
    })),
    fails_restore: false,
    created_at: created,
  });
  for (const [name, status, fails] of [
    ["data-disk", "available", false],
    ["corrupt-disk", "available", true],
    ["error-disk", "error", false],
  ] as const) {
    put(state.backups, {
      id: id(`backup:${name}`),
      name: `backup-${name}`,
      resource_type: "OS::Cinder::Volume",
      resource_id: id(`volume:${name}`),
      status,
      children: [],
      fails_restore: fails,
      created_at: created,
    });
  }

  // Search clusters and snapshots.
  for (const [name, indices, actions] of [
    ["css-logs", SNAPSHOT_INDICES, []],
    ["css-analytics", ["reports"], []],
    ["css-busy", [], ["SNAPSHOT"]],
  ] as const) {
    put(state.searchClusters, {
      id: id(`search-cluster:${name}`),
      name,
      status: "200",
      indices: indices.map((index) => ({ name: index, status: "open" as const })),
      fixed_actions: [...actions],
      created,
    });
  }
  for (const [name, status, indices] of [
    ["snapshot-daily", "COMPLETED", SNAPSHOT_INDICES],
    ["snapshot-failed", "FAILED", ["orders"]],
  ] as const) {
    put(state.snapshots, {
      id: id(`snapshot:${name}`),
      name,
      cluster_id: id("search-cluster:css-logs"),
      status,
      indices: [...indices],
    });
  }

  // Queue instances.
  for (const [name, status] of [
    ["rabbitmq-orders", "RUNNING"],
    ["rabbitmq-frozen", "FROZEN"],
  ] as const) {
    put(state.queueInstances, {
      id: id(`queue-instance:${name}`),
      name,
      engine: "rabbitmq",
      status,
      manager: { status: "RUNNING", schedule: [] },
      restarts: 0,
      last_restart_at: undefined,
    });
  }

  // Container clusters and nodes.
  const vpc = fixtureId("vpc");
  const otherVpc = id("vpc:other");
  for (const [name, vpcId, category, version] of [
    ["cce-prod-a", vpc, "CCE", "v1.28"],
    ["cce-prod-b", vpc, "CCE", "v1.25"],
    ["cce-other-vpc", otherVpc, "CCE", "v1.28"],
    ["cce-turbo", vpc, "Turbo", "v1.28"],
  ] as const) {
    put(state.containerClusters, {
      id: id(`container-cluster:${name}`),
      name,
      vpc_id: vpcId,
      category,
      version,
      supported_os: [...SUPPORTED_OS],
      default_pool: "DefaultPool",
    });
  }
  const node = (
    cluster: string,
    name: string,
    extra: Partial<Pick<ContainerNodeRecord, "physical" | "disk_type" | "fails_migration">> = {},
  ) => {
    const uid = id(`node:${name}`);
    state.nodes[uid] = {
      uid,
      name,
      cluster_id: id(`container-cluster:${cluster}`),
      node_pool: "DefaultPool",
      physical: extra.physical ?? false,
      disk_type: extra.disk_type ?? "evs",
      os: "EulerOS 2.9",
      // Clusters up to v1.25 run docker only.
      runtime: cluster === "cce-prod-b" ? "docker" : "containerd",
      max_pods: 110,
      login: { mode: "sshKey", sshKey: "ops-keypair" },
      migrating_job_id: undefined,
      fails_migration: extra.fails_migration ?? false,
    };
  };
  for (let i = 1; i <= 4; i++) node("cce-prod-a", `prod-a-node-${i}`);
  node("cce-prod-a", "prod-a-node-ssd", { disk_type: "ssd" });
  node("cce-prod-a", "prod-a-node-doomed", { fails_migration: true });
  node("cce-prod-b", "prod-b-node-1");
  node("cce-prod-b", "prod-b-node-2");
  node("cce-other-vpc", "other-node-1");
  node("cce-turbo", "turbo-vm-1");
  node("cce-turbo", "turbo-bms-1", { physical: true });

  // Upgrade tasks (cce-prod-a) and zone switchover tasks (cce-prod-b).
  const upgradeNodes = ["prod-a-node-1", "prod-a-node-2"];
  const switchNodes = ["prod-b-node-1", "prod-b-node-2"];
  const task = (
    name: string,
    cluster: string,
    mode: UpgradeTaskRecord["action_mode"],
    status: UpgradeTaskState,
    ageDays: number,
    nodeStates: UpgradeStepState[][],
  ): UpgradeTaskRecord => {
    const start = now - ageDays * DAY;
    const stepMs = 5 * 60 * 1000;
    const steps = mode === "UPGRADING" ? UPGRADE_STEPS : SWITCH_STEPS;
    const names = mode === "UPGRADING" ? upgradeNodes : switchNodes;
    let k = 0;
    const record: UpgradeTaskRecord = {
      id: id(`upgrade-task:${name}`),
      cluster_id: id(`container-cluster:${cluster}`),
      action_mode: mode,
      start_ms: start,
      end_ms: start + names.length * steps.length * stepMs,
      agency_name: "cce_admin_trust",
      image_info:
        mode === "UPGRADING"
          ? {
              id: id(`image:${name}`),
              displayName: "Kubernetes v1.29.1",
              imageDesc: "Cluster upgrade to v1.29",
              datastoreType: "kubernetes",
              datastoreVersion: "v1.29",
              priority: 1,
            }
          : undefined,
      migrate_param:
        mode === "AZ_MIGRATION"
          ? { agency: "cce_admin_trust", source_az: "az1", target_az: "az1,az2", nodes: names }
          : undefined,
      final_az_info_map:
        mode === "AZ_MIGRATION"
          ? Object.fromEntries(names.map((n, i) => [n, i % 2 === 0 ? "az1" : "az2"]))
          : undefined,
      execute_times: status === "SUCCESS" || status === "RUNNING" ? 1 : 2,
      batch_size: 1,
      nodes: names.map((nodeName, i) => ({
        name: nodeName,
        steps: steps.map((s, j) => {
          const stepStatus = nodeStates[i]?.[j] ?? "WAITING";
          const begin = start + k * stepMs;
          k += 1;
          return {
            order: j + 1,
            name: s.name,
            desc: s.desc,
            begin_ms: stepStatus === "WAITING" ? undefined : begin,
            end_ms:
              stepStatus === "SUCCESS" || stepStatus === "FAILED" ? begin + stepMs : undefined,
            status: stepStatus,
            schedule: [],
          };
        }),
      })),
      status,
      schedule: [],
    };
    if (status === "RUNNING") planRunningTask(record, now, clock.delay(OPS_DELAYS.upgradeStep));
    return record;
  };
  const S: UpgradeStepState = "SUCCESS";
  const allDone = [
    [S, S, S],
    [S, S, S],
  ];
  const failed: UpgradeStepState[][] = [[S, "FAILED", "WAITING"]];
  const partial: UpgradeStepState[][] = [
    [S, S, S],
    [S, "FAILED", "WAITING"],
  ];
  const tasks = [
    task("upgrade-running", "cce-prod-a", "UPGRADING", "RUNNING", 0, []),
    task("upgrade-failed", "cce-prod-a", "UPGRADING", "FAILED", 1, failed),
    task("upgrade-partial", "cce-prod-a", "UPGRADING", "PARTIAL_FAILED", 2, partial),
    ...Array.from({ length: 9 }, (_, i) =>
      task(`upgrade-success-${i + 1}`, "cce-prod-a", "UPGRADING", "SUCCESS", 3 + i, allDone),
    ),
    task("switch-running", "cce-prod-b", "AZ_MIGRATION", "RUNNING", 0, []),
    task("switch-success", "cce-prod-b", "AZ_MIGRATION", "SUCCESS", 1, allDone),
    task("switch-failed", "cce-prod-b", "AZ_MIGRATION", "FAILED", 2, failed),
    task("switch-partial", "cce-prod-b", "AZ_MIGRATION", "PARTIAL_FAILED", 3, partial),
  ];
  for (const t of tasks) state.upgradeTasks[t.id] = t;
  return state;
}

/** The fixture ids and names, for `GET /_emulator/fixtures` (key `operations`). */
export type OperationsFixtures = {
  projectId: string;
  foreignProjectId: string;
  securityIndex: string;
  backups: Array<{
    id: string;
    name: string;
    kind: "vm" | "disk";
    status: string;
    failsRestore: boolean;
    diskBackups: Array<{ id: string; volumeId: string }>;
  }>;
  searchClusters: Array<{ id: string; name: string; indices: string[]; actions: string[] }>;
  snapshots: Array<{
    id: string;
    name: string;
    clusterId: string;
    status: string;
    indices: string[];
  }>;
  queueInstances: Array<{ id: string; name: string; status: string }>;
  containerClusters: Array<{
    id: string;
    name: string;
    vpcId: string;
    category: string;
    version: string;
  }>;
  nodes: Array<{
    uid: string;
    name: string;
    clusterId: string;
    physical: boolean;
    diskType: string;
    failsMigration: boolean;
  }>;
  supportedOs: string[];
  upgradeTasks: Array<{ id: string; clusterId: string; actionMode: string; status: string }>;
};

/** Describes the current fixtures of `state`. */
export function describeOperationsFixtures(state: OperationsState): OperationsFixtures {
  return {
    projectId: state.project_id,
    foreignProjectId: state.foreign_project_id,
    securityIndex: state.security_index,
    backups: Object.values(state.backups).map((b) => ({
      id: b.id,
      name: b.name,
      kind: b.resource_type === "OS::Nova::Server" ? "vm" : "disk",
      status: b.status,
      failsRestore: b.fails_restore,
      diskBackups: b.children.map((c) => ({ id: c.id, volumeId: c.volume_id })),
    })),
    searchClusters: Object.values(state.searchClusters).map((c) => ({
      id: c.id,
      name: c.name,
      indices: c.indices.map((i) => i.name),
      actions: [...c.fixed_actions],
    })),
    snapshots: Object.values(state.snapshots).map((s) => ({
      id: s.id,
      name: s.name,
      clusterId: s.cluster_id,
      status: s.status,
      indices: [...s.indices],
    })),
    queueInstances: Object.values(state.queueInstances).map((q) => ({
      id: q.id,
      name: q.name,
      status: q.status,
    })),
    containerClusters: Object.values(state.containerClusters).map((c) => ({
      id: c.id,
      name: c.name,
      vpcId: c.vpc_id,
      category: c.category,
      version: c.version,
    })),
    nodes: Object.values(state.nodes).map((n) => ({
      uid: n.uid,
      name: n.name,
      clusterId: n.cluster_id,
      physical: n.physical,
      diskType: n.disk_type,
      failsMigration: n.fails_migration,
    })),
    supportedOs: [...SUPPORTED_OS],
    upgradeTasks: Object.values(state.upgradeTasks).map((t) => ({
      id: t.id,
      clusterId: t.cluster_id,
      actionMode: t.action_mode,
      status: t.status,
    })),
  };
}
