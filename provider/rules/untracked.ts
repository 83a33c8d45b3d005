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
 * The ways out, in the order a user meets them: the interrupted `up` of this stack (Pulumi's
 * own recovery of a pending create), taking over an object made elsewhere (`adoptId`, or
 * `pulumi import`), or avoiding it.
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
    `if an interrupted (killed) \`pulumi up\` of this stack made it, record it in the stack with ` +
    `\`pulumi refresh --import-pending-creates '${urn}' --import-pending-creates ${holder.id}\`${where}; to manage it ` +
    `from this program (another stack's, a person's, or one a failed create left), ${takeOver}; otherwise ` +
    `${holder.avoid ?? "choose another name"}`
  );
}
