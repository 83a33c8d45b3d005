/**
 * Turns a resource's definition (create, read, update, delete over the REST client) into its
 * protocol-free lifecycle (provider/framework/lifecycle.ts), adding what every resource needs
 * the same way: input checks with zod (unknowns pass, defaults fill), precise diffs, timeouts,
 * progress lines, errors that name the resource, and `configure` for the stack's credentials.
 * The dynamic provider and the plugin serve the lifecycle; neither adds to it.
 */
import { configureRuntime } from "../../runtime/context";
import { checkInputs, type CheckFailure } from "./check-inputs";
import { diffInputs, type DiffOutcome, type DiffSpec } from "../../framework/diff-inputs";
import {
  explained,
  ProviderError,
  resourceLabel,
  ResourceInitError,
} from "../../framework/provider-error";
import { contextFor, type ResourceContext } from "./resource-context";
import { ADOPT_INPUT, adoptExisting } from "./adopt-existing";
import { plain } from "../../framework/dynamic-provider";
import type { Lifecycle } from "../../framework/lifecycle";
import { replacements } from "./replacements";
import type { OutputSchema } from "../../framework/output-fields";
import { failuresForEngine } from "../../framework/check-failures";
import { takeProgramInput } from "../program/program-input";
import { noteCloudChanged } from "../program/program-view";
import { catalogFailures } from "./catalog-stage";
import { enterProgramStage, programFailuresOf } from "./program-stage";
import {
  inputDefaults,
  inputFacts,
  inputsWhere,
  secretInputs,
  type InputSchema,
} from "./input-fields";

export type { ResourceContext, TimedOperation } from "./resource-context";

/**
 * What a resource's `diff` needs besides the facts of its input schema (which say what
 * replaces and what the cloud chooses when unset).
 */
export interface ResourceDiff<I extends Record<string, unknown>> {
  /** Equality per input where plain equality is wrong (see {@link DiffSpec.compare}). */
  compare?: DiffSpec["compare"];
  /** Delete the old resource before making its replacement (see {@link DiffSpec.deleteBeforeReplace}). */
  deleteBeforeReplace?: DiffSpec["deleteBeforeReplace"];
  /**
   * For inputs that replace unless the change is one the cloud can make in place: true when
   * this change (`news` against the last outputs `olds`) is applied in place instead (e.g. an
   * image change rebuilds a VM that allows rebuilds; a larger boot disk grows).
   */
  inPlaceWhen?: {
    readonly [K in keyof I & string]?: (news: I, olds: Record<string, unknown>) => boolean;
  };
}

/** A resource's lifecycle, written once per resource. */
export interface ResourceDefinition<
  I extends Record<string, unknown>,
  O extends Record<string, unknown>,
