/**
 * What `pulumi preview` shows once a rule's fix is made, for the resource as it exists: the
 * rule gives the fix as new inputs, and the provider's own diff (the kind's lifecycle, the one
 * the engine asks) says whether they update the resource in place, replace it, or are refused.
 * Nothing of it is written by hand in the rules, so advice and diff cannot drift apart: when a
 * resource definition says an input replaces, the fix text says so.
 */
import { canonical } from "../../provider/framework/diff-inputs";
import { ProviderError } from "../../provider/framework/provider-error";
import type { ResourceLifecycle } from "../../provider/resources/framework/define-resource";
import { definition as disk } from "../../provider/resources/disk";
import { definition as externalIp } from "../../provider/resources/external-ip";
import { definition as freeTierVm } from "../../provider/resources/free-tier-vm";
import { definition as placementGroup } from "../../provider/resources/placement-group";
import { definition as securityGroup } from "../../provider/resources/security-group";
import { definition as securityGroupRule } from "../../provider/resources/security-group-rule";
import { definition as subnet } from "../../provider/resources/subnet";
import { definition as vm } from "../../provider/resources/vm";
import { engineValues, type Props, type Value } from "./values";

/** The kinds whose fixes the rules advise, each with the lifecycle the engine asks for its diff. */
const LIFECYCLES = {
  Disk: disk,
  ExternalIp: externalIp,
  FreeTierVm: freeTierVm,
  PlacementGroup: placementGroup,
  SecurityGroup: securityGroup,
  SecurityGroupRule: securityGroupRule,
  Subnet: subnet,
  Vm: vm,
} as const satisfies Record<string, ResourceLifecycle>;

/** A kind a rule advises a fix of. */
export type FixedKind = keyof typeof LIFECYCLES;

/** What the provider's diff answers for a fix made on an existing resource. */
export type FixOutcome =
  | { kind: "none" }
  | { kind: "update"; changed: string[] }
  | { kind: "replace"; replaces: string[]; deleteFirst: boolean }
  | { kind: "refused"; reason: string };

/** `props` with the properties the rule does not read as inputs (outputs) left out. */
function inputsOnly(typeName: FixedKind, props: Props): Record<string, unknown> {
  const keys = Object.keys(LIFECYCLES[typeName].inputs.shape);
  return Object.fromEntries(
    Object.entries(props)
      .filter(([key]) => keys.includes(key))
      .map(([key, value]) => [key, engineValues(value)]),
  );
}

/** Whether `props` are the outputs of a resource that exists (only those have a creation time). */
function areOutputs(props: Props): boolean {
  return typeof props["createdTime"] === "string";
}

/**
 * The last outputs of a VM made from `inputs`, where they differ from the inputs: outputs
 * list each interface with its defaults filled in, the boot disk as the VM has it, and the
 * disks made with it among `attachedDisks` (the shapes of outputs/vm.ts).
 */
function vmOutputsOf(inputs: Record<string, unknown>): Record<string, unknown> {
  const list = (value: unknown): Array<Record<string, unknown>> =>
    Array.isArray(value) ? (value as Array<Record<string, unknown>>) : [];
  const interfaces = (Array.isArray(inputs["interfaces"]) ? list(inputs["interfaces"]) : [{}]).map(
    (spec) => ({
      ...spec,
      directIp: spec["directIp"] === true,
      securityEnabled: spec["securityEnabled"] !== false,
      externalIp: spec["externalIp"] === true || spec["directIp"] === true,
    }),
  );
  const boot = inputs["bootDisk"];
  const disks = list(inputs["disks"]).filter((d) => d["diskId"] === undefined);
  return {
    ...inputs,
    // Write-only inputs: the outputs keep what the program gave (none: null).
    cloudInit: inputs["cloudInit"] ?? null,
    password: inputs["password"] ?? null,
    interfaces,
    ...(typeof boot === "object" && boot !== null ? { bootDisk: boot } : {}),
    attachedDisks: disks.map((d, i) => ({ ...d, id: `disk-${i}`, boot: false })),
  };
}

/**
 * The provider's diff of an existing `typeName` that is `current` when the program gives
 * `fixed` instead. `current` are the last outputs where the rule sees them (a stack rule after
 * `up`); otherwise its inputs stand for them, as the outputs of a resource made from them.
 */
