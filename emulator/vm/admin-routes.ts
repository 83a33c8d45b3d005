/**
 * The VM service's part of the admin API: the price list and the quotas.
 * - `GET /_emulator/vm/prices`: the price list in force;
 * - `PUT /_emulator/vm/prices`: changes it (entries given replace those of the same name);
 * - `GET /_emulator/vm/quotas?project_id=`: the quotas of the project's organization, with what
 *   the organization and the project use;
 * - `PUT /_emulator/vm/quotas`: `{project_id, limits: {vms: 3, ...}}` sets quotas of the
 *   project's organization (the service keeps quotas per organization).
 * Failures answer 400 `{error, issues}` like the rest of the admin API.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { OrganizationLimitType } from "../../api/vm/enums";
import { ADMIN_PREFIX } from "../core/own-routes";
import type { ServiceEnv } from "../core/service-module";
import { organizationUsage, usageOfProjects } from "./models/organizations";
import { priceListOf } from "./models/pricing";
import { PriceListPatch } from "./price-list";
import type { VmState } from "./records";

const QuotaChange = z.strictObject({
  project_id: z.string().min(1),
  limits: z.partialRecord(OrganizationLimitType, z.number().int().min(0)),
});

const ProjectQuery = z.object({ project_id: z.string().min(1) });

function invalid(reply: FastifyReply, error: string, issues: z.core.$ZodIssue[]) {
  return reply.code(400).send({
    error,
    issues: issues.map((i) => ({ path: i.path.join("."), message: i.message })),
  });
}

/** Registers the price and quota routes of the admin API. */
export function registerVmAdminRoutes(app: FastifyInstance, env: ServiceEnv<VmState>): void {
  app.get(`${ADMIN_PREFIX}/vm/prices`, async () => priceListOf(env.state()));
  app.put(`${ADMIN_PREFIX}/vm/prices`, async (request, reply) => {
    const parsed = PriceListPatch.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, "invalid price list", parsed.error.issues);
    const state = env.state();
    const current = priceListOf(state);
    const patch = parsed.data;
    state.prices = {
      ...current,
      ...patch,
      flavorsPerHour: { ...current.flavorsPerHour, ...patch.flavorsPerHour },
      imagesPerHour: { ...current.imagesPerHour, ...patch.imagesPerHour },
      diskTypesPerGbMonth: { ...current.diskTypesPerGbMonth, ...patch.diskTypesPerGbMonth },
    };
    env.changed();
    return state.prices;
  });
  const quotasOf = (state: VmState, projectId: string) => {
    const project = state.projects[projectId];
    if (project === undefined) return undefined;
    return {
      project_id: project.id,
      organization_id: project.organization_id,
      limits: { ...state.organizations[project.organization_id]?.limits },
      organization_usage: organizationUsage(state, project.organization_id),
      project_usage: usageOfProjects(state, new Set([project.id])),
    };
  };
  app.get(`${ADMIN_PREFIX}/vm/quotas`, async (request, reply) => {
    const parsed = ProjectQuery.safeParse(request.query ?? {});
    if (!parsed.success) return invalid(reply, "give project_id", parsed.error.issues);
    const answer = quotasOf(env.state(), parsed.data.project_id);
    if (answer === undefined) {
      return reply.code(404).send({ error: `project ${parsed.data.project_id} not found` });
    }
    return answer;
  });
  app.put(`${ADMIN_PREFIX}/vm/quotas`, async (request, reply) => {
    const parsed = QuotaChange.safeParse(request.body ?? {});
    if (!parsed.success) return invalid(reply, "invalid quotas", parsed.error.issues);
    const state = env.state();
    const project = state.projects[parsed.data.project_id];
    const organization =
      project === undefined ? undefined : state.organizations[project.organization_id];
    if (project === undefined || organization === undefined) {
      return reply
        .code(404)
        .send({ error: `project ${parsed.data.project_id} not found (or has no organization)` });
    }
    Object.assign(organization.limits, parsed.data.limits);
    env.changed();
    return quotasOf(state, project.id);
  });
}
