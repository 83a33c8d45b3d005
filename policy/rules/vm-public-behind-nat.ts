/**
 * `vmcloud-vm-public-behind-nat`: a VM with a public address in a zone whose routed subnets an
 * SNAT gateway of the stack serves. The gateway already gives such VMs outbound access, so a
 * public address is usually only for egress, and it opens the VM to inbound traffic.
 */
import { sameZone, zoneResolver } from "../../provider/rules/parties";
import { label, stringList, stackRule } from "../lib/define";
import { zonesForIds } from "../lib/service-catalog";
import { isUnknown } from "../lib/values";
import { previewAfter } from "../lib/fix-effect";
import { publicAddresses, withoutPublicAddresses } from "./vm-external-ip";

/** Configuration of {@link vmPublicBehindNat}. */
export interface VmPublicBehindNatConfig {
  /** VMs that may have a public address anyway, by Pulumi resource name or VM name. */
  allowedVms: string[];
}

/**
 * For every `NatGateway` of the stack, each `Vm` of its zone with a public address (a new
 * external IP, a direct IP, or an existing one by id) is reported, naming the gateway and the
 * fix. A zone not known yet, or written once by name and once by id, is not judged. Advisory:
 * inbound access may be the point.
 */
export const vmPublicBehindNat = stackRule<VmPublicBehindNatConfig>({
  name: "vmcloud-vm-public-behind-nat",
  description:
    "VMs in a zone served by an SNAT gateway should not need a public address for outbound access.",
  enforcementLevel: "advisory",
  configSchema: {
    properties: {
      allowedVms: stringList(
        [],
        "VMs that may have a public address anyway, by Pulumi resource name or VM name.",
      ),
    },
  },
  async check(resources, config) {
    // Zones as the program writes them (a name, an id, or unset: the project's default zone),
    // an id known as its name through the service's zones.
    const zoneOf = zoneResolver(await zonesForIds(resources));
    const gateways = resources.flatMap((r) => {
      const zone = r.typeName === "NatGateway" ? zoneOf(r.props["availabilityZone"]) : undefined;
      return zone === undefined ? [] : [{ gateway: r, zone }];
    });
    if (gateways.length === 0) return [];
    const found = [];
    for (const vm of resources.filter((r) => r.typeName === "Vm")) {
      const name = vm.props["name"];
      if (
        config.allowedVms.includes(vm.name) ||
        (typeof name === "string" && config.allowedVms.includes(name))
      ) {
        continue;
      }
      if (isUnknown(vm.props["availabilityZone"])) continue;
      const zone = zoneOf(vm.props["availabilityZone"]);
      const where = publicAddresses(vm, true);
      const serving = gateways.find((g) => zone !== undefined && sameZone(g.zone, zone) === true);
      if (serving === undefined || where.length === 0) continue;
      const shows = await previewAfter("Vm", vm.props, withoutPublicAddresses(vm.props, where));
      found.push({
        urn: vm.urn,
        message:
          `${label({ typeName: "Vm", name: vm.name })}: ${where.join(", ")} gives the VM a public address, and ` +
          `${label({ typeName: "NatGateway", name: serving.gateway.name })} already gives the routed subnets of ` +
          `${serving.zone.name} outbound access. Fix: drop the public address if it is only for egress (updates, ` +
          "package mirrors), or add the VM to allowedVms of vmcloud-vm-public-behind-nat if it must be reached " +
          `from outside. ${shows}`,
      });
    }
    return found;
  },
});
