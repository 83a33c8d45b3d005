/**
 * What the cost and quota policies share: their connection settings (policy config, else the
 * `VMCLOUD_*` environment), the stack's cost items after the change and now, and a one-time
 * note when they are skipped. The stack is read once per analysis, however many of the
 * policies ask.
 */
import type { PolicyConfigSchema, StackValidationArgs } from "@pulumi/policy";
import { loadCatalog } from "../../provider/cost/catalog";
import { connectForCost, type CostConnection } from "../../provider/cost/connect";
import { Pricer } from "../../provider/cost/estimate";
import { itemsOf, type CostItem } from "../../provider/cost/items";
import { readProps, UNKNOWN, type Props, type Value } from "./values";

/** The connection settings every cost policy takes (empty: from the environment). */
export const CONNECTION_CONFIG: NonNullable<PolicyConfigSchema["properties"]> = {
  endpoint: {
    type: "string",
    default: "",
    description: "Service endpoint; empty: VMCLOUD_ENDPOINT.",
  },
  token: {
    type: "string",
    default: "",
    description:
      "API token; empty: VMCLOUD_TOKEN (prefer the environment: config files are plain text).",
  },
  projectId: {
    type: "string",
    default: "",
    description: "Project whose prices and quotas apply; empty: VMCLOUD_PROJECT_ID.",
  },
};

/** The parsed connection settings. */
export interface ConnectionConfig {
  endpoint: string;
  token: string;
  projectId: string;
}

/** The stack as the cost policies see it. */
export interface StackCostView {
  connection: Extract<CostConnection, { ok: true }>;
  pricer: Pricer;
  /** What the stack holds after the change. */
  after: CostItem[];
  /**
   * What it holds now: the resources that already exist (their properties are the outputs
   * the provider last read; only existing resources have `createdTime`).
   */
  before: CostItem[];
}

/** Plain data for the cost items: the policy's unknown marker kept as it is. */
function plain(props: Props): Record<string, unknown> {
  return props as Record<string, Value>;
}

const views = new Map<string, Promise<StackCostView | { skipped: string }>>();
let skipNoted = false;

/**
 * The cost view of the stack under `config`, or why the policies are skipped. The reason is
 * printed once per process; the policies also report themselves not applicable with it.
 */
export function stackCostView(
  args: StackValidationArgs,
  config: ConnectionConfig,
): Promise<StackCostView | { skipped: string }> {
  const resources = args.resources.map((r) => ({
    type: r.type,
    name: r.name,
    props: readProps(r.props).props,
  }));
  const key = JSON.stringify([config, resources], (_k, v: unknown) =>
    v === UNKNOWN ? "<unknown>" : v,
  );
  let view = views.get(key);
  if (view === undefined) {
    view = build(resources, config);
    views.set(key, view);
  }
  return view.then((v) => {
    if ("skipped" in v && !skipNoted) {
      skipNoted = true;
      console.error(`vmcloud policy pack: cost and quota policies skipped: ${v.skipped}`);
    }
    return v;
  });
}

async function build(
  resources: Array<{ type: string; name: string; props: Props }>,
  config: ConnectionConfig,
): Promise<StackCostView | { skipped: string }> {
  const connection = connectForCost(config);
  if (!connection.ok) {
    return {
      skipped:
        `${connection.reason}. Set VMCLOUD_ENDPOINT, VMCLOUD_TOKEN and VMCLOUD_PROJECT_ID for the ` +
        "preview (or endpoint, token and projectId in the policy config) to price the stack and check quotas",
    };
  }
  const after: CostItem[] = [];
  const before: CostItem[] = [];
  for (const r of resources) {
    const items = itemsOf(r.type, r.name, plain(r.props));
    after.push(...items);
    if (typeof r.props["createdTime"] === "string") before.push(...items);
  }
  try {
    const catalog = await loadCatalog(connection.client);
    return {
      connection,
      pricer: new Pricer(connection.client, connection.projectId, catalog),
      after,
      before,
    };
  } catch (error) {
    return {
      skipped: `the service could not be read (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}
