/**
 * Route handlers of the VM service's compute: VMs and the free-tier VM. Each delegates the
 * rules to the models; the registrar has already validated every declared input, so the `!`
 * on params, query and body only drop the "not declared" case.
 */
import type { computeEndpoints } from "../../../api/vm/endpoints/compute";
import type { Handlers } from "../../core/register-endpoints";
import type { VmContext } from "../context";
import { createFreeTierVm } from "../models/free-tier";
import {
  checkGuestAgent,
  deletePassword,
  getVnc,
  presentRebuild,
  rebuildVm,
  remoteConsole,
  setPassword,
  setPower,
  setVmStates,
} from "../models/vm-actions";
import { createVms, createVmsLegacy } from "../models/vm-create";
import {
  bulkDeleteVms,
  deleteVm,
  listVms,
  presentFreeTierVm,
  presentVm,
  requireVm,
  updateVm,
} from "../models/vms";

/** One handler per compute endpoint. */
export const computeHandlers: Handlers<typeof computeEndpoints, VmContext> = {
  createVmLegacy: ({ body, ctx }) =>
    createVmsLegacy(ctx.state, ctx.clock, body!).map((vm) => presentVm(ctx.state, vm)),
  createVm: ({ body, ctx }) =>
    createVms(ctx.state, ctx.clock, body!).map((vm) => presentVm(ctx.state, vm)),
  listVms: ({ query, ctx }) => listVms(ctx.state, query!),
  getVm: ({ params, ctx }) => presentVm(ctx.state, requireVm(ctx.state, params!.vm_id, 404)),
  updateVm: ({ params, body, ctx }) =>
    presentVm(ctx.state, updateVm(ctx.state, ctx.clock, params!.vm_id, body!)),
  deleteVm: ({ params, body, ctx }) => {
    deleteVm(ctx.state, ctx.clock, params!.vm_id, body?.delete_attachments);
  },
  rebuildVm: ({ params, body, ctx }) =>
    presentRebuild(ctx.state, rebuildVm(ctx.state, ctx.clock, params!.vm_id, body!)),
  bulkDeleteVms: ({ body, ctx }) => bulkDeleteVms(ctx.state, ctx.clock, body!),
  setVmStates: ({ body, ctx }) => {
    setVmStates(ctx.state, ctx.clock, body!);
  },
  getVnc: ({ params, ctx }) => {
    getVnc(ctx.state, ctx.clock, params!.vm_id);
  },
  remoteConsole: ({ params, body, ctx }) => {
    remoteConsole(ctx.state, ctx.clock, params!.vm_id, body!.protocol);
  },
  setPower: ({ params, body, ctx }) => {
    setPower(ctx.state, ctx.clock, params!.vm_id, body!.state);
  },
  setPassword: ({ params, ctx }) => {
    // The password itself goes nowhere: the guest would receive it; the emulator keeps none.
    setPassword(ctx.state, ctx.clock, params!.vm_id);
  },
  deletePassword: ({ params, body, ctx }) => {
    deletePassword(ctx.state, ctx.clock, params!.vm_id, body!.login);
  },
  checkGuestAgent: ({ params, ctx }) => {
    checkGuestAgent(ctx.state, params!.vm_id);
  },
  createFreeTierVm: ({ body, ctx }) => [
    presentFreeTierVm(ctx.state, createFreeTierVm(ctx.state, ctx.clock, body!)),
  ],
};
