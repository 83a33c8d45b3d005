/**
 * `vmcloud-project-quotas`: denies a change the organization's quotas cannot hold. What the
 * stack adds (after the change, less what it holds now) is compared with each quota's limit
 * and current use, as the service reports them for the project's organization.
 */
import type { StackValidationPolicy } from "@pulumi/policy";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { quotaAmountsOf, quotaBreaches } from "../../provider/cost/quota";
import { configWithDefaults, type RuleConfigSchema } from "../lib/define";
import {
  cannotRun,
  CONNECTION_CONFIG,
  serviceUnavailable,
  stackCostView,
  type ConnectionConfig,
} from "../lib/cost-run";

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
    for (const breach of quotaBreaches(limits, before.amounts, after.amounts)) {
      reportViolation(
        `quota ${breach.type}: the limit is ${breach.limit}, ${breach.used} are in use and this change ` +
          `adds ${breach.adds} (${breach.used + breach.adds} in all). Fix: make the change smaller, ` +
          "delete unused resources, or ask for a higher quota.",
      );
    }
  },
};
