/**
 * What a running or killed `pulumi up` has written so far: the checkpoint the file backend
 * holds for a stack.
 */
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";

/** A resource of a checkpoint. */
export interface CheckpointResource {
  urn: string;
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
}

/**
 * The resources of the checkpoint that the file backend in `backendDir` holds for `stackName`
 * now, or undefined while there is none (or it is being rewritten).
 */
export async function checkpointResources(
  backendDir: string,
  stackName: string,
): Promise<CheckpointResource[] | undefined> {
  const stacks = join(backendDir, ".pulumi", "stacks");
  try {
    for (const project of await readdir(stacks)) {
      const text = await readFile(join(stacks, project, `${stackName}.json`), "utf8").catch(
        () => undefined,
      );
      if (text === undefined) continue;
      const parsed = JSON.parse(text) as {
        checkpoint?: { latest?: { resources?: CheckpointResource[] } };
      };
      return parsed.checkpoint?.latest?.resources ?? [];
    }
  } catch {
    // No backend folder yet, or a checkpoint caught half written: not there yet.
  }
  return undefined;
}
