/**
 * `vmcloud-stack-cost` and `vmcloud-monthly-budget`: what the stack will cost per month after
 * the change, priced by the service (every VM, disk and external IP), against what it holds
 * now, and whether that fits a budget. The first always reports one advisory line with the
 * total; the second fails when the total exceeds `monthlyBudget`.
 */
import type { StackValidationPolicy } from "@pulumi/policy";
import { estimateCost, type CostEstimate } from "../../provider/cost/estimate";
import { inCurrency, PRICE_CURRENCY } from "../../provider/cost/currency";
import { money, signed } from "../../provider/cost/table";
import { configWithDefaults, type RuleConfigSchema } from "../lib/define";
import {
  cannotRun,
  CONNECTION_CONFIG,
  serviceUnavailable,
  stackCostView,
  type ConnectionConfig,
  type Unavailable,
} from "../lib/cost-run";

/** Configuration of {@link stackCost}. */
export interface StackCostConfig extends ConnectionConfig {
  /** Flavor to price VMs whose flavor is not known yet; empty: flag them. */
  defaultFlavor: string;
  /** GB to price disks whose size is not known yet; 0: flag them. */
  defaultDiskSize: number;
}

/** Configuration of {@link monthlyBudget}. */
export interface MonthlyBudgetConfig extends StackCostConfig {
  /** Most the stack may cost per month; 0: no budget. */
  monthlyBudget: number;
}

const COST_CONFIG: RuleConfigSchema = {
  properties: {
    ...CONNECTION_CONFIG,
    defaultFlavor: {
      type: "string",
      default: "",
      description: "Flavor to price VMs whose flavor is not known yet; empty: flag them unpriced.",
    },
    defaultDiskSize: {
      type: "integer",
      minimum: 0,
      default: 0,
      description: "GB to price disks whose size is not known yet; 0: flag them unpriced.",
    },
  },
};

const BUDGET_CONFIG: RuleConfigSchema = {
  properties: {
    ...COST_CONFIG.properties,
    monthlyBudget: {
      type: "number",
      minimum: 0,
      default: 0,
      description: `Most the stack may cost per month, in ${PRICE_CURRENCY} (the price service's currency); 0: no budget.`,
    },
  },
};

/** The stack's estimate now and after the change, or why there is none. */
async function estimates(
  args: Parameters<StackValidationPolicy["validateStack"]>[0],
  config: StackCostConfig,
): Promise<{ before: CostEstimate; after: CostEstimate } | Unavailable> {
  const view = await stackCostView(args, config);
  if ("unavailable" in view) return view;
  const unknown = {
    defaultFlavor: config.defaultFlavor === "" ? undefined : config.defaultFlavor,
    defaultDiskSize: config.defaultDiskSize > 0 ? config.defaultDiskSize : undefined,
  };
  try {
    const [before, after] = await Promise.all([
      estimateCost(view.pricer, view.before, unknown),
      estimateCost(view.pricer, view.after, unknown),
    ]);
    return { before, after };
  } catch (error) {
    return serviceUnavailable("the service could not price the stack", error);
  }
}

function summary(before: CostEstimate, after: CostEstimate): string {
  const unpriced =
    after.unpriced.length === 0
      ? ""
      : `; not priced (values not known yet): ${after.unpriced.map((l) => `${l.resource} ${l.kind}`).join(", ")}`;
  return (
    `monthly total ${inCurrency(money(after.total))} for ${after.lines.length} priced item(s) ` +
    `(now ${inCurrency(money(before.total))}, change ${inCurrency(signed(after.total - before.total))})${unpriced}`
  );
}

const STACK_COST = "vmcloud-stack-cost";
const MONTHLY_BUDGET = "vmcloud-monthly-budget";

/** Reports the stack's monthly total and its change as one advisory line. */
export const stackCost: StackValidationPolicy = {
  name: STACK_COST,
  description:
    "Reports what the stack's VMs, disks and external IPs cost per month after the change, and the change.",
  enforcementLevel: "advisory",
  configSchema: COST_CONFIG,
  validateStack: async (args, reportViolation) => {
    const config = configWithDefaults<StackCostConfig>(COST_CONFIG, args.getConfig<object>());
    const result = await estimates(args, config);
    if ("unavailable" in result) {
      cannotRun(args, reportViolation, STACK_COST, config, result);
      return;
    }
    reportViolation(`cost: ${summary(result.before, result.after)}.`);
  },
};

/** Fails when the stack's monthly total after the change exceeds `monthlyBudget`. */
export const monthlyBudget: StackValidationPolicy = {
  name: MONTHLY_BUDGET,
  description: "The stack must not cost more per month than monthlyBudget.",
  enforcementLevel: "advisory",
  configSchema: BUDGET_CONFIG,
  validateStack: async (args, reportViolation) => {
    const config = configWithDefaults<MonthlyBudgetConfig>(BUDGET_CONFIG, args.getConfig<object>());
    if (config.monthlyBudget <= 0) {
      args.notApplicable("no monthlyBudget is set in the config of vmcloud-monthly-budget");
      return;
    }
    const result = await estimates(args, config);
    if ("unavailable" in result) {
      cannotRun(args, reportViolation, MONTHLY_BUDGET, config, result);
      return;
    }
    if (result.after.total <= config.monthlyBudget) return;
    reportViolation(
      `the stack would cost ${inCurrency(money(result.after.total))} per month, over the monthly budget of ` +
        `${inCurrency(money(config.monthlyBudget))} by ${inCurrency(money(result.after.total - config.monthlyBudget))} ` +
        `(${summary(result.before, result.after)}). Fix: choose smaller flavors or disks, remove ` +
        "resources, or raise monthlyBudget in the config of vmcloud-monthly-budget.",
    );
  },
};
