/**
 * `check` of a name unique in the project (rules/names.ts): a new resource, or one whose name
 * changes, may not take a name another live object of its kind has, or `create` (or `update`)
 * would be refused after the plan was shown. The service's `validate_name` answers for many
 * names at once: the names of one kind asked in one turn of the event loop go out as one
 * request. No longer window: the engine checks resources one at a time (a window would only
 * add its length to each check, 20 ms × fifty groups of a preview), so names share a request
 * only when their checks run at once. Only a taken name costs more: the
 * object holding it is read, to tell the object `adoptId` names from any other, and to name
 * the other in the failure with the commands that resolve it (an object the stack does not
 * track is never taken over, not even an exact match: framework/refuse-untracked.ts). VMs skip
 * the question:
 * their create already reads the project's VMs by name, batched and kept for the process
 * (framework/batched-reads.ts), and the check shares that read.
 */
import { catalogEndpoints } from "../../../api/vm/endpoints/catalog";
import type { UniqueInProject } from "../../../api/vm/projects";
import type { VmCloudClient } from "../../client";
import type { CheckFailure } from "../../framework/check-failures";
import { isUnknown } from "../../framework/unknowns";
import { nameTaken, UNIQUE_IN_PROJECT_TYPES, type UniqueInProjectType } from "../../rules/names";
import { serviceObject } from "../../rules/parties";
import { currentResourceUrn } from "../../runtime/engine-log";
import { loaderOf } from "./batched-reads";

/** The most names one request asks about (the query repeats `names`; URLs stay short). */
const NAMES_PER_REQUEST = 50;

/** One name asked about. */
interface NameKey {
  projectId: string;
  entityType: UniqueInProject;
  name: string;
}

/**
 * Whether no live object of `entityType` in the project has `name`, asked together with the
 * other names of the kind asked in the same turn of the event loop.
 */
export function nameIsFree(
  client: VmCloudClient,
  projectId: string,
  entityType: UniqueInProject,
  name: string,
): Promise<boolean> {
  return loaderOf<NameKey, boolean>(client, `validate-name:${entityType}`, () => ({
    batch: (keys) => askBatch(client, keys),
    schedule: (run) => setImmediate(run),
  })).load({ projectId, entityType, name });
}

/** One `validate_name` request per project and {@link NAMES_PER_REQUEST} names of the batch. */
async function askBatch(
  client: VmCloudClient,
  keys: readonly NameKey[],
): Promise<Array<boolean | Error>> {
  const keyOf = (k: NameKey) => `${k.projectId}\u0000${k.name}`;
  const byProject = new Map<string, Set<string>>();
  for (const k of keys)
    byProject.set(k.projectId, (byProject.get(k.projectId) ?? new Set()).add(k.name));
  const answers = new Map<string, boolean | Error>();
  const entityType = keys[0]!.entityType;
  await Promise.all(
    [...byProject].flatMap(([projectId, names]) => {
      const all = [...names];
      const chunks: string[][] = [];
      for (let i = 0; i < all.length; i += NAMES_PER_REQUEST) {
        chunks.push(all.slice(i, i + NAMES_PER_REQUEST));
      }
      return chunks.map(async (chunk) => {
        try {
          const answer = await client.call(catalogEndpoints.validateProjectName, {
            params: { project_id: projectId },
            query: { entity_type: entityType, names: chunk },
          });
          for (const { name, available } of answer)
            answers.set(keyOf({ projectId, entityType, name }), available);
        } catch (error) {
          const failure = error instanceof Error ? error : new Error(String(error));
          for (const name of chunk) answers.set(keyOf({ projectId, entityType, name }), failure);
        }
      });
    }),
  );
  // A name the answer left out is taken to be free: the create is the last judge.
  return keys.map((k) => answers.get(keyOf(k)) ?? true);
}

/** What {@link takenNameFailures} needs of a resource and its kind. */
export interface NameCheck<T extends { id: string; name: string }> {
  /** The resource's class. */
  typeName: UniqueInProjectType;
  projectId: string;
  /** The name asked for (may be unknown during preview). */
  name: unknown;
  /** The name of the resource's previous inputs (undefined: a new resource). */
  oldName: unknown;
  /** The id `adoptId` names, if any: that object is this resource's to adopt. */
  adoptId?: unknown;
  /** Whether the failure offers `adoptId` (the kinds that take it). */
  adoptable: boolean;
  /** The project's objects of the kind named exactly `name`, not being deleted. */
  holders(name: string): Promise<readonly T[]>;
  /**
   * False where `holders` is itself a batched read shared with create (VMs: the untracked-VM
   * check's list by name), so asking `validate_name` first would only add a request.
   */
  askFirst?: boolean;
}

/**
 * The failure of a name another live object of the kind has in the project, for a new resource
 * or a change of name (a resource keeping its name holds it itself). None when the name is not
 * known yet, or its only holder is the object `adoptId` names.
 */
export async function takenNameFailures<T extends { id: string; name: string }>(
  client: VmCloudClient,
  check: NameCheck<T>,
): Promise<CheckFailure[]> {
  const { entityType, kind } = UNIQUE_IN_PROJECT_TYPES[check.typeName];
  const name = check.name;
  if (typeof name !== "string" || isUnknown(name) || name === check.oldName) return [];
  if (
    check.askFirst !== false &&
    (entityType === undefined || (await nameIsFree(client, check.projectId, entityType, name)))
  ) {
    return [];
  }
  const other = (await check.holders(name)).find((holder) => holder.id !== check.adoptId);
  if (other === undefined) return [];
  return [
    nameTaken("name", kind, name, "the project", serviceObject(kind, other.name, other.id), {
      id: other.id,
      adoptable: check.adoptable,
      urn: currentResourceUrn(),
    }),
  ];
}
