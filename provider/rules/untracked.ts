/**
 * What to tell a user whose new resource meets an object the stack does not track: one that
 * holds the name (or the address) the resource asks for. Such an object is never taken over
 * by itself, not even when it matches the program exactly: nothing the service keeps tells an
 * interrupted create of this stack from another stack's object or one made by hand
 * (docs/api-decisions/adoption.md). The user says which it is, with one of the commands here.
 */

import { setInput } from "./fix-words";

/** The object met, and what the resource can do about it. */
export interface UntrackedHolder {
  /** The object's id in the service. */
  readonly id: string;
  /** Whether the resource's kind takes `adoptId`. */
  readonly adoptable: boolean;
  /** The URN of the resource being judged, when the provider host says it. */
  readonly urn?: string | undefined;
  /** What else avoids the clash. Default: `choose another name`. */
  readonly avoid?: string | undefined;
}

/** Stands for the URN in the command when the host does not say it. */
export const URN_PLACEHOLDER = "<URN>";

/**
 * The ways out: taking the object over (`adoptId`, or `pulumi import`), which serves an
 * interrupted `up` of this stack as well as an object made elsewhere, or avoiding it. Pulumi's
 * own recovery of a pending create is named too, with what it does in the engine we measured:
 * Pulumi 3.274.1 turns the pending create into an import that no step reads, and drops it
 * unrecorded (docs/api-decisions/adoption.md).
 */
export function untrackedAdvice(holder: UntrackedHolder): string {
  const urn = holder.urn ?? URN_PLACEHOLDER;
  const where =
    holder.urn === undefined
      ? ` (${URN_PLACEHOLDER}: this resource's URN, as the engine's warning about pending operations names it)`
      : "";
  const takeOver = holder.adoptable
    ? `${setInput("adoptId", holder.id)} (or use \`pulumi import\`)`
    : "use `pulumi import`";
  return (
    `to manage it from this program (this stack's, left by an interrupted \`pulumi up\`; ` +
    `another stack's; a person's; or one a failed create left), ${takeOver}; after an ` +
    `interrupted \`up\`, \`pulumi refresh --clear-pending-creates\` then drops its pending ` +
    `create (\`pulumi refresh --import-pending-creates '${urn}' --import-pending-creates ${holder.id}\`${where} ` +
    `drops it too, but records nothing in Pulumi 3.274.1); otherwise ` +
    `${holder.avoid ?? "choose another name"}`
  );
}