export async function fixOutcome(
  typeName: FixedKind,
  current: Props,
  fixed: Props,
): Promise<FixOutcome> {
  const lifecycle: ResourceLifecycle = LIFECYCLES[typeName];
  // What `check` refuses comes first, as the engine checks before it diffs.
  if (!areOutputs(current)) {
    const refused = lifecycle.changeFailures(
      inputsOnly(typeName, current),
      inputsOnly(typeName, fixed),
    );
    if (refused.length > 0) {
      return {
        kind: "refused",
        reason: refused.map((f) => `${f.property}: ${f.reason}`).join("; "),
      };
    }
  }
  const olds = areOutputs(current)
    ? (engineValues(current) as Record<string, unknown>)
    : typeName === "Vm"
      ? vmOutputsOf(inputsOnly(typeName, current))
      : inputsOnly(typeName, current);
  try {
    const news = inputsOnly(typeName, fixed);
    const diff = await lifecycle.diff("", olds, news);
    // Only what the fix changes: a property the fix leaves as it is stays as it is (the outputs
    // this stands in for compare equal to the inputs they were made from), also where the
    // stand-in cannot tell (a group id not known yet during preview).
    const before = inputsOnly(typeName, current);
    const touched = (key: string) => canonical(before[key]) !== canonical(news[key]);
    const replaces = diff.replaces.filter(touched);
    const changed = diff.changed.filter(touched);
    if (replaces.length > 0) {
      return { kind: "replace", replaces, deleteFirst: diff.deleteBeforeReplace };
    }
    return changed.length > 0 ? { kind: "update", changed } : { kind: "none" };
  } catch (error) {
    // A check of the change (a disk never shrinks) refuses it at preview.
    if (error instanceof ProviderError) {
      return { kind: "refused", reason: error.message.slice(error.who.length + 2) };
    }
    throw error;
  }
}

/** How messages name a kind: `disk`, `VM`, `security group`. */
function kindWords(typeName: FixedKind): string {
  const words = typeName
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\bvm\b/g, "VM")
    .replace(/\bip\b/g, "IP");
  return words;
}

/** The sentence a fix text ends with: what `pulumi preview` then shows for an existing resource. */
export function describeOutcome(typeName: FixedKind, outcome: FixOutcome): string {
  const kind = kindWords(typeName);
  switch (outcome.kind) {
    case "none":
      return `For an existing ${kind}, pulumi preview then shows no change to it.`;
    case "update":
      return (
        `For an existing ${kind}, pulumi preview then shows ${outcome.changed.map((p) => `~ ${p}`).join(", ")}: ` +
        `an update in place.`
      );
    case "replace":
      return (
        `For an existing ${kind}, pulumi preview then shows +- (replace, for ${outcome.replaces.join(", ")}): ` +
        (outcome.deleteFirst
          ? `the ${kind} is deleted first, then made anew.`
          : `a new ${kind} is made, then the old one deleted.`)
      );
    case "refused":
      return `For an existing ${kind}, pulumi preview then refuses the change (${outcome.reason.replace(/\.$/, "")}).`;
  }
}

/** {@link fixOutcome} and {@link describeOutcome} in one: the sentence for `fixed`. */
export async function previewAfter(
  typeName: FixedKind,
  current: Props,
  fixed: Props,
): Promise<string> {
  return describeOutcome(typeName, await fixOutcome(typeName, current, fixed));
}

/** `props` with the value at `path` set to `value` (undefined removes it); a deep copy. */
export function withValue(
  props: Props,
  path: ReadonlyArray<string | number>,
  value: Value | undefined,
): Props {
  const copy = structuredCloneValue(props) as Props;
  let node: Record<string | number, Value> | Value[] = copy;
  for (const key of path.slice(0, -1)) {
    const next = (node as Record<string | number, Value>)[key];
    if (next === null || typeof next !== "object") return copy;
    node = next as Record<string | number, Value>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete (node as Record<string | number, Value>)[last];
  else (node as Record<string | number, Value>)[last] = value;
  return copy;
}

/** A deep copy that keeps the unknown marker (a symbol, which structuredClone refuses). */
function structuredCloneValue(value: Value): Value {
  if (Array.isArray(value)) return value.map(structuredCloneValue);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, structuredCloneValue(v)]));
  }
  return value;
}
