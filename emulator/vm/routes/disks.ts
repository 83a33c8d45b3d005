/**
 * Route handlers of the VM service's disks: each parses nothing itself (the registrar hands
 * it validated input) and delegates the rules to the disks model.
 */
import type { disksEndpoints } from "../../../api/vm/endpoints/disks";
import type { Handlers } from "../../core/register-endpoints";
import type { VmContext } from "../context";
import {
  attachDiskRecord,
  detachDiskRecord,
  presentDisk,
  requireDisk,
  requireVmForDisk,
} from "../models/disks";
import { diskHandlers } from "./crud";

/**
 * One handler per disk endpoint. The registrar has validated every input the endpoint
 * declares, so the `!` on params, query and body only drop the "not declared" case.
 */
export const disksHandlers: Handlers<typeof disksEndpoints, VmContext> = {
  ...diskHandlers,
  attachDisk: ({ params, body, ctx }) => {
    const disk = requireDisk(ctx.state, params!.disk_id);
    const vm = requireVmForDisk(ctx.state, disk, body!.vm_id);
    return presentDisk(ctx.state, attachDiskRecord(ctx.state, ctx.clock, disk, vm));
  },
  detachDisk: ({ params, body, ctx }) => {
    const disk = requireDisk(ctx.state, params!.disk_id);
    const vm = requireVmForDisk(ctx.state, disk, body!.vm_id);
    return presentDisk(ctx.state, detachDiskRecord(ctx.state, ctx.clock, disk, vm));
  },
};
