/** `vmcloud-subnet-prefix`: subnet masks stay within bounds. */
import { label, resourceRule } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { formatIpv4 } from "../../api/vm/cidr";
import { subnetNetwork } from "../lib/subnet-network";

/** Configuration of {@link subnetPrefix}. */
export interface SubnetPrefixConfig {
  /** Shortest mask allowed (the largest subnet), e.g. 16 for /16. */
  minPrefixLength: number;
  /** Longest mask allowed (the smallest subnet), e.g. 28 for /28. */
  maxPrefixLength: number;
}

/** The service itself accepts /8 to /29; the defaults, /16 to /28, are narrower. */
export const subnetPrefix = resourceRule<SubnetPrefixConfig>({
  name: "vmcloud-subnet-prefix",
  description: "Subnet prefix lengths must lie within the configured bounds (default /16 to /28).",
  enforcementLevel: "mandatory",
  appliesTo: ["Subnet"],
  configSchema: {
    properties: {
      minPrefixLength: {
        type: "integer",
        minimum: 0,
        maximum: 32,
        default: 16,
        description: "Shortest prefix length allowed (largest subnet).",
      },
      maxPrefixLength: {
        type: "integer",
        minimum: 0,
        maximum: 32,
        default: 28,
        description: "Longest prefix length allowed (smallest subnet).",
      },
    },
  },
  async check(subnet, config) {
    const network = subnetNetwork(subnet.props);
    if (network === undefined) return [];
    const { prefix } = network;
    if (prefix >= config.minPrefixLength && prefix <= config.maxPrefixLength) return [];
    const why = prefix < config.minPrefixLength ? "too large" : "too small";
    const mask = prefix < config.minPrefixLength ? config.minPrefixLength : config.maxPrefixLength;
    const shows = await previewAfter(
      "Subnet",
      subnet.props,
      withValue(
        withValue(subnet.props, ["prefixLength"], undefined),
        ["address"],
        `${formatIpv4(network.base)}/${mask}`,
      ),
    );
    return [
      `${label(subnet)}: prefix /${prefix} is ${why}; allowed are /${config.minPrefixLength} to ` +
        `/${config.maxPrefixLength}. Fix: change the subnet's mask, or the bounds in the config of ` +
        `vmcloud-subnet-prefix. ${shows}`,
    ];
  },
});
