/** Route handlers of the container service: node migration, its job, and upgrade details. */
import type { nodeMigrationEndpoints } from "../../../api/operations/endpoints";
import type { upgradeDetailEndpoints } from "../../../api/operations/endpoints";
import type { Handlers } from "../../core/register-endpoints";
import type { OpsContext } from "../context";
import { migrateNodes, showJob } from "../models/containers";
import { upgradeDetail } from "../models/upgrades";

/** Handlers of {@link nodeMigrationEndpoints}. */
export const nodeMigrationHandlers: Handlers<typeof nodeMigrationEndpoints, OpsContext> = {
  migrateNodes: ({ params, body, headers, ctx }) =>
    migrateNodes(
      ctx.state,
      ctx.clock,
      params.project_id,
      params.cluster_id,
      params.target_cluster_id,
      body.spec,
      headers,
    ),
  getJob: ({ params, ctx }) => showJob(ctx.state, params.project_id, params.job_id),
};

/** Handlers of {@link upgradeDetailEndpoints}. */
export const upgradeHandlers: Handlers<typeof upgradeDetailEndpoints, OpsContext> = {
  upgradeDetail: ({ params, query, ctx }) =>
    upgradeDetail(ctx.state, params.project_id, params.cluster_id, query),
};
