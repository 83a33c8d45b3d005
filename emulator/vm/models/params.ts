/**
 * The parameter lists (`/api/v1/params/*`): the values of each parameter type with the text
 * shown for them. The states come from the kinds' state tables (api/vm/states.ts), the same
 * values the zod enums and the emulator's state rules use; the flavors' vCPU shares and types
 * are those of the catalog's flavors, so a value listed is one a filter or a create can meet.
 */
import type { ParamListResponse, ParamResponse } from "../../../api/vm/params";
import { DISK_STATES, NETWORK_STATES, VM_STATES } from "../../../api/vm/states";
import type { VmState } from "../records";

/** The text shown for a value: its words, the first capitalized (`error_creating` → `Error creating`). */
function displayText(value: string): string {
  const words = value.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The values of one parameter type, each with its display text. */
function valuesOf(type: string, values: readonly string[]): ParamResponse[] {
  return values.map((value) => ({ param_type: type, value, display_text: displayText(value) }));
}

/** The list of every type's values, or only those of `only`. */
function listOf(
  types: Record<string, readonly string[]>,
  only: string | undefined,
): ParamListResponse {
  return {
    params: Object.entries(types)
      .filter(([type]) => only === undefined || type === only)
      .flatMap(([type, values]) => valuesOf(type, values)),
  };
}

/** `GET /api/v1/params/vm`: a VM's states. */
export function vmParams(only: string | undefined): ParamListResponse {
  return listOf({ "vm-state": VM_STATES.all }, only);
}

/** `GET /api/v1/params/disk`: a disk's states. */
export function diskParams(only: string | undefined): ParamListResponse {
  return listOf({ "disk-state": DISK_STATES.all }, only);
}

/** `GET /api/v1/params/subnet`: a subnet's states (`SubnetState`, the network kinds' table). */
export function subnetParams(only: string | undefined): ParamListResponse {
  return listOf({ "subnet-state": NETWORK_STATES.all }, only);
}

/** The guaranteed share `1:n` stands for, for ordering: the larger share first. */
const share = (oversubscription: string) => 1 / Number(oversubscription.split(":")[1] ?? 1);

/**
 * `GET /api/v1/params/flavor`: the vCPU shares (largest first) and the types (by name) of the
 * catalog's flavors.
 */
export function flavorParams(state: VmState, only: string | undefined): ParamListResponse {
  const flavors = Object.values(state.flavors);
  const distinct = (values: string[]) => [...new Set(values)];
  return listOf(
    {
      oversubscription: distinct(flavors.map((f) => f.oversubscription)).sort(
        (a, b) => share(b) - share(a),
      ),
      "flavor-type": distinct(flavors.map((f) => f.type)).sort(),
    },
    only,
  );
}