> {
  /** The SDK class name, for messages (e.g. `Disk`). */
  typeName: string;
  /**
   * The zod schema of the inputs (from provider/resources/inputs), made with
   * `resourceInputs`: every input of it is compared, and its field facts say which replace,
   * which are only local, which the cloud chooses when unset, and the defaults `check` fills.
   */
  inputs: InputSchema;
  /**
   * The zod schema of what the resource records (from provider/resources/outputs), made with
   * `resourceOutputs`: every output with its description, and which are secret.
   */
  outputs: OutputSchema;
  /** How inputs compare and in which order a replacement goes, where the defaults do not fit. */
  diff?: ResourceDiff<I>;
  /**
   * Brings checked inputs to the service's spelling (e.g. a subnet address and its mask), so
   * `diff` compares like with like. Runs at the end of `check`, also when other inputs are
   * still unknown or failed; it must leave unknown values alone.
   */
  normalize?(inputs: Record<string, unknown>): Record<string, unknown>;
  /**
   * Checks that need the previous values too (e.g. a disk may not shrink). Runs in `check`
   * after the schema found no failure, with the previous inputs (empty on create; `from`
   * "inputs"), and in `diff` with the last outputs (which hold drift a refresh found; `from`
   * "outputs"); values of `news` may still be unknown during preview (test them with
   * `isUnknown`).
   */
  checkChange?(olds: Partial<I>, news: I, from: "inputs" | "outputs"): CheckFailure[];
  /**
   * Checks against the service's catalog (read-only requests through the process-wide catalog
   * cache): references exist, values fit what the catalog says. Runs in `check` after every
   * offline rule passed, so `pulumi preview` fails on what `create` would refuse; values of
   * `inputs` may be unknown. `olds` are the previous inputs (empty on create): what the
   * resource itself holds in the cloud is no conflict. When the service cannot be reached,
   * `check` warns once and skips it (create checks again).
   */
  checkCatalog?(ctx: ResourceContext, inputs: I, olds: Partial<I>): Promise<CheckFailure[]>;
  /** Creates the resource and waits until it is usable; returns its id and every output. */
  create(ctx: ResourceContext, inputs: I): Promise<{ id: string; outs: O }>;
  /** Reads the resource by id; undefined when it is gone. `previous` are the last outputs (empty on import). */
  read(ctx: ResourceContext, id: string, previous: Partial<O>): Promise<O | undefined>;
  /**
   * The resource's own id for what `read` found, when a read by another form of id (the bare
   * UUID another tool stored) found it: an import then records this id. Default: the id read by.
   */
  idOf?(outs: O): string;
  /**
   * Applies in-place changes; returns every output. Also called with no change for a resource
   * whose create or update ended in a `ResourceInitError`: finish the work (e.g. wait again).
   */
  update?(ctx: ResourceContext, id: string, olds: O, news: I, diff: DiffOutcome): Promise<O>;
  /** Deletes the resource and waits until it is gone; already gone is success. */
  delete(ctx: ResourceContext, id: string, olds: O): Promise<void>;
  /**
   * The inputs that reproduce these outputs (what `import` records as inputs). Default: the
   * outputs' values of the schema's inputs, for resources whose outputs hold every input as
   * the program writes it.
   */
  inputsOf?(outs: O): Partial<I>;
}

/**
 * Runs `work`; a {@link ResourceInitError} gets the local inputs of `inputs` in its outputs
 * too, so the stack records them and the next `up` sees no change but the unfinished work.
 */
async function keepingLocal<T>(
  localKeys: readonly string[],
  inputs: Record<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ResourceInitError)) throw error;
    throw new ResourceInitError(
      error.message,
      error.id,
      plain(withLocal(localKeys, error.properties, inputs)),
    );
  }
}

/**
 * `target` with the local inputs (`localKeys`) of `source` copied over. Local inputs only tune
 * the provider (how long to wait) and never reach the cloud: they are copied into the outputs
 * (so `delete`, which only gets outputs, sees them), kept across `read`, never replace, and a
 * change of nothing else is applied to the state without calling the resource's `update`.
 */
function withLocal<T extends Record<string, unknown>>(
  localKeys: readonly string[],
  target: T,
  source: Record<string, unknown>,
): T {
  const out: Record<string, unknown> = { ...target };
  for (const key of localKeys) {
    if (source[key] === undefined) delete out[key];
    else out[key] = source[key];
  }
  return out as T;
}

/** A resource's lifecycle, with the input schema it checks (and, as every kind, its outputs). */
export interface ResourceLifecycle extends Lifecycle {
  /** The input schema (with its field facts). */
  readonly inputs: InputSchema;
  /** The inputs any change of which replaces (those that some changes only update are not). */
  readonly alwaysReplaces: readonly string[];
  /**
   * What `check` refuses in a change from the previous inputs `olds` to `news` (a disk that
   * would shrink), with nothing else checked; the policy pack says so in its advice.
   */
  changeFailures(olds: Record<string, unknown>, news: Record<string, unknown>): CheckFailure[];
}

/** Builds the lifecycle of one resource. */
export function defineResource<
  I extends Record<string, unknown>,
  O extends Record<string, unknown>,
