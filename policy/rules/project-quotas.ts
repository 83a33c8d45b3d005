/**
 * `vmcloud-project-quotas`: denies a change the organization's quotas cannot hold. What the
 * stack adds (after the change, less what it holds now) is compared with each quota's limit
 * and current use, as the service reports them for the project's organization.
 */
import type { StackValidationPolicy } from "@pulumi/policy";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { quotaAmountsOf, quotaBreaches } from "../../provider/cost/quota";
import type { CostItem } from "../../provider/cost/items";
import { programResource } from "../../provider/rules/parties";
import { quotaMessage } from "../../provider/rules/quota";
import { configWithDefaults, typeNameOf, type RuleConfigSchema } from "../lib/define";
import {
  cannotRun,
  CONNECTION_CONFIG,
  serviceUnavailable,
  stackCostView,
  type ConnectionConfig,
} from "../lib/cost-run";

/** The Pulumi name of the resource a cost item belongs to (`web (boot disk)` is `web`'s). */
function resourceOf(item: CostItem): string {
  return item.resource.replace(/ \(.*\)$/, "");
}

const CONFIG: RuleConfigSchema = { properties: { ...CONNECTION_CONFIG } };

const NAME = "vmcloud-project-quotas";

/**
 * Mandatory: one violation per quota the change would exceed; in CI, one saying why it could
 * not run when it cannot (see `cannotRun`).
 */
export const projectQuotas: StackValidationPolicy = {
  name: NAME,
  description: "A change must fit the quotas of the project's organization.",
  enforcementLevel: "mandatory",
  configSchema: CONFIG,
  validateStack: async (args, reportViolation) => {
    const config = configWithDefaults<ConnectionConfig>(CONFIG, args.getConfig<object>());
    const view = await stackCostView(args, config);
    if ("unavailable" in view) {
      cannotRun(args, reportViolation, NAME, config, view);
      return;
    }
    const { client, projectId } = view.connection;
    let limits;
    try {
      const project = await client.call(catalogEndpoints.getProject, {
        params: { project_id: projectId },
      });
      limits = (
        await client.call(catalogEndpoints.getOrganization, {
          params: { organization_id: project.organization_id },
        })
      ).limits;
    } catch (error) {
      cannotRun(
        args,
        reportViolation,
        NAME,
        config,
        serviceUnavailable("the quotas could not be read", error),
      );
      return;
    }
    const after = quotaAmountsOf(view.after, view.pricer.catalog);
    const before = quotaAmountsOf(view.before, view.pricer.catalog);
    const types = new Map(args.resources.map((r) => [r.name, typeNameOf(r.type)]));
    const existing = new Set(view.before.map((item) => resourceOf(item)));
    for (const breach of quotaBreaches(limits, before.amounts, after.amounts)) {
      // The resources the change adds that take from this quota, by their Pulumi names.
      const adding = [...new Set(view.after.map(resourceOf))].filter(
        (name) =>
          !existing.has(name) &&
          (quotaAmountsOf(
            view.after.filter((item) => resourceOf(item) === name),
            view.pricer.catalog,
          ).amounts[breach.type] ?? 0) > 0,
      );
      const labels = adding.map(
        (name) => programResource(types.get(name) ?? "resource", name).label,
      );
      reportViolation(
        quotaMessage({ ...breach, by: labels.length === 0 ? ["this change"] : labels }),
      );
    }
  },
};
