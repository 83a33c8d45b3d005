/**
 * What the cost and quota policies share: their connection settings (policy config, else the
 * settings the program reads: the stack's `vmcloud:*` config, then the `VMCLOUD_*`
 * environment), the stack's cost items after the change and now, and what a policy does when
 * it cannot run (a violation in CI, else "not applicable" with a one-time note). The stack is
 * read once per analysis, however many of the policies ask.
 */
import type { PolicyConfigSchema, ReportViolation, StackValidationArgs } from "@pulumi/policy";
import { loadCatalog } from "../../provider/cost/catalog";
import { connectForCost, type CostConnection } from "../../provider/cost/connect";
import { Pricer } from "../../provider/cost/estimate";
import { itemsOf, type CostItem } from "../../provider/cost/items";
import { readSettings, settingSource } from "../../provider/runtime/settings";
import { stackConfig } from "./stack-config";
import { readProps, UNKNOWN, type Props, type Value } from "./values";

/** What a policy does when it cannot run (settings missing, service unreachable). */
export type WhenUnavailable = "auto" | "fail" | "skip";

/** The connection settings every cost policy takes (empty: as the program reads them). */
export const CONNECTION_CONFIG: NonNullable<PolicyConfigSchema["properties"]> = {
  endpoint: {
    type: "string",
    default: "",
    description: "Service endpoint; empty: vmcloud:endpoint of the stack, else VMCLOUD_ENDPOINT.",
  },
  token: {
    type: "string",
    default: "",
    description:
      "API token; empty: vmcloud:token of the stack, else VMCLOUD_TOKEN (prefer those: config files are plain text).",
  },
  projectId: {
    type: "string",
    default: "",
    description:
      "Project whose prices and quotas apply; empty: vmcloud:projectId of the stack, else VMCLOUD_PROJECT_ID.",
  },
  whenUnavailable: {
    type: "string",
    enum: ["auto", "fail", "skip"],
    default: "auto",
    description:
      'When the policy cannot run: "fail" reports a violation at its level, "skip" reports it not applicable, "auto" fails in CI (the CI variable is set) and skips elsewhere.',
  },
};

/** The parsed connection settings. */
export interface ConnectionConfig {
  endpoint: string;
  token: string;
  projectId: string;
  whenUnavailable: WhenUnavailable;
}

/** Why a policy cannot run, and what would let it. */
export interface Unavailable {
  /** What is wrong: the settings missing, or the service's answer (no credential in it). */
  unavailable: string;
  /** What to do about it. */
  fix: string;
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

/** How the policy config's settings are named in messages. */
const POLICY_CONFIG_NAMES = {
  endpoint: "endpoint in the policy config",
  token: "token in the policy config",
  projectId: "projectId in the policy config",
};

/** How to give the three settings the way the program takes them. */
function howToSet(): string {
  const [endpoint, token, project] = (["endpoint", "token", "projectId"] as const).map(
    settingSource,
  );
  return (
    `set them in the stack as the program reads them (\`pulumi config set ${endpoint!.config} <url>\`, ` +
    `\`pulumi config set --secret ${token!.config} <token>\`, \`pulumi config set ${project!.config} <id>\`) ` +
    `or in the environment of the preview (${endpoint!.env}, ${token!.env}, ${project!.env})`
  );
}

const views = new Map<string, Promise<StackCostView | Unavailable>>();

/** The cost view of the stack under `config`, or why the policies cannot run. */
export function stackCostView(
  args: StackValidationArgs,
  config: ConnectionConfig,
): Promise<StackCostView | Unavailable> {
  const resources = args.resources.map((r) => ({
    type: r.type,
    name: r.name,
    props: readProps(r.props).props,
  }));
  // Keyed by everything the connection is made from (held in memory only, never printed).
  const explicit = { endpoint: config.endpoint, token: config.token, projectId: config.projectId };
  const key = JSON.stringify(
    [explicit, readSettings(stackConfig()), resources],
    (_k, v: unknown) => (v === UNKNOWN ? "<unknown>" : v),
  );
  let view = views.get(key);
  if (view === undefined) {
    view = build(resources, explicit);
    views.set(key, view);
  }
  return view;
}

async function build(
  resources: Array<{ type: string; name: string; props: Props }>,
  explicit: Pick<ConnectionConfig, "endpoint" | "token" | "projectId">,
): Promise<StackCostView | Unavailable> {
  const connection = connectForCost(explicit, {
    stackConfig: stackConfig(),
    explicitNames: POLICY_CONFIG_NAMES,
  });
  if (!connection.ok) {
    return {
      unavailable: connection.reason,
      fix: connection.missing ? howToSet() : "correct the setting it names",
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
    return serviceUnavailable("the service could not be read", error);
  }
}

/** Why a policy cannot run when the service refused or failed a request. */
export function serviceUnavailable(what: string, error: unknown): Unavailable {
  return {
    unavailable: `${what} (${error instanceof Error ? error.message : String(error)})`,
    fix: "check that the endpoint is reachable from where the preview runs and that the token and project are right",
  };
}

/** True in a CI run: the `CI` variable, which most CI systems set, is set and not false. */
export function inCi(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env["CI"];
  return value !== undefined && value !== "" && !/^(0|false)$/i.test(value);
}

let skipNoted = false;

/**
 * What a policy that cannot run reports: in CI (or with `whenUnavailable: "fail"`) a violation
 * at the policy's level, so that a mandatory policy stops the pipeline instead of passing
 * unchecked; elsewhere (or with `"skip"`) "not applicable", with the reason printed once per
 * process.
 */
export function cannotRun(
  args: StackValidationArgs,
  reportViolation: ReportViolation,
  policyName: string,
  config: ConnectionConfig,
  why: Unavailable,
  env: NodeJS.ProcessEnv = process.env,
): void {
  const fail =
    config.whenUnavailable === "fail" || (config.whenUnavailable === "auto" && inCi(env));
  if (!fail) {
    if (!skipNoted) {
      skipNoted = true;
      console.error(
        `vmcloud policy pack: cost and quota policies skipped: ${why.unavailable}; to run them, ${why.fix}`,
      );
    }
    args.notApplicable(why.unavailable);
    return;
  }
  const because =
    config.whenUnavailable === "fail"
      ? `its policy config says "whenUnavailable": "fail"`
      : `this is a CI run (CI=${env["CI"]}), where a policy that cannot run fails rather than pass unchecked`;
  reportViolation(
    `${policyName} could not run: ${why.unavailable}. Fix: ${why.fix}. It is reported because ` +
      `${because}; to go on without it, set "whenUnavailable": "skip" (or "enforcementLevel": "disabled") ` +
      `for ${policyName} in the policy pack config.`,
  );
}
