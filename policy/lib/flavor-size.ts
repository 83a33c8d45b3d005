/**
 * How the policy pack learns a flavor's size without calling the cloud: the `flavorSizes`
 * map of the policy config first (by flavor name or id), else the flavor's name, which the
 * service spells `<family>-<cpu>-<ram GB>[-<gpu>]` (`gen-2-4`, `gpu-8-64-1`, `free-tier-1-1`).
 */

/** vCPUs, RAM in GB and GPUs of a flavor. */
export interface FlavorSize {
  cpu: number;
  ramGb: number;
  gpu: number;
}

/** The size a flavor name spells, or undefined (an id, or another naming). */
export function parseFlavorName(flavor: string): FlavorSize | undefined {
  // The family may itself contain dashes (free-tier); the numbers are the last 2 or 3 parts.
  const match = /^[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)*-(\d{1,4})-(\d{1,5})(?:-(\d{1,3}))?$/i.exec(
    flavor,
  );
  if (match === null) return undefined;
  return { cpu: Number(match[1]), ramGb: Number(match[2]), gpu: Number(match[3] ?? 0) };
}

/** The size of `flavor`: from `known` (the config's `flavorSizes`) if listed, else its name. */
export function flavorSize(
  flavor: string,
  known: Readonly<Record<string, FlavorSize>>,
): FlavorSize | undefined {
  return Object.hasOwn(known, flavor) ? known[flavor] : parseFlavorName(flavor);
}
