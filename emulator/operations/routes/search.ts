/** Route handlers of the search service: index snapshot restore and the cluster read. */
import type { indexSnapshotRestoreEndpoints } from "../../../api/operations/endpoints";
import type { Handlers } from "../../core/register-endpoints";
import type { OpsContext } from "../context";
import { restoreSnapshot, showSearchCluster } from "../models/search";

/** Handlers of {@link indexSnapshotRestoreEndpoints}. */
export const searchHandlers: Handlers<typeof indexSnapshotRestoreEndpoints, OpsContext> = {
  indexSnapshotRestore: ({ params, body, ctx }) => {
    restoreSnapshot(
      ctx.state,
      ctx.clock,
      params.project_id,
      params.cluster_id,
      params.snapshot_id,
      body,
    );
    return undefined;
  },
  searchClusterGet: ({ params, ctx }) =>
    showSearchCluster(ctx.state, ctx.clock, params.project_id, params.cluster_id),
};
