/**
 * Turns a resource's lifecycle (create, read, update, delete over the REST client) into the
 * dynamic provider the engine drives, adding what every resource needs the same way: input
 * checks with zod (unknowns pass, defaults fill), precise diffs, timeouts, progress lines,
 * errors that name the resource, and `configure` for the stack's credentials.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import type { VmCloudClient } from "../../client";
import { configureRuntime, currentClient, currentSettings } from "../../runtime/context";
import type { ConfigReader, ProviderSettings } from "../../runtime/settings";
import { parseDuration } from "../inputs/common";
import { checkInputs, type CheckFailure } from "./check-inputs";
import { diffInputs, type DiffOutcome, type DiffSpec } from "./diff-inputs";
import { explained } from "./provider-error";
import { containsUnknown } from "./unknowns";

/** Operations that have a timeout. */
export type TimedOperation = "create" | "update" | "delete";

/** What a lifecycle function is given besides its inputs. */
export interface ResourceContext {
  /** The shared REST client. */
  client: VmCloudClient;
  /** Provider settings (endpoint, default project…); credentials stay inside the client. */
  settings: ProviderSettings;
  /** The project: the input's `projectId`, else the provider's; a clear error when neither. */
  projectId(inputs: { projectId?: string | undefined }): string;
  /** The timeout of `operation` in ms: the input's `timeouts`, else `fallbackMs`. */
  timeoutMs(inputs: { timeouts?: Partial<Record<TimedOperation, string>> | undefined }, operation: TimedOperation, fallbackMs: number): number;
  /** Shows a progress line during long waits. */
  progress(message: string): void;
}

/** A resource's lifecycle, written once per resource. */
export interface ResourceDefinition<I extends Record<string, unknown>, O extends Record<string, unknown>> {
  /** The SDK class name, for messages (e.g. `Disk`). */
  typeName: string;
  /** The zod schema of the inputs (from provider/resources/inputs). */
  inputs: z.ZodType;
  /** Values applied to inputs the program left unset. */
  defaults?: Partial<I>;
  /** Which inputs are compared and which of them replace. */
  diff: DiffSpec;
  /** Checks that need the previous inputs too (e.g. a disk may not shrink). */
  checkChange?(olds: Partial<I>, news: I): CheckFailure[];
  /** Creates the resource and waits until it is usable; returns its id and every output. */
  create(ctx: ResourceContext, inputs: I): Promise<{ id: string; outs: O }>;
  /** Reads the resource by id; undefined when it is gone. `previous` are the last outputs (empty on import). */
  read(ctx: ResourceContext, id: string, previous: Partial<O>): Promise<O | undefined>;
  /** Applies in-place changes; returns every output. */
  update?(ctx: ResourceContext, id: string, olds: O, news: I, diff: DiffOutcome): Promise<O>;
  /** Deletes the resource and waits until it is gone; already gone is success. */
  delete(ctx: ResourceContext, id: string, olds: O): Promise<void>;
  /** The inputs that reproduce these outputs (what `import` and refresh record as inputs). */
  inputsOf?(outs: O): Partial<I>;
}

/** The dynamic provider object the shim hands to the engine. */
export type DynamicProvider = pulumi.dynamic.ResourceProvider & {
  configure(req: { config: ConfigReader }): Promise<void>;
};

function contextFor(typeName: string, name: string | undefined): ResourceContext {
  const settings = currentSettings();
  return {
    client: currentClient(),
    settings,
    projectId(inputs) {
      const project = inputs.projectId ?? settings.projectId;
      if (project === undefined) {
        throw new Error(
          `${typeName}${name === undefined ? "" : ` "${name}"`}: no project: set projectId on the resource or ` +
            "`pulumi config set vmcloud:projectId <uuid>` (or VMCLOUD_PROJECT_ID)",
        );
      }
      return project;
    },
    timeoutMs(inputs, operation, fallbackMs) {
      const text = inputs.timeouts?.[operation];
      return text === undefined ? fallbackMs : parseDuration(text);
    },
    progress(message) {
      // The dynamic-provider host has no engine connection; stderr lines reach the CLI's output.
      process.stderr.write(`vmcloud: ${typeName}${name === undefined ? "" : ` "${name}"`}: ${message}\n`);
    },
  };
}

/** Builds the dynamic provider of one resource. */
export function defineResource<I extends Record<string, unknown>, O extends Record<string, unknown>>(
  def: ResourceDefinition<I, O>,
): DynamicProvider {
  const nameOf = (props: Record<string, unknown> | undefined) =>
    typeof props?.name === "string" ? props.name : undefined;
  const strip = <T extends Record<string, unknown>>(props: T): T => {
    const { __provider: _ignored, ...rest } = props;
    return rest as T;
  };
  return {
    async configure(req) {
      configureRuntime(req.config);
    },
    async check(olds, news) {
      const result = checkInputs(def.inputs, strip(news), def.defaults as Record<string, unknown> | undefined);
      if (result.failures.length === 0 && def.checkChange !== undefined && olds !== undefined && !containsUnknown(news)) {
        result.failures.push(...def.checkChange(strip(olds) as Partial<I>, result.inputs as I));
      }
      return { inputs: { ...result.inputs, __provider: news.__provider }, failures: result.failures };
    },
    async diff(_id, olds, news) {
      const outcome = diffInputs(def.diff, strip(olds), strip(news));
      return {
        changes: outcome.changes,
        replaces: outcome.replaces,
        stables: outcome.stables,
        deleteBeforeReplace: outcome.deleteBeforeReplace,
      };
    },
    async create(inputs) {
      const news = strip(inputs) as I;
      const name = nameOf(news);
      return explained(def.typeName, name, "create", () => def.create(contextFor(def.typeName, name), news));
    },
    async read(id, props) {
      const previous = strip(props ?? {}) as Partial<O>;
      const name = nameOf(previous);
      const outs = await explained(def.typeName, name ?? id, "read", () =>
        def.read(contextFor(def.typeName, name), id, previous),
      );
      if (outs === undefined) return {};
      return def.inputsOf === undefined ? { id, props: outs } : { id, props: outs, inputs: def.inputsOf(outs) };
    },
    async update(id, olds, news) {
      if (def.update === undefined) throw new Error(`${def.typeName} has no in-place update; this change should have replaced it`);
      const prev = strip(olds) as O;
      const next = strip(news) as I;
      const name = nameOf(next);
      const outcome = diffInputs(def.diff, prev, next);
      const outs = await explained(def.typeName, name, "update", () =>
        def.update!(contextFor(def.typeName, name), id, prev, next, outcome),
      );
      return { outs };
    },
    async delete(id, props) {
      const prev = strip(props) as O;
      const name = nameOf(prev);
      await explained(def.typeName, name, "delete", () => def.delete(contextFor(def.typeName, name), id, prev));
    },
  };
}
