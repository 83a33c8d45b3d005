/**
 * What a resource kind (or an action's run, or its wait) is, whatever serves it: check, diff,
 * create, read, update and delete over plain property bags. The definitions build one per kind
 * (`defineResource`, `defineAction`, `defineActionWait`); the dynamic provider
 * (dynamic-provider.ts) and the provider plugin are thin adapters over it, so nothing of a
 * kind's lifecycle, checks or waits is written for one way of serving it.
 *
 * Property bags hold only the kind's own properties: no `__provider` (the dynamic provider's)
 * and no secret wrappers; every value the lifecycle returns is plain JSON (no `undefined`).
 */
import type { ConfigReader } from "../runtime/settings";
import type { CheckFailure } from "./check-failures";
import type { OutputSchema } from "./output-fields";

/** Properties of one resource: its inputs, or its outputs. */
export type Properties = Record<string, unknown>;

/** What `diff` answers. */
export interface LifecycleDiff {
  /** Whether anything changes. */
  changes: boolean;
  /** The changed properties whose change replaces the resource. */
  replaces: string[];
  /** The properties that will not change. */
  stables: string[];
  /** Every changed property (those that replace and those updated in place). */
  changed: string[];
  /** Replace by deleting the old resource first. */
  deleteBeforeReplace: boolean;
}

/** What `read` answers: nothing when the resource is gone. */
export interface LifecycleRead {
  id?: string;
  /** The outputs as read. */
  props?: Properties;
  /** The inputs that reproduce them: given for an import (no previous outputs) only. */
  inputs?: Properties;
}

/** One kind's lifecycle, served by the adapters. */
export interface Lifecycle {
  /** The kind's class name, e.g. `Disk`, `BackupRestore`, `ActionWait`. */
  readonly typeName: string;
  /**
   * What the kind records (what `create`, `read` and `update` return): every output with its
   * description, and which are secret.
   */
  readonly outputs: OutputSchema;
  /** The inputs that hold secrets (never shown, always stored encrypted). */
  readonly secretInputs: readonly string[];
  /** Takes the provider's settings (the stack's `vmcloud:*` config, then `VMCLOUD_*`). */
  configure(config: ConfigReader): void;
  /** Checks and completes `news` (`olds`: the previous inputs, empty on create). */
  check(
    olds: Properties,
    news: Properties,
  ): Promise<{ inputs: Properties; failures: CheckFailure[] }>;
  /** Compares the checked `news` with the last outputs `olds`. */
  diff(id: string, olds: Properties, news: Properties): Promise<LifecycleDiff>;
  /**
   * Creates the resource from checked inputs. A resource made but not usable throws a
   * `ResourceInitError` whose properties are its outputs (the engine records it).
   */
  create(inputs: Properties): Promise<{ id: string; outs: Properties }>;
  /** Reads by id; `props` are the last outputs (empty for an import). */
  read(id: string, props: Properties): Promise<LifecycleRead>;
  /** Applies checked `news` to the resource whose last outputs are `olds`. */
  update(id: string, olds: Properties, news: Properties): Promise<{ outs: Properties }>;
  /** Deletes the resource whose last outputs are `props`; already gone is success. */
  delete(id: string, props: Properties): Promise<void>;
}
