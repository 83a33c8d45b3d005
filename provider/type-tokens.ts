/**
 * The Pulumi type token of every vmcloud resource. They are what the engine, the state and the
 * policy pack see; the policy pack matches on these constants.
 */

/** Prefix the engine uses for dynamic-provider resources of this package. */
export const TYPE_PREFIX = "pulumi-nodejs:dynamic/vmcloud:";

/** Type tokens by class name. */
export const TYPE_TOKENS = {
  Disk: `${TYPE_PREFIX}Disk`,
  DiskAttachment: `${TYPE_PREFIX}DiskAttachment`,
  Subnet: `${TYPE_PREFIX}Subnet`,
  SecurityGroup: `${TYPE_PREFIX}SecurityGroup`,
  SecurityGroupRule: `${TYPE_PREFIX}SecurityGroupRule`,
  Vm: `${TYPE_PREFIX}Vm`,
  FreeTierVm: `${TYPE_PREFIX}FreeTierVm`,
  ExternalIp: `${TYPE_PREFIX}ExternalIp`,
  PlacementGroup: `${TYPE_PREFIX}PlacementGroup`,
  BackupRestore: `${TYPE_PREFIX}BackupRestore`,
  IndexSnapshotRestore: `${TYPE_PREFIX}IndexSnapshotRestore`,
  QueueManagerRestart: `${TYPE_PREFIX}QueueManagerRestart`,
  EventReport: `${TYPE_PREFIX}EventReport`,
  NodeMigration: `${TYPE_PREFIX}NodeMigration`,
  ActionWait: `${TYPE_PREFIX}ActionWait`,
} as const;

/**
 * The type of the component an action resource class registers (`vmcloud:index:BackupRestore`):
 * its children are the run, of the class's own dynamic type, and the run's `ActionWait`.
 */
export function actionComponentType(typeName: string): string {
  return `vmcloud:index:${typeName}`;
}

/** A class name that has a type token. */
export type VmCloudTypeName = keyof typeof TYPE_TOKENS;

/**
 * The implementation module of each class (what its `__provider` shim loads). Hosts that must
 * find a provider from the type alone use it: the engine's `import` option reads a resource
 * with no inputs, so no `__provider` arrives with it.
 */
export const TYPE_MODULES = {
  Disk: "resources/disk",
  DiskAttachment: "resources/disk-attachment",
  Subnet: "resources/subnet",
  SecurityGroup: "resources/security-group",
  SecurityGroupRule: "resources/security-group-rule",
  Vm: "resources/vm",
  FreeTierVm: "resources/free-tier-vm",
  ExternalIp: "resources/external-ip",
  PlacementGroup: "resources/placement-group",
  BackupRestore: "actions/backup-restore",
  IndexSnapshotRestore: "actions/index-snapshot-restore",
  QueueManagerRestart: "actions/queue-manager-restart",
  EventReport: "actions/event-report",
  NodeMigration: "actions/node-migration",
  ActionWait: "actions/action-wait",
} as const satisfies Record<VmCloudTypeName, `${"resources" | "actions"}/${string}`>;
