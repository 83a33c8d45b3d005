/**
 * An organization has one free-tier VM. The slot is taken by a free-tier VM that exists, or by
 * another `FreeTierVm` of the same program.
 */
import type { CheckFailure } from "../framework/check-failures";
import type { Party } from "./parties";

/** The failure of a new free-tier VM's `name` when `holder` takes the organization's one slot. */
export function freeTierSlotTaken(holder: Party, organizationId?: string): CheckFailure {
  const organization =
    organizationId === undefined ? "the organization" : `the organization ${organizationId}`;
  return {
    property: "name",
    reason: holder.declared
      ? `${organization} may have only one free-tier VM, and ${holder.label} is one already; ` +
        "keep one FreeTierVm and make the others paid `Vm`s"
      : `${organization} already has its free-tier VM ${holder.label}, and an organization may have only one. ` +
        "Adopt that VM with the `import` resource option (FreeTierVm.get or `pulumi import`), delete it first, or create a paid `Vm` instead",
  };
}
