/**
 * The status rules subnets, security groups and their rules share: each takes one change at
 * a time (changes wait until it is `created`), and it may be deleted once it is settled or
 * failed.
 */
import { unprocessable } from "../../core/service-error";
import { NETWORK_STATES } from "../../../api/vm/states";

/** A subnet, security group or rule, as far as its status rules go. */
interface NetworkResource {
  id: string;
  status: string;
}

/** States from which a subnet, security group or rule may be deleted: settled or failed. */
export const NETWORK_DELETABLE: ReadonlySet<string> = new Set([
  ...NETWORK_STATES.stable,
  ...NETWORK_STATES.failed,
]);

/**
 * 422 `code` unless `resource` is `created`. `label` names it in the message (`subnet`,
 * `rule`, ...); `advice` says what to do.
 */
export function requireCreated(
  resource: NetworkResource,
  label: string,
  code: string,
  advice = "wait until it is created",
): void {
  if (resource.status !== "created") {
    throw unprocessable(code, `${label} ${resource.id} is ${resource.status}; ${advice}`);
  }
}

/** 422 `code` unless `resource` may be deleted (see {@link NETWORK_DELETABLE}). */
export function requireDeletable(resource: NetworkResource, label: string, code: string): void {
  if (!NETWORK_DELETABLE.has(resource.status)) {
    throw unprocessable(
      code,
      `${label} ${resource.id} is ${resource.status}; it can be deleted once it is created or failed`,
    );
  }
}
