/**
 * A create that meets an object the stack does not track. When `up` is killed while a create
 * is in flight, the engine keeps a pending create and the next `up` creates the resource again,
 * while the object of the first attempt may exist under the same name. So may another stack's
 * object of the same program, or one a person made, and nothing the service keeps tells them
 * apart (docs/api-decisions/adoption.md): a create never takes such an object over, whatever
 * it matches. It is refused before anything is sent, naming each object and the command that
 * resolves it (Pulumi's own recovery of the pending create, `adoptId`, `pulumi import`,
 * another name). A refused create leaves the engine's pending create in place, so
 * `pulumi refresh --import-pending-creates` still finds it.
 */
import { currentResourceUrn } from "../../runtime/engine-log";
import { untrackedAdvice } from "../../rules/untracked";

/** What a create found that holds what it asks for. */
export interface Clash<T extends { id: string }> {
  /** The objects that clash with the create (same name, address…), not being deleted. */
  clashing: readonly T[];
  /** True for an object that is exactly what the program asks for. */
  matches: (item: T) => boolean;
  /** The refusal's first words, e.g. `a disk named "data" already exists in this zone`. */
  clash: string;
  /** One object, for the refusal, e.g. `<id>: SSD, 20 GB`. */
  describe: (item: T) => string;
  /** Whether the kind takes `adoptId`. */
  adoptable: boolean;
  /** What else avoids the clash. Default: `choose another name`. */
  avoid?: string;
}

/** The error of a create refused for an untracked object in its way. */
export class UntrackedObjectError extends Error {
  override name = "UntrackedObjectError";
}

/** Returns when nothing clashes; throws {@link UntrackedObjectError} otherwise. */
export function refuseUntracked<T extends { id: string }>(found: Clash<T>): void {
  if (found.clashing.length === 0) return;
  const listed = found.clashing.map(found.describe).join("; ");
  const matching = found.clashing.filter(found.matches);
  const urn = currentResourceUrn();
  const [only] = found.clashing;
  // One object: the same ways out whether it matches or not (the program may have changed
  // since the interrupted `up`); saying which helps the user tell whose it is.
  const advice =
    found.clashing.length === 1 && only !== undefined
      ? `; nothing was changed. It ${matching.length === 1 ? "matches" : "differs from"} this ` +
        `resource's inputs: ${untrackedAdvice({
          id: only.id,
          adoptable: found.adoptable,
          urn,
          avoid: `${found.avoid ?? "choose another name"}, or delete it`,
        })}`
      : `; nothing was changed. None matches this resource's inputs alone: ` +
        `${found.avoid ?? "choose another name"}, or delete them; to manage one from this ` +
        `program, ${found.adoptable ? "set adoptId to its id (or use `pulumi import`)" : "use `pulumi import`"}`;
  throw new UntrackedObjectError(
    `${found.clash} (${listed}) and this stack does not track it${advice}`,
  );
}
