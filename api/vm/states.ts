/**
 * The lifecycle states of the VM service's kinds: one table per kind says which states are
 * stable, which are failed and which are busy. The zod enums (enums.ts), the emulator's state
 * rules and the provider's waits all derive from these tables, so a state is classed in one
 * place. The values and their order are those of the reference document's enums.
 */

/**
 * The failed states the service reports: a failure of the object's own (`error`), of its
 * create (`error_creating`) or of its delete (`error_deleting`). A failed object takes no
 * change; it may still be deleted.
 */
const FAILED = ["error", "error_creating", "error_deleting"] as const;

/** The busy states of most kinds: a create, a delete or an update under way. */
const CHANGES = ["creating", "deleting", "updating"] as const;

/** The busy states of the objects a VM may hold while they move (disks, external IPs). */
const MOVES = ["attaching", "detaching"] as const;

/** The state of an object whose delete runs. */
const DELETING = "deleting";

/** The state of an object whose delete failed. */
const DELETE_FAILED = "error_deleting";

/** The states of one kind, each in one class. */
export interface StateTable<S extends string> {
  /** Every state, in the reference document's order (a zod enum's values). */
  readonly all: readonly [S, ...S[]];
  /** States the object rests in, usable: the service takes a change or a delete. */
  readonly stable: readonly S[];
  /** The failed states ({@link FAILED} of those the kind has). */
  readonly failed: readonly S[];
  /**
   * States of a change under way, `deleting` among them: they end by themselves, and the
   * service takes no other change meanwhile.
   */
  readonly busy: readonly S[];
  /**
   * The busy states but `deleting`: a change runs that leaves the object in place (a create,
   * an update, a move). The service takes no delete either until it ends.
   */
  readonly changing: readonly S[];
  /** True for a state of {@link busy}. */
  isBusy(state: string): boolean;
  /** True for a state of {@link changing}. */
  isChanging(state: string): boolean;
  /** True for a state of {@link failed}. */
  isFailed(state: string): boolean;
  /** The state of an object whose delete runs. */
  readonly deleting: typeof DELETING;
  /** The state of an object whose delete failed. */
  readonly deleteFailed: typeof DELETE_FAILED;
}

/**
 * The table of a kind whose enum lists `stable`, then `failed` (default {@link FAILED}), then
 * `busy`, as the reference document's lifecycle enums do.
 */
function stateTable<
  const Stable extends readonly [string, ...string[]],
  const Busy extends readonly string[],
  const Failed extends readonly string[] = typeof FAILED,
>(
  stable: Stable,
  busy: Busy,
  failed?: Failed,
): StateTable<Stable[number] | Busy[number] | Failed[number]> {
  type S = Stable[number] | Busy[number] | Failed[number];
  const failing: readonly S[] = failed ?? (FAILED as unknown as Failed);
  const changing: readonly S[] = busy.filter((state) => state !== DELETING);
  const has = (states: readonly S[]) => (state: string) => states.includes(state as S);
  return {
    all: [...stable, ...failing, ...busy] as unknown as readonly [S, ...S[]],
    stable,
    failed: failing,
    busy,
    changing,
    isBusy: has(busy),
    isChanging: has(changing),
    isFailed: has(failing),
    deleting: DELETING,
    deleteFailed: DELETE_FAILED,
  };
}

/** A VM's states (`VmState`): it runs or is stopped, on its way, or failed. */
export const VM_STATES = stateTable(
  ["running", "stopped"],
  ["creating", "starting", "stopping", "rebooting", "deleting", "updating"],
);

/** A disk's states (`DiskState`): free, attached or reserved, on its way, or failed. */
export const DISK_STATES = stateTable(
  ["available", "in_use", "reserved"],
  ["creating", "updating", "deleting", ...MOVES],
);

/**
 * The states of subnets, security groups, their rules and interfaces (`SubnetState`,
 * `SecurityGroupState`, `SecurityGroupRuleState` and `InterfaceState` have the same values).
 */
export const NETWORK_STATES = stateTable(["created"], CHANGES);

/**
 * A private image's states in each zone it is offered in (the document's
 * `PublicAvailabilityZoneImageResponse.state` is free text; the service's lifecycle words).
 */
export const IMAGE_STATES = stateTable(["created"], CHANGES);

/**
 * A backup's states (`CheckpointState`): `created` when it may be restored, changed or deleted;
 * busy while it is taken, renamed or deleted. The document lists the same values in another
 * order (each busy state beside its failure); the table keeps this file's order of classes.
 */
export const BACKUP_STATES = stateTable(["created"], ["creating", "updating", "deleting"]);

/** An SNAT gateway's states (`NATGatewayState`). */
export const NAT_GATEWAY_STATES = stateTable(["created"], CHANGES);

/** A project's states (`ProjectState`). */
export const PROJECT_STATES = stateTable(["created"], ["creating", "updating", "deleting"]);

/** A flavor's states (`FlavorState`): it has no `error` of its own. */
export const FLAVOR_STATES = stateTable(
  ["created"],
  ["creating", "deleting"],
  ["error_creating", "error_deleting"],
);

/** An external IP's states (the service's `FloatingIpState`): free or bound, on its way, or failed. */
export const EXTERNAL_IP_STATES = stateTable(["available", "in_use"], [...CHANGES, ...MOVES]);

/** A placement group's states in one zone (`PlacementGroupState`; the document lists `error` third). */
export const PLACEMENT_GROUP_STATES = stateTable(["created"], CHANGES, [
  "error_creating",
  "error_deleting",
  "error",
]);