>(def: ResourceDefinition<I, O>): ResourceLifecycle {
  const nameOf = (props: Record<string, unknown> | undefined) =>
    typeof props?.name === "string" ? props.name : undefined;
  const localKeys = inputsWhere(def.inputs, (meta) => meta.onChange === "local");
  const secrets = secretInputs(def.inputs);
  const defaults = inputDefaults(def.inputs);
  const spec: DiffSpec = {
    // `adoptId` acts at create only (see adopt-existing.ts): never compared, never replaces.
    inputs: Object.keys(inputFacts(def.inputs)).filter((key) => key !== ADOPT_INPUT),
    replaceOn: inputsWhere(def.inputs, (meta) => meta.onChange === "replaces"),
    optionalComputed: inputsWhere(def.inputs, (meta) => meta.cloudDefault === true),
    compare: def.diff?.compare,
    deleteBeforeReplace: def.diff?.deleteBeforeReplace,
  };
  const inputsOf =
    def.inputsOf ??
    ((outs: O) =>
      Object.fromEntries(
        spec.inputs.flatMap((key) =>
          localKeys.includes(key) || outs[key] === undefined ? [] : [[key, outs[key]]],
        ),
      ) as Partial<I>);
  const inPlaceWhen = Object.entries(def.diff?.inPlaceWhen ?? {}) as Array<
    [string, (news: I, olds: Record<string, unknown>) => boolean]
  >;
  /**
   * The diff spec for `news` against the last outputs `olds`: inputs that this change applies
   * in place do not replace.
   */
  const specFor = (news: I, olds: Record<string, unknown>): DiffSpec => {
    const inPlace = inPlaceWhen.filter(([, test]) => test(news, olds)).map(([key]) => key);
    return inPlace.length === 0
      ? spec
      : { ...spec, replaceOn: spec.replaceOn.filter((key) => !inPlace.includes(key)) };
  };
  return {
    typeName: def.typeName,
    inputs: def.inputs,
    alwaysReplaces: spec.replaceOn.filter(
      (key) => !inPlaceWhen.some(([inPlace]) => inPlace === key),
    ),
    outputs: def.outputs,
    secretInputs: secrets,
    changeFailures(olds, news) {
      return def.checkChange?.(olds as Partial<I>, news as I, "inputs") ?? [];
    },
    configure(config) {
      configureRuntime(config);
    },
    async check(olds, given) {
      // The SDK's facts about the rest of the program, never recorded (program-input.ts).
      const { news, program } = takeProgramInput(given);
      const result = checkInputs(def.inputs, news, defaults);
      const checked = def.normalize === undefined ? result.inputs : def.normalize(result.inputs);
      const inputs = plain(checked);
      // A replacement's check with no previous inputs judges against what it replaces.
      const replacing =
        Object.keys(olds).length === 0 ? replacements.take(def.typeName, inputs) : undefined;
      const previous = replacing ?? olds;
      if (result.failures.length === 0 && def.checkChange !== undefined) {
        const from = replacing === undefined ? "inputs" : "outputs";
        result.failures.push(...def.checkChange(previous as Partial<I>, result.inputs as I, from));
      }
      const name = nameOf(result.inputs);
      // Entered before anything is awaited: the order of the checks is the program's.
      const entry = enterProgramStage(def.typeName, name, program, {
        inputs: checked,
        isNew:
          Object.keys(olds).length === 0 &&
          replacing === undefined &&
          checked[ADOPT_INPUT] === undefined,
        valid: result.failures.length === 0,
      });
      if (result.failures.length === 0) {
        if (def.checkCatalog !== undefined) {
          const checkCatalog = def.checkCatalog;
          result.failures.push(
            ...(await catalogFailures(def.typeName, name, result.inputs, (ctx) =>
              checkCatalog(ctx, result.inputs as I, previous as Partial<I>),
            )),
          );
        }
        if (entry !== undefined) {
          const failing = new Set(result.failures.map((f) => f.property));
          result.failures.push(
            ...(await programFailuresOf(def.typeName, name, entry)).filter(
              (f) => f.property === "(inputs)" || !failing.has(f.property),
            ),
          );
        }
      }
      return { inputs, failures: failuresForEngine(result.failures, inputs, secrets) };
    },
    async diff(_id, olds, next) {
      if (def.checkChange !== undefined) {
        // `olds` here are the last outputs: what the cloud had at the last read, drift
        // included. A refresh keeps the program's inputs (which `check` compares with), so a
        // change the cloud cannot make (a disk grown outside the program, shrunk back) is
        // caught here, still at preview.
        const failures = def.checkChange(olds as Partial<I>, next as I, "outputs");
        if (failures.length > 0) {
          throw new ProviderError(
            resourceLabel(def.typeName, nameOf(next)),
            failures.map((f) => `${f.property}: ${f.reason}`).join("; "),
          );
        }
      }
      const outcome = diffInputs(specFor(next as I, olds), olds, next);
      if (outcome.replaces.length > 0) replacements.note(def.typeName, next, olds);
      return outcome;
    },
    async create(inputs) {
      noteCloudChanged();
      const news = inputs as I;
      const name = nameOf(news);
      const adoptId = news[ADOPT_INPUT];
      const { id, outs } = await keepingLocal(localKeys, news, () =>
        explained(def.typeName, name, "create", async () => {
          const ctx = contextFor(def.typeName, name, "create", news);
          if (typeof adoptId !== "string") return def.create(ctx, news);
          ctx.progress(`adopting ${def.typeName} ${adoptId} (adoptId)`);
          const adopted = await adoptExisting({
            typeName: def.typeName,
            id: adoptId,
            read: () => def.read(ctx, adoptId, {}),
            differences: (found) => {
              const olds = withLocal(localKeys, found, news);
              return diffInputs(specFor(news, olds), olds, news).changed;
            },
            current: (found, key) =>
              (def.inputsOf?.(found) as Record<string, unknown> | undefined)?.[key] ?? found[key],
          });
          return { id: adoptId, outs: adopted };
        }),
      );
      return { id, outs: plain(withLocal(localKeys, outs, news)) };
    },
    async read(id, props) {
      const previous = props as Partial<O>;
      const name = nameOf(previous);
      const outs = await explained(def.typeName, name ?? id, "read", () =>
        def.read(contextFor(def.typeName, name, "read"), id, previous),
      );
      if (outs === undefined) return {};
      const current = plain(withLocal(localKeys, outs, previous));
      // Inputs are given only to an import (no previous outputs), which has none. A refresh
      // keeps the program's inputs: rewritten from the cloud, they would drop write-only
      // values (the password) and turn ids into names, so every later refresh and preview
      // would report changes the program never made. Drift still shows, as `diff` compares
      // the program's inputs with these outputs.
      const importing = Object.keys(previous).length === 0;
      const found = def.idOf?.(outs) ?? id;
      return !importing
        ? { id: found, props: current }
        : {
            id: found,
            props: current,
            inputs: plain(withLocal(localKeys, inputsOf(outs), previous)),
          };
    },
    async update(id, olds, news) {
      const prev = olds as O;
      const next = news as I;
      const name = nameOf(next);
      const outcome = diffInputs(specFor(next, prev), prev, next);
      const localOnly =
        outcome.changed.length > 0 && outcome.changed.every((key) => localKeys.includes(key));
      if (localOnly) return { outs: plain(withLocal(localKeys, prev, next)) };
      noteCloudChanged();
      if (def.update === undefined) {
        throw new ProviderError(
          resourceLabel(def.typeName, name),
          "update failed: it has no in-place update; this change should have replaced it",
        );
      }
      const outs = await keepingLocal(localKeys, next, () =>
        explained(def.typeName, name, "update", () =>
          def.update!(contextFor(def.typeName, name, "update", next), id, prev, next, outcome),
        ),
      );
      return { outs: plain(withLocal(localKeys, outs, next)) };
    },
    async delete(id, props) {
      noteCloudChanged();
      const prev = props as O;
      const name = nameOf(prev);
      await explained(def.typeName, name, "delete", () =>
        def.delete(contextFor(def.typeName, name, "delete", prev), id, prev),
      );
    },
  };
}
