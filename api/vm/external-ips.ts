/**
 * Schemas of the VM service's external IPs: the list query, the create and update bodies and
 * the answer. The service calls them floating IPs: it serves them at `/api/v1/floating-ips`,
 * names their id `floating_ip_id` and their schemas `PublicFloatingIp…`/`FloatingIp…`; the wire
 * keeps those names, our code calls the thing an external IP, as the SDK's `ExternalIp` does.
 * An external IP lives in one zone of a project and is free (`available`) or bound to one
 * network interface (`in_use`); binding, moving and releasing it go through the update
 * (`interface_id`, `vm_id` + `interface_name`, `detach`).
 */
import { z } from "zod";
import {
  Description,
  exclusivePairs,
  Name,
  nameContains,
  pagedQuery,
  QueryBool,
  Uuid,
  Uuid4,
  paginated,
  queryArray,
  issueAt,
} from "../common";
import { ExternalIpStatus } from "./enums";
import { idName, NewRecordZone, NewTags, Rename, replacedTags, Timestamps } from "./fields";
import { AvailabilityZoneMini, InterfaceMini, TagMini, VmMini } from "./minis";

/** Path parameters of one external IP. */
export const ExternalIpParams = z.object({
  floating_ip_id: Uuid4.describe("External IP id"),
});

/** `GET /api/v1/floating-ips` query: the project is required; every filter narrows the list. */
export const ExternalIpListQuery = pagedQuery({
  project_id: Uuid.describe("Project whose external IPs are listed"),
  availability_zone_id: Uuid.optional().describe("Only external IPs of this zone"),
  interface_id: Uuid.optional().describe("Only the external IP bound to this interface"),
  router_id: Uuid.optional().describe("Only external IPs of this router"),
  nat_gateway_id: Uuid.optional().describe("Only external IPs of this SNAT gateway"),
  free: QueryBool.optional().describe("true: only free external IPs; false: only bound ones"),
  name: nameContains("external IPs", "case-insensitive"),
  tag_ids: queryArray(Uuid).optional().describe("Only external IPs carrying one of these tags"),
});

/** Refuses an `interface_name` without the `vm_id` whose interface it names. */
function interfaceNameNeedsVm(
  body: { interface_name?: string | undefined; vm_id?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (body.interface_name !== undefined && body.vm_id === undefined) {
    issueAt(ctx, "interface_name", "interface_name names an interface of vm_id; give vm_id too");
  }
}

/**
 * `PublicFloatingIpCreateRequest`: a new external IP in a zone, free or bound at once to an
 * interface (by `interface_id`, or by `vm_id` with an optional `interface_name`).
 */
export const ExternalIpCreateRequest = z
  .strictObject({
    name: Name.describe("External IP name"),
    description: Description.optional().describe("Description (default empty)"),
    ...NewRecordZone,
    project_id: Uuid4.describe("Project the external IP belongs to"),
    interface_id: Uuid4.optional().describe("Bind to this interface at once"),
    vm_id: Uuid4.optional().describe("Bind to this VM's interface (interface_name, else primary)"),
    interface_name: Name.optional().describe("Interface of vm_id to bind to, e.g. eth0"),
    ...NewTags,
  })
  .superRefine(
    exclusivePairs([
      ["availability_zone_id", "availability_zone_name"],
      ["interface_id", "vm_id"],
    ]),
  )
  .superRefine(interfaceNameNeedsVm);
/** The parsed value of {@link ExternalIpCreateRequest}. */
export type ExternalIpCreateRequest = z.output<typeof ExternalIpCreateRequest>;

/**
 * `FloatingIpUpdateRequest`: a partial update. Name, description and tags change the record;
 * `interface_id` (or `vm_id` + `interface_name`) binds a free external IP, `detach: true` frees a
 * bound one. The real schema also accepts the integer `1` as a "not provided" sentinel; we
 * accept only real values.
 */
export const ExternalIpUpdateRequest = z
  .strictObject({
    ...Rename,
    interface_id: Uuid4.optional().describe("Bind the free external IP to this interface"),
    vm_id: Uuid4.optional().describe(
      "Bind the free external IP to this VM (interface_name or primary)",
    ),
    interface_name: Name.optional().describe("Interface of vm_id to bind to, e.g. eth0"),
    detach: z.boolean().optional().describe("true: release the external IP from its interface"),
    ...replacedTags(Uuid4, "them"),
  })
  .superRefine(exclusivePairs([["interface_id", "vm_id"]]))
  .superRefine((body, ctx) => {
    interfaceNameNeedsVm(body, ctx);
    if (body.detach === true && (body.interface_id ?? body.vm_id) !== undefined) {
      issueAt(ctx, "detach", "give detach or a new interface (interface_id, vm_id), not both");
    }
  });
/** The parsed value of {@link ExternalIpUpdateRequest}. */
export type ExternalIpUpdateRequest = z.output<typeof ExternalIpUpdateRequest>;

/** `NATGatewayMiniResponse`: the SNAT gateway that uses an external IP. */
export const NatGatewayMini = z
  .object({
    ...idName("SNAT gateway"),
    state: z.string().describe("SNAT gateway state"),
  })
  .describe("SNAT gateway");

/** `PublicFloatingIpResponse`: one external IP, with what it is bound to. */
export const ExternalIpResponse = z.object({
  id: Uuid.describe("External IP id"),
  ip_address: z.string().optional().describe("The public IPv4 address"),
  state: ExternalIpStatus,
  name: z.string().describe("External IP name"),
  description: z.string().describe("Description"),
  interface: InterfaceMini.optional(),
  vm: VmMini.optional(),
  nat_gateway: NatGatewayMini.optional(),
  availability_zone: AvailabilityZoneMini.optional(),
  ...Timestamps,
  tags: z.array(TagMini).default([]).describe("Tags"),
});
/** A value of {@link ExternalIpResponse}. */
export type ExternalIpResponse = z.infer<typeof ExternalIpResponse>;

/** `PaginationResponse_PublicFloatingIpResponse_`. */
export const ExternalIpPage = paginated(ExternalIpResponse);
