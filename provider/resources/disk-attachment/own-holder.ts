/**
 * The VM a disk attachment holds its disk on now, which its own `check` must not count as a
 * conflict: a replacement detaches first (deleteBeforeReplace), so the disk is free by the time
 * the new attachment attaches it.
 *
 * When the VM is replaced, the attachment's `vmId` changes with it (unknown during preview), so
 * the engine replaces the attachment too, and checks its new inputs with no previous inputs at
 * all (pulumi/pkg resource/deploy step_generator.go): once more after the diff says "replace"
 * (to fill defaults afresh), or only that way when the VM is deleted first and the attachment
 * with it (a dependent of a delete-before-replace). That check alone cannot tell the
 * attachment's own VM from another holder. Before it, the engine always shows this provider the
 * attachment's previous state: a `check` with the previous inputs, or a `diff` with the last
 * outputs (also the diff it asks for when working out which dependents a replacement takes
 * along, with the changing `vmId` made unknown). Each of those notes the VM for the check that
 * follows, in this process (the engine sends them all to one provider process, in order).
 */
import type { DiskAttachmentInputs } from "../inputs/disk-attachment";

type Ids = Pick<DiskAttachmentInputs, "diskId" | "vmId">;

/** The VM each attachment being replaced holds its disk on, by its new inputs. */
const heldBefore = new Map<string, string>();

function keyOf(inputs: Ids): string {
  return `${inputs.diskId} ${inputs.vmId}`;
}

/**
 * Notes, from the attachment's previous inputs or outputs (`olds`), the VM it holds its disk
 * on, when `news` (its new inputs) move the same disk to another VM: a replacement, whose check
 * with no previous inputs comes next.
 */
export function noteOwnHolder(olds: Partial<Ids>, news: Ids): void {
  if (olds.vmId !== undefined && olds.diskId === news.diskId && olds.vmId !== news.vmId) {
    heldBefore.set(keyOf(news), olds.vmId);
  }
}

/**
 * The VM the attachment checked with `inputs` (its new inputs, `vmId` possibly unknown) holds
 * its disk on now: the previous inputs' VM when the disk is the same; with no previous inputs,
 * the one {@link noteOwnHolder} noted for these inputs (a replacement), once.
 */
export function ownHolder(inputs: Ids, olds: Partial<Ids>): string | undefined {
  if (olds.diskId === undefined && olds.vmId === undefined) {
    const held = heldBefore.get(keyOf(inputs));
    heldBefore.delete(keyOf(inputs));
    return held;
  }
  return olds.diskId === inputs.diskId ? olds.vmId : undefined;
}
