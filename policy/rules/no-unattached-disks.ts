/** `vmcloud-no-unattached-disks`: every Disk of the stack is attached to some VM. */
import { label, stringList, stackRule, type StackRuleResource } from "../lib/define";
import { asArray, asObject, isUnknown, type Value } from "../lib/values";

/** Configuration of {@link noUnattachedDisks}. */
export interface NoUnattachedDisksConfig {
  /** Disks that may stay unattached, by Pulumi resource name or disk name. */
  allowedDisks: string[];
}

/** The disk references of the stack: URNs of the Disks they depend on, and unresolved ones. */
interface References {
  urns: Set<string>;
  /** A reference whose value is unknown and that depends on no Disk of the stack. */
  unresolved: boolean;
}

function addReference(refs: References, value: Value | undefined, dependsOnDisks: string[]): void {
  for (const urn of dependsOnDisks) refs.urns.add(urn);
  if (isUnknown(value) && dependsOnDisks.length === 0) refs.unresolved = true;
}

/**
 * Collects every disk reference: a `DiskAttachment`'s `diskId` and the `diskId` entries of a
 * `Vm`'s `disks`. A reference counts for a Disk when the property depends on it: that is
 * what `diskId: disk.id` records, and it is known even while the id is not (preview). A
 * policy never sees resource ids, so a literal id cannot be matched to a Disk here.
 */
function referencesOf(resources: StackRuleResource[]): References {
  const refs: References = { urns: new Set(), unresolved: false };
  const disks = new Set(resources.filter((r) => r.typeName === "Disk").map((r) => r.urn));
  for (const r of resources) {
    if (r.typeName === "DiskAttachment") {
      const deps = (r.propertyDependencies["diskId"] ?? []).filter((urn) => disks.has(urn));
      addReference(refs, r.props["diskId"], deps);
    } else if (r.typeName === "Vm") {
      const deps = (r.propertyDependencies["disks"] ?? []).filter((urn) => disks.has(urn));
      const list = asArray(r.props["disks"]);
      if (isUnknown(list)) {
        addReference(refs, list, deps);
        continue;
      }
      for (const urn of deps) refs.urns.add(urn);
      for (const item of list ?? []) {
        const entry = asObject(item);
        if (isUnknown(entry)) addReference(refs, entry, deps);
        else if (entry !== undefined && entry["diskId"] !== undefined)
          addReference(refs, entry["diskId"], deps);
      }
    }
  }
  return refs;
}

/**
 * A Disk counts as attached when a reference depends on it, or when its `attachedVmIds`
 * output (known once the disk exists) lists a VM, which also covers attachments made outside
 * the stack or by a literal id. During preview, ids of resources being created are unknown;
 * a reference that is unknown and depends on no Disk of the stack could be any disk, so while
 * one exists no disk is reported (the engine runs the stack policies again at the end of `up`).
 */
export const noUnattachedDisks = stackRule<NoUnattachedDisksConfig>({
  name: "vmcloud-no-unattached-disks",
  description: "Every Disk must be attached to a VM, by a DiskAttachment or a Vm's disks[].diskId.",
  enforcementLevel: "advisory",
  configSchema: {
    properties: {
      allowedDisks: stringList(
        [],
        "Disks that may stay unattached, by Pulumi resource name or disk name.",
      ),
    },
  },
  check(resources, config) {
    const refs = referencesOf(resources);
    if (refs.unresolved) return [];
    return resources
      .filter((r) => r.typeName === "Disk")
      .filter((disk) => {
        const name = disk.props["name"];
        if (config.allowedDisks.includes(disk.name)) return false;
        if (typeof name === "string" && config.allowedDisks.includes(name)) return false;
        const attachedVms = asArray(disk.props["attachedVmIds"]);
        const attachedOutside =
          isUnknown(attachedVms) || (Array.isArray(attachedVms) && attachedVms.length > 0);
        return !refs.urns.has(disk.urn) && !attachedOutside;
      })
      .map((disk) => ({
        urn: disk.urn,
        message:
          `${label({ typeName: "Disk", name: disk.name })}: no DiskAttachment or Vm attaches it, so it costs money ` +
          "and serves nothing. Fix: attach it (new DiskAttachment with diskId: disk.id) or delete it; to keep it " +
          "unattached, add it to allowedDisks in the config of vmcloud-no-unattached-disks. pulumi preview then " +
          "shows + (create) for the new DiskAttachment, or - (delete) for the disk.",
      }));
  },
});
