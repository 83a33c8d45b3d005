/**
 * Reads the output of `pulumi preview --json`: for each resource of the plan, its properties
 * before the change (the old state's outputs) and after it (the new state's inputs), so that
 * creates, updates, replacements and deletes can all be priced.
 */
import type { CostItem } from "./items";
import { itemsOf } from "./items";

/** One resource of a plan: what it is, and its cost items before and after the change. */
export interface PlannedResource {
  urn: string;
  type: string;
  name: string;
  /** The step's operation, e.g. `create`, `update`, `same`, `replace`, `delete`. */
  op: string;
  before: CostItem[];
  after: CostItem[];
}

interface StepState {
  type?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
}

interface Step {
  op?: string;
  urn?: string;
  oldState?: StepState;
  newState?: StepState;
}

/** Operations after which the resource is gone. */
const REMOVING = new Set([
  "delete",
  "delete-replaced",
  "discard",
  "discard-replaced",
  "remove-pending-replace",
]);

function nameOf(urn: string): string {
  return urn.slice(urn.lastIndexOf("::") + 2);
}

function propsOf(state: StepState | undefined, prefer: "inputs" | "outputs") {
  if (state === undefined) return undefined;
  const first = prefer === "inputs" ? state.inputs : state.outputs;
  const second = prefer === "inputs" ? state.outputs : state.inputs;
  return first !== undefined && Object.keys(first).length > 0 ? first : second;
}

/**
 * The planned resources of a `pulumi preview --json` document. Fails with a message that says
 * what was expected when the text is not such a document.
 */
export function readPreviewJson(text: string): PlannedResource[] {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `the input is not JSON (${error instanceof Error ? error.message : String(error)}); ` +
        "pipe the output of `pulumi preview --json` into vmcloud-cost",
      { cause: error },
    );
  }
  const steps = (doc as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) {
    throw new Error(
      "the JSON has no `steps` list; pipe the output of `pulumi preview --json` (not the human output) into vmcloud-cost",
    );
  }
  const byUrn = new Map<string, PlannedResource>();
  for (const raw of steps as Step[]) {
    if (typeof raw.urn !== "string") continue;
    const op = raw.op ?? "same";
    const type = raw.newState?.type ?? raw.oldState?.type ?? "";
    const name = nameOf(raw.urn);
    const entry = byUrn.get(raw.urn) ?? { urn: raw.urn, type, name, op, before: [], after: [] };
    if (entry.before.length === 0 && op !== "create" && op !== "create-replacement") {
      const old = propsOf(raw.oldState, "outputs");
      if (old !== undefined) entry.before = itemsOf(type, name, old);
    }
    if (REMOVING.has(op)) {
      if (!byUrn.has(raw.urn)) entry.after = [];
    } else {
      const next = propsOf(raw.newState, "inputs");
      if (next !== undefined) entry.after = itemsOf(type, name, next);
    }
    if (op !== "same" || entry.op === undefined) entry.op = op;
    byUrn.set(raw.urn, entry);
  }
  return [...byUrn.values()];
}
