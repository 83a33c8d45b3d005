/**
 * Route handlers of the VM service's cost and quota reads: the price calculation and a
 * project's entity usage. Each hands its parsed input to a model.
 */
import type { pricingEndpoints } from "../../../api/vm/endpoints/pricing";
import type { Handlers } from "../../core/register-endpoints";
import type { VmContext } from "../context";
import { calculatePrice } from "../models/pricing";
import { projectEntityUsage } from "../models/quotas";

/** One handler per cost and quota endpoint (inputs already validated by the registrar). */
export const pricingHandlers: Handlers<typeof pricingEndpoints, VmContext> = {
  calculatePrice: ({ params, body, ctx }) => calculatePrice(ctx.state, params!.project_id, body!),
  getProjectEntityUsage: ({ query, ctx }) => projectEntityUsage(ctx.state, query!.project_id),
};
