/** `vmcloud-subnet-private-cidr`: subnets lie inside the allowed private ranges. */
import {
  containsIpv4,
  formatIpv4Cidr,
  parseIpv4Cidr,
  PRIVATE_IPV4_RANGES,
} from "../../api/vm/cidr";
import { label, resourceRule } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { subnetNetwork } from "../lib/subnet-network";

/** Configuration of {@link subnetPrivateCidr}. */
export interface SubnetPrivateCidrConfig {
  /** Ranges a subnet must lie within, as CIDRs. */
  allowedRanges: string[];
}

/** Default ranges: RFC 1918 (10/8, 172.16/12, 192.168/16); narrow them to your address plan. */
export const subnetPrivateCidr = resourceRule<SubnetPrivateCidrConfig>({
  name: "vmcloud-subnet-private-cidr",
  description: "Subnets must use private address space (RFC 1918, or the configured ranges).",
  enforcementLevel: "mandatory",
  appliesTo: ["Subnet"],
  configSchema: {
    properties: {
      allowedRanges: {
        type: "array",
        items: { type: "string", pattern: "^\\d{1,3}(\\.\\d{1,3}){3}/\\d{1,2}$" },
        minItems: 1,
        default: [...PRIVATE_IPV4_RANGES],
        description: "IPv4 ranges (CIDR) every subnet must lie within.",
      },
    },
  },
  async check(subnet, config) {
    const network = subnetNetwork(subnet.props);
    if (network === undefined) return [];
    const inside = config.allowedRanges.some((text) => {
      const range = parseIpv4Cidr(text);
      return (
        range !== undefined && network.prefix >= range.prefix && containsIpv4(range, network.base)
      );
    });
    if (inside) return [];
    const shows = await previewAfter(
      "Subnet",
      subnet.props,
      withValue(subnet.props, ["address"], config.allowedRanges[0]!),
    );
    return [
      `${label(subnet)}: ${formatIpv4Cidr(network)} is outside the allowed private ranges ` +
        `${config.allowedRanges.join(", ")}. Fix: choose an address inside them, or change allowedRanges in the ` +
        `config of vmcloud-subnet-private-cidr. ${shows}`,
    ];
  },
});
