/** `vmcloud-vm-flavor`: VMs use allowed flavors, by name or by size (vCPU, RAM, GPU). */
import { flavorSize, type FlavorSize } from "../lib/flavor-size";
import { label, stringList, resourceRule } from "../lib/define";
import { findEntry } from "../../provider/cost/catalog";
import { previewAfter, withValue } from "../lib/fix-effect";
import { isCatalog, listedIn, serviceCatalog } from "../lib/service-catalog";
import { asString } from "../lib/values";

/** Configuration of {@link vmFlavor}. */
export interface VmFlavorConfig {
  /** Flavors allowed by name or id; when non-empty, only these pass and the limits are not used. */
  allowedFlavors: string[];
  /** Most vCPUs a flavor may have. */
  maxCpu: number;
  /** Most RAM (GB) a flavor may have. */
  maxRamGb: number;
  /** Most GPUs a flavor may have. */
  maxGpu: number;
  /** Sizes of flavors whose name does not spell them (ids, other names), by name or id. */
  flavorSizes: Record<string, FlavorSize>;
}

/** Default limits: general-purpose machines up to 16 vCPU / 64 GB, no GPUs. */
export const vmFlavor = resourceRule<VmFlavorConfig>({
  name: "vmcloud-vm-flavor",
  description:
    "VMs must use an allowed flavor: listed by name, or within the vCPU, RAM and GPU limits.",
  enforcementLevel: "mandatory",
  appliesTo: ["Vm"],
  configSchema: {
    properties: {
      allowedFlavors: stringList(
        [],
        "Flavor names or ids allowed; when non-empty only these pass (the limits are then not used).",
      ),
      maxCpu: { type: "integer", minimum: 0, default: 16, description: "Most vCPUs per VM." },
      maxRamGb: {
        type: "integer",
        minimum: 0,
        default: 64,
        description: "Most RAM per VM, in GB.",
      },
      maxGpu: { type: "integer", minimum: 0, default: 0, description: "Most GPUs per VM." },
      flavorSizes: {
        type: "object",
        additionalProperties: {
          type: "object",
          properties: {
            cpu: { type: "integer", minimum: 0 },
            ramGb: { type: "integer", minimum: 0 },
            gpu: { type: "integer", minimum: 0 },
          },
          required: ["cpu", "ramGb", "gpu"],
          additionalProperties: false,
        },
        default: {},
        description:
          "Sizes of flavors whose name does not read <family>-<cpu>-<ram>[-<gpu>], keyed by name or id.",
      },
    },
  },
  async check(vm, config) {
    const flavor = asString(vm.props["flavor"]);
    if (typeof flavor !== "string") return [];
    // Asked only when the flavor is not judged as written (an id, or a name of no size).
    const listed =
      config.allowedFlavors.includes(flavor) ||
      (config.allowedFlavors.length === 0 && flavorSize(flavor, config.flavorSizes) !== undefined);
    const catalog = listed ? undefined : await serviceCatalog();
    const flavors = catalog !== undefined && isCatalog(catalog) ? catalog.flavors : undefined;
    const entry = flavors === undefined ? undefined : findEntry(flavors, flavor);
    // An id reads as its catalog name in messages: `"<id>" (gen-4-8)`.
    const named =
      entry === undefined || entry.name === flavor ? `"${flavor}"` : `"${flavor}" (${entry.name})`;
    const shows = async () =>
      previewAfter("Vm", vm.props, withValue(vm.props, ["flavor"], "<another flavor>"));
    if (config.allowedFlavors.length > 0) {
      return listedIn(config.allowedFlavors, flavors, flavor)
        ? []
        : [
            `${label(vm)}: flavor ${named} is not allowed. Fix: use one of ${config.allowedFlavors.join(", ")}, ` +
              `or add it to allowedFlavors in the config of vmcloud-vm-flavor. ${await shows()}`,
          ];
    }
    const size =
      flavorSize(flavor, config.flavorSizes) ??
      (entry === undefined
        ? undefined
        : (flavorSize(entry.name, config.flavorSizes) ?? {
            cpu: entry.cpu,
            ramGb: entry.ram,
            gpu: entry.gpu,
          }));
    if (size === undefined) {
      const why =
        catalog === undefined || isCatalog(catalog)
          ? "the service lists no flavor of that name or id"
          : `the service could not be asked (${catalog.unavailable})`;
      return [
        `${label(vm)}: the size of flavor "${flavor}" is unknown to the policy: it is not named ` +
          `<family>-<cpu>-<ram>[-<gpu>], and ${why}. Fix: use the flavor's name, e.g. gen-2-4, or add it to ` +
          `flavorSizes in the config of vmcloud-vm-flavor. ${await shows()}`,
      ];
    }
    const over: string[] = [];
    if (size.cpu > config.maxCpu) over.push(`${size.cpu} vCPU (max ${config.maxCpu})`);
    if (size.ramGb > config.maxRamGb) over.push(`${size.ramGb} GB RAM (max ${config.maxRamGb})`);
    if (size.gpu > config.maxGpu) over.push(`${size.gpu} GPU (max ${config.maxGpu})`);
    if (over.length === 0) return [];
    return [
      `${label(vm)}: flavor ${named} has ${over.join(", ")}. Fix: choose a smaller flavor, or raise ` +
        "maxCpu/maxRamGb/maxGpu (or list the flavor in allowedFlavors) in the config of vmcloud-vm-flavor. " +
        (await shows()),
    ];
  },
});
