/**
 * The catalog stage of `check` (define-resource.ts): a resource's own check of what its inputs
 * name in the service (flavors, zones, subnets, ids), and what a failure to read the service
 * means. A project the service does not know, or one the token may not use, is the resource's
 * (or the provider's) mistake; a service that cannot answer now is a warning, and `create`
 * checks again.
 */
import { AuthError, ValidationError } from "../../client";
import type { CheckFailure } from "../../framework/check-failures";
import { explained } from "../../framework/provider-error";
import { isUnavailable, warnServiceUnavailable } from "../../framework/service-unavailable";
import { contextFor, type ResourceContext } from "./resource-context";
import { serviceConfigured } from "./service-configured";

/**
 * What `checkCatalog` (the resource's check against the service) finds in `inputs`, or nothing
 * when the service cannot tell now: no endpoint or credentials configured, the service
 * unreachable, overloaded or failing (5xx, 429, time-out). A refused token or any other answer
 * is a real failure and propagates.
 */
export async function catalogFailures(
  typeName: string,
  name: string | undefined,
  inputs: Readonly<Record<string, unknown>>,
  checkCatalog: (ctx: ResourceContext) => Promise<CheckFailure[]>,
): Promise<CheckFailure[]> {
  const unavailable = (why: string): CheckFailure[] => {
    warnServiceUnavailable(why);
    return [];
  };
  if (!serviceConfigured()) return unavailable("no endpoint or credentials configured");
  try {
    return await explained(typeName, name, "check", () =>
      checkCatalog(contextFor(typeName, name, "check")),
    );
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    // The catalog is read for the project, so a project the service does not know fails
    // there: the program's projectId (or the provider's) is at fault, not the service.
    const given = inputs.projectId !== undefined;
    if (cause instanceof ValidationError && cause.field === "project_id") {
      return [
        {
          property: "projectId",
          reason: `${given ? "" : "the provider's vmcloud:projectId: "}${cause.detail}`,
        },
      ];
    }
    // A project the token may not use (403) given on the resource is the resource's mistake;
    // with the provider's project, the token or the setting is, and the error says so.
    if (cause instanceof AuthError && cause.status === 403 && given) {
      return [
        {
          property: "projectId",
          reason: `${cause.detail}; use a project the token may use, or another vmcloud:token`,
        },
      ];
    }
    if (isUnavailable(cause)) return unavailable((cause as Error).message);
    throw error;
  }
}
