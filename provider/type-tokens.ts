/**
 * Every vmcloud class the engine sees, in one table: its Pulumi type token (what the engine, the
 * state and the policy pack see; the policy pack matches on these constants) and its
 * implementation module (what its `__provider` shim loads).
 */

/** Prefix the engine uses for dynamic-provider resources of this package. */
export const TYPE_PREFIX = "pulumi-nodejs:dynamic/vmcloud:";

/** The implementation module of each class, under `provider/`. */
const MODULES = {
  Disk: "resources/disk",
  DiskAttachment: "resources/disk-attachment",
  Subnet: "resources/subnet",
  SecurityGroup: "resources/security-group",
  SecurityGroupRule: "resources/security-group-rule",
  Vm: "resources/vm",
  FreeTierVm: "resources/free-tier-vm",
  ExternalIp: "resources/external-ip",
  PlacementGroup: "resources/placement-group",
  NatGateway: "resources/nat-gateway",
  NetworkInterface: "resources/network-interface",
  Image: "resources/image",
  VmBackup: "resources/vm-backup",
  BackupRestore: "actions/backup-restore",
  IndexSnapshotRestore: "actions/index-snapshot-restore",
  QueueManagerRestart: "actions/queue-manager-restart",
  EventReport: "actions/event-report",
  NodeMigration: "actions/node-migration",
  ActionWait: "actions/action-wait",
} as const satisfies Record<string, `${"resources" | "actions"}/${string}`>;

/** A class name that has a type token. */
export type VmCloudTypeName = keyof typeof MODULES;

/** What the engine knows of one class. */
export interface VmCloudType<N extends VmCloudTypeName = VmCloudTypeName> {
  /** Its type token: {@link TYPE_PREFIX} and the class name. */
  readonly token: `${typeof TYPE_PREFIX}${N}`;
  /**
   * Its implementation module under `provider/` (what its `__provider` shim loads). Hosts that
   * must find a provider from the type alone use it: the engine's `import` option reads a
   * resource with no inputs, so no `__provider` arrives with it.
   */
  readonly module: (typeof MODULES)[N];
}

/** Every class by name: its type token and its implementation module. */
export const VMCLOUD_TYPES = Object.fromEntries(
  Object.entries(MODULES).map(([name, module]) => [
    name,
    { token: `${TYPE_PREFIX}${name}`, module },
  ]),
) as { readonly [N in VmCloudTypeName]: VmCloudType<N> };

/** Type tokens by class name (the `token` of each {@link VMCLOUD_TYPES} entry). */
export const TYPE_TOKENS = Object.fromEntries(
  Object.entries(VMCLOUD_TYPES).map(([name, type]) => [name, type.token]),
) as { readonly [N in VmCloudTypeName]: VmCloudType<N>["token"] };

/** The package's name in the provider plugin's type tokens (and its one module, `index`). */
export const PLUGIN_PACKAGE = "vmcloud";

/**
 * The type token of the class `typeName` in the provider plugin's schema:
 * `vmcloud:index:<Class>`. An action resource class of the TypeScript SDK registers a component
 * of this type too (`vmcloud:index:BackupRestore`), whose children are the run, of the class's
 * own dynamic type, and the run's `ActionWait`.
 */
export function pluginToken(typeName: string): string {
  return `${PLUGIN_PACKAGE}:index:${typeName}`;
}
