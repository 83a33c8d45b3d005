/**
 * The program stage of `check` (define-resource.ts): the resource enters the program's view
 * (provider/resources/program/program-view.ts) with what its SDK said of the rest of the
 * program, a new resource starts reading its project's quota, and after the catalog stage the
 * resource is judged against the other resources of its program and what exists.
 */
import type { CheckFailure } from "../../framework/check-failures";
import { currentSettings } from "../../runtime/context";
import { currentResourceUrn } from "../../runtime/engine-log";
import { programCheckFailures } from "../program/program-check";
import type { ProgramFacts } from "../program/program-input";
import { enterProgram, type ProgramEntry } from "../program/program-view";
import { amountsOf } from "../program/quota-check";
import { contextFor } from "./resource-context";
import { serviceConfigured } from "./service-configured";

/** The project of checked `inputs`: their own, else the provider's. */
function projectOf(inputs: Record<string, unknown>): string | undefined {
  return typeof inputs.projectId === "string" ? inputs.projectId : currentSettings().projectId;
}

/** What the check knows of the resource when it enters the program. */
export interface ProgramStageEntry {
  /** The checked (normalized) inputs. */
  inputs: Record<string, unknown>;
  /** Made by this change (not a replacement, an update or an adoption). */
  isNew: boolean;
  /** Its inputs passed the schema and change checks. */
  valid: boolean;
}

/**
 * Enters the resource into its program's view (before anything is awaited, so that the order
 * of the checks is the program's) and, for a new valid resource, starts reading the quota
 * amounts its project has in use.
 */
export function enterProgramStage(
  typeName: string,
  name: string | undefined,
  program: ProgramFacts | undefined,
  given: ProgramStageEntry,
): ProgramEntry | undefined {
  const entry = enterProgram(typeName, currentResourceUrn(), program?.name, {
    inputs: given.inputs,
    refs: program?.refs ?? {},
    projectId: projectOf(given.inputs),
    isNew: given.isNew,
    valid: given.valid,
  });
  if (
    entry?.isNew === true &&
    entry.valid &&
    entry.projectId !== undefined &&
    serviceConfigured()
  ) {
    try {
      entry.amounts = amountsOf(contextFor(typeName, name, "check"), entry.projectId, entry).catch(
        () => undefined,
      );
    } catch {
      // Bad settings: the catalog stage reports them, as it always has.
    }
  }
  return entry;
}

/**
 * The failures of the resource `entry` against the rest of its program: with the service's
 * answers when it can be read, else what needs none.
 */
export async function programFailuresOf(
  typeName: string,
  name: string | undefined,
  entry: ProgramEntry,
): Promise<CheckFailure[]> {
  if (serviceConfigured()) {
    try {
      return await programCheckFailures(entry, contextFor(typeName, name, "check"));
    } catch {
      // The service cannot answer now: the catalog's check says so once; judge offline.
    }
  }
  return programCheckFailures(entry, undefined).catch(() => []);
}
