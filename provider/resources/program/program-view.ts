/**
 * What this provider process has seen of the program: every resource the engine checked in
 * this run, in the order it checked them. The engine starts one provider process per
 * deployment and checks every resource of the program through it (each `pulumi preview` and
 * `up` checks every resource, unchanged ones included), so each resource can be judged against
 * the program's resources checked before it, also those that do not refer to it (two subnets
 * whose ranges overlap) and in programs of any language. A resource is known by its URN (our
 * host wrapper and the provider plugin give it) or by the Pulumi name the SDK sends; one known
 * by neither (a direct call, as tests make) is not entered.
 */
import type { QuotaAmounts } from "../../cost/quota";
import type { ProgramResource } from "../../rules/program";

/** One resource of the program, as its check entered it. */
export interface ProgramEntry {
  /** Its place in the order of checks. */
  readonly seq: number;
  /** The resource, with its checked inputs and what they refer to. */
  resource: ProgramResource;
  /** The project it belongs to (resources of other projects never meet). */
  projectId: string | undefined;
  /**
   * True when it is to be made: no previous inputs, not a replacement, not adopted. The others
   * exist, and each kind's check judges them as the service shows them.
   */
  isNew: boolean;
  /** False when its own rules failed (its preview fails anyway; nothing is judged against it). */
  valid: boolean;
  /** What it takes from the quotas, when it is new and that is known. */
  amounts?: Promise<QuotaAmounts | undefined>;
}

const entries = new Map<string, ProgramEntry>();
let checked = 0;
let changed = false;

/** The URN's last part: the Pulumi name. */
function nameInUrn(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

/**
 * Enters (or, checked again, updates) the resource of `typeName` known by `urn` (when the
 * host gives it) or by the Pulumi name `name` (when the SDK sends it); undefined when neither.
 */
export function enterProgram(
  typeName: string,
  urn: string | undefined,
  name: string | undefined,
  facts: Omit<ProgramEntry, "seq" | "resource"> & Pick<ProgramResource, "inputs" | "refs">,
): ProgramEntry | undefined {
  const pulumiName = urn !== undefined && urn !== "" ? nameInUrn(urn) : name;
  if (pulumiName === undefined) return undefined;
  const key = urn !== undefined && urn !== "" ? urn : `${typeName}::${pulumiName}`;
  const { inputs, refs, ...rest } = facts;
  const resource: ProgramResource = { typeName, name: pulumiName, inputs, refs };
  const found = entries.get(key);
  const entry: ProgramEntry = { seq: found?.seq ?? checked++, resource, ...rest };
  entries.set(key, entry);
  return entry;
}

/** The new, valid resources of `entry`'s project checked before it. */
export function earlierNew(entry: ProgramEntry): ProgramEntry[] {
  return [...entries.values()]
    .filter((e) => e.seq < entry.seq && e.isNew && e.valid && e.projectId === entry.projectId)
    .sort((a, b) => a.seq - b.seq);
}

/** Notes that this process changed the cloud (a create, update or delete): an `up` runs. */
export function noteCloudChanged(): void {
  changed = true;
}

/**
 * True once this process changed the cloud: what the program made since is then in the
 * service's own counts (its quotas' use) as well as among the new resources checked.
 */
export function cloudChanged(): boolean {
  return changed;
}

/** Forgets the program: the next check starts a new one (a new deployment, in tests). */
export function forgetProgram(): void {
  entries.clear();
  checked = 0;
  changed = false;
}
