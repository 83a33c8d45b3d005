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
  BackupRestore: `${TYPE_PREFIX}BackupRestore`,
  IndexSnapshotRestore: `${TYPE_PREFIX}IndexSnapshotRestore`,
  QueueManagerRestart: `${TYPE_PREFIX}QueueManagerRestart`,
  EventReport: `${TYPE_PREFIX}EventReport`,
  NodeMigration: `${TYPE_PREFIX}NodeMigration`,
} as const;

/** A class name that has a type token. */
export type VmCloudTypeName = keyof typeof TYPE_TOKENS;
