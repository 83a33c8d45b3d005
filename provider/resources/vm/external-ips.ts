/**
 * External IPs a VM takes by id (an `ExternalIp`, interface `externalIpId`). The service
 * binds only a free address at create, so before the create each one is made free: a change
 * still running on it is waited out, and one another VM holds is released from that VM first,
 * which is how an address moves from one VM to another (or from a VM to its replacement).
 */
import { externalIpsEndpoints } from "../../../api/vm/endpoints/external-ips";
import { EXTERNAL_IP_STATES } from "../../../api/vm/states";
import type { ResourceContext } from "../framework/resource-context";
import { waitSettled } from "../framework/wait-for-state";
import type { ResolvedVm } from "./requests";

/** Makes every address `resolved` binds by id free, moving it off the VM that holds it. */
export async function freeExternalIps(
  ctx: ResourceContext,
  resolved: ResolvedVm,
  remaining: () => number,
): Promise<void> {
  for (const iface of resolved.interfaces ?? []) {
    const id = iface.externalIpId;
    if (id === undefined) continue;
    const poll = () =>
      ctx.client.call(externalIpsEndpoints.getExternalIp, { params: { floating_ip_id: id } });
    const settle = {
      what: `external IP ${id}`,
      poll,
      busy: EXTERNAL_IP_STATES.changing,
      failed: EXTERNAL_IP_STATES.failed,
    };
    const ip = await waitSettled(ctx, { ...settle, timeoutMs: remaining() });
    if (ip.interface === undefined) continue;
    ctx.progress(
      `moving external IP ${ip.ip_address ?? id} from VM ${ip.vm?.name ?? "?"} (${ip.vm?.id ?? ip.interface.id}) to this VM`,
    );
    await ctx.client.call(externalIpsEndpoints.updateExternalIp, {
      params: { floating_ip_id: id },
      body: { detach: true },
    });
    await waitSettled(ctx, { ...settle, timeoutMs: remaining() });
  }
}
