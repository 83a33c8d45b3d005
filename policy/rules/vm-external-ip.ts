/** `vmcloud-vm-external-ip`: VMs get external IPs only when tagged or allowed. */
import { label, stringList, resourceRule, type RuleResource } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { asArray, asObject, isUnknown, knownStrings, type Props } from "../lib/values";

/** Configuration of {@link vmExternalIp}. */
export interface VmExternalIpConfig {
  /** A VM carrying one of these tags may have an external IP. */
  allowTags: string[];
  /** VMs that may have an external IP, by Pulumi resource name or VM name. */
  allowedVms: string[];
}

/**
 * Where `vm` asks for an external IP it makes: `interfaces[0].externalIp`, ...; with
 * `givenToo`, also where it takes an existing one (`interfaces[1].externalIpId`).
 */
export function publicAddresses(
  vm: { typeName: string | undefined; props: RuleResource["props"] },
  givenToo = false,
): string[] {
  if (vm.typeName === "FreeTierVm") return vm.props["externalIp"] === true ? ["externalIp"] : [];
  const interfaces = asArray(vm.props["interfaces"]);
  if (!Array.isArray(interfaces)) return [];
  return interfaces.flatMap((item, i) => {
    const iface = asObject(item);
    if (typeof iface !== "object") return [];
    const made = (["externalIp", "directIp"] as const).filter((key) => iface[key] === true);
    const given =
      givenToo && iface["externalIpId"] !== undefined && iface["externalIpId"] !== null
        ? ["externalIpId"]
        : [];
    return [...made, ...given].map((key) => `interfaces[${i}].${key}`);
  });
}

/** The path of `where` (`interfaces[1].externalIp`) as keys: `["interfaces", 1, "externalIp"]`. */
function pathOf(where: string): Array<string | number> {
  return where
    .split(/[.[\]]+/)
    .filter((part) => part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * The fix of a public VM: `props` with every public address at `where` left out. Outputs list
 * the address an interface made beside `externalIp` (`externalIpId`, `externalIpAddress`), so
 * those go with it.
 */
export function withoutPublicAddresses(props: Props, where: readonly string[]): Props {
  return where.reduce((fixed, path) => {
    const keys = pathOf(path);
    const made = keys.at(-1) === "externalIp" ? ["externalIpId", "externalIpAddress"] : [];
    return [keys.at(-1)!, ...made].reduce(
      (out, key) => withValue(out, [...keys.slice(0, -1), key], undefined),
      fixed,
    );
  }, props);
}

/**
 * A VM's tags are matched by the exact strings the program gives (tag names or ids). While
 * the tags are unknown (preview) the VM passes; `up` checks it again.
 */
export const vmExternalIp = resourceRule<VmExternalIpConfig>({
  name: "vmcloud-vm-external-ip",
  description:
    "VMs must not have a public (external or direct) IP address unless tagged or allowed.",
  enforcementLevel: "mandatory",
  appliesTo: ["Vm", "FreeTierVm"],
  configSchema: {
    properties: {
      allowTags: stringList(
        ["public"],
        "A VM carrying one of these tags (name or id, as written) may have an external IP.",
      ),
      allowedVms: stringList(
        [],
        "VMs that may have an external IP, by Pulumi resource name or VM name.",
      ),
    },
  },
  async check(vm, config) {
    const where = publicAddresses(vm);
    if (where.length === 0) return [];
    const name = vm.props["name"];
    if (
      config.allowedVms.includes(vm.name) ||
      (typeof name === "string" && config.allowedVms.includes(name))
    ) {
      return [];
    }
    if (isUnknown(vm.props["tags"])) return [];
    const tags = knownStrings(vm.props["tags"]);
    if (tags.some((tag) => config.allowTags.includes(tag))) return [];
    const tagHint =
      vm.typeName === "Vm" && config.allowTags.length > 0
        ? `tag the VM "${config.allowTags[0]}", or `
        : "";
    const shows = await previewAfter(
      vm.typeName === "Vm" ? "Vm" : "FreeTierVm",
      vm.props,
      withoutPublicAddresses(vm.props, where),
    );
    return [
      `${label(vm)}: ${where.join(", ")} gives the VM an external IP. Fix: remove it and reach the VM ` +
        `through a bastion or VPN; if it must be public, ${tagHint}add the VM to allowedVms in the config of ` +
        `vmcloud-vm-external-ip. ${shows}`,
    ];
  },
});
