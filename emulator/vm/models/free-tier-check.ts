/** The free-tier check: whether an organization may still create its one free-tier VM. */
import type { FreeTierCheckQuery, FreeTierCheckResponse } from "../../../api/vm/free-tier-check";
import type { VmState } from "../records";
import { requireProject } from "./shared";

/**
 * The project's organization and whether it has no free-tier VM yet (422 `bad_project_id`
 * for an unknown project, 403 for a foreign one).
 */
export function checkFreeTier(state: VmState, query: FreeTierCheckQuery): FreeTierCheckResponse {
  const project = requireProject(state, query.project_id);
  return {
    organization_id: project.organization_id,
    free_tier_enabled: state.freeTierVms[project.organization_id] === undefined,
  };
}
