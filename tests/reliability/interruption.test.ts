// Interruption: `pulumi up` of the reference stack (3 VMs, each with a disk and an attachment)
// is killed (SIGKILL to its whole process group: the CLI, the language host, the program and
// the dynamic-provider host) while creates are in flight in the emulator: VM creates (the run
// `npm test` makes), then data disk creates and attachments (the full suite). The creates go on
// in the cloud; the state records them only as pending operations. Nothing the service keeps
// tells such an object from another stack's or a person's (docs/api-decisions/adoption.md), so
// the next `up` never takes it over and never makes a second one: it fails on each, naming the
// object and the command that records it, `pulumi refresh --import-pending-creates '<urn>'
// --import-pending-creates <id>`, and makes no duplicate. (The killed CLI leaves the stack
// locked: the test runs `pulumi cancel` first, as the CLI's own message tells a user to.) Then
// `refresh --clear-pending-creates` and `destroy`: destroy deletes what the stack made and
// leaves the VMs it never took over (and the subnet and group they use); once those are
// deleted by hand, `destroy` leaves nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine } from "../e2e/support/engine";
import { killUpWhen } from "../e2e/support/kill-up";
import { pendingImportsIn } from "../e2e/support/pending-creates";
import {
  census,
  duplicatesOf,
  openReferenceStack,
  pendingOperations,
  REFERENCE_DIR,
  waitUntilGone,
} from "./support/reference-stack";
import { randomSecret, SecretScan } from "./support/secrets";
import { interruptions } from "./support/settings";

const VMS = 3;

let engine: Engine;
let emu: TestEmulator;
const scan = new SecretScan();

beforeAll(async () => {
  engine = await prepareEngine();
  // Speed 1: a VM takes 2 s to boot, long enough to be caught in the middle.
  emu = await startTestEmulator({
    speed: 1,
    token: scan.secret("token", randomSecret("rel-token-")),
  });
}, ENGINE_TIMEOUT_MS);

afterAll(async () => emu?.close());

/** Records of `prefix` in the emulator's `collection` whose name matches and status is `status`. */
async function inFlight(
  prefix: string,
  collection: "vms" | "disks",
  infix: string,
  status: string,
): Promise<number> {
  const reply = await emu.call("GET", "/_emulator/state");
  const records = (
    reply.body as { vm: Record<string, Record<string, { name: string; status: string }>> }
  ).vm[collection]!;
  return Object.values(records).filter(
    (r) => r.name.startsWith(`${prefix}-${infix}`) && r.status === status,
  ).length;
}

/**
 * When to kill: while VMs are being created (the first run, and the one `npm test` runs),
 * while data disks are being created, or while they are being attached.
 */
const MOMENTS = [
  { label: "VM creates", when: (p: string) => inFlight(p, "vms", "vm-", "creating") },
  { label: "disk creates", when: (p: string) => inFlight(p, "disks", "data-", "creating") },
  { label: "attachments", when: (p: string) => inFlight(p, "disks", "data-", "attaching") },
];
/** How many runs: one by default, one per moment in CI (see support/settings.ts). */
const INTERRUPTIONS = interruptions(MOMENTS.length);

describe(`an interrupted pulumi up (${INTERRUPTIONS} time(s))`, () => {
  for (let n = 1; n <= INTERRUPTIONS; n++) {
    const moment = MOMENTS[(n - 1) % MOMENTS.length]!;
    it(
      `run ${n}: up killed with ${moment.label} in flight, then up refuses what the killed one made, naming it, with no duplicate; destroy leaves those objects`,
      async () => {
        // A network of its own per run, so that what one run leaves cannot fail the next.
        const ref = await openReferenceStack(engine, emu, {
          vms: VMS,
          cidr: `10.${70 + n}.0.0/24`,
        });
        try {
          const killed = await killUpWhen({
            bin: engine.bin,
            cwd: REFERENCE_DIR,
            env: ref.env,
            stackName: ref.stackName,
            ready: async () => (await moment.when(ref.prefix)) >= 1,
          });
          scan.add(`killed up, run ${n}`, killed.output);
          const pending = await pendingOperations(ref.stack);
          console.log(
            `run ${n}: killed after ${killed.killedAfterMs} ms with ${moment.label} in flight; ` +
              `${pending.length} pending operation(s) in the state: ${pending.map((p) => `${p.type} ${p.urn.split("::").at(-1)}`).join(", ")}`,
          );
          // The kill really came in the middle: creates were pending when the CLI died.
          expect(pending.length).toBeGreaterThan(0);

          // The killed CLI left its lock on the stack; `pulumi cancel` is what a user runs then.
          await ref.stack.cancel();
          let upOutput = "";
          const refused = await ref.stack.up({ onOutput: (text) => (upOutput += text) }).then(
            () => undefined,
            (error: unknown) => error as Error,
          );
          scan.add(`second up, run ${n}`, upOutput);
          if (refused !== undefined) scan.addError(`second up, run ${n}`, refused);
          // What the first `up` sent was in the cloud when it died: the next `up` refuses each
          // named object it made, names it with the command that records it, and makes nothing
          // twice. (Attachments are links, not objects: one the killed `up` made is recorded.)
          const said = `${upOutput}\n${refused?.message ?? ""}`;
          const imports = pendingImportsIn(said);
          console.log(`run ${n}: the second up named ${imports.length} object(s)`);
          if (moment.label !== "attachments") {
            expect(
              refused,
              "the second up must refuse the interrupted creates' objects",
            ).toBeDefined();
            expect(imports.length, said.slice(-3000)).toBeGreaterThan(0);
          }
          for (const { urn, id } of imports) {
            expect(urn).toMatch(/^urn:pulumi:\S+$/);
            expect(id).toMatch(/^[0-9a-f-]{36}(:[0-9a-f-]{36})?$/);
          }
          expect(duplicatesOf(await census(emu, ref.prefix))).toEqual([]);
          // Not yet shown: that the named `pulumi refresh --import-pending-creates` records the
          // object (measured: it drops the pending create without recording the object, so the
          // next `up` names it again; issue 40 stays open on this). The way out shown here is the
          // engine's own: clear the pending creates, and the objects stay, untouched.
          const cleared = await ref.stack.refresh({ clearPendingCreates: true });
          expect(cleared.summary.result).toBe("succeeded");
          expect(await pendingOperations(ref.stack)).toEqual([]);

          // Destroy deletes what the stack made and never the VMs it did not take over, so the
          // subnet and group they use stay too, the failure saying what still uses them.
          // The objects it named are there, untouched.
          for (const { id } of imports.filter((i) => !i.id.includes(":"))) {
            const statuses = await Promise.all(
              ["vms", "disks", "security-groups", "subnets"].map(
                async (kind) => (await emu.call("GET", `/api/v1/${kind}/${id}`)).status,
              ),
            );
            expect(statuses, id).toContain(200);
          }
          const kept = await ref.stack.destroy().then(
            () => "",
            (error: unknown) => String(error),
          );
          scan.add(`destroy, run ${n}`, kept);
          // A subnet or group an untracked VM uses stays, saying what still uses it.
          if (kept !== "") expect(kept).toMatch(/still use/);
          // What is left of the run is what the stack never took over: the user's call, deleted
          // by hand (VMs first, then the disks they leave, then groups).
          const left = async (path: string) =>
            (
              (await emu.call("GET", `${path}?project_id=${emu.fixtures.vm.projectId}&limit=100`))
                .body as { items: Array<{ id: string; name: string }> }
            ).items
              .filter((item) => item.name.startsWith(`${ref.prefix}-`))
              .map((item) => item.id);
          for (const path of [
            "/api/v1/vms",
            "/api/v1/disks",
            "/api/v1/security-groups",
            "/api/v1/subnets",
          ]) {
            const ids = await left(path);
            for (const id of ids)
              expect((await emu.call("DELETE", `${path}/${id}`)).status).toBeLessThan(300);
            for (const id of ids)
              await emu.waitFor(`${path}/${id}`, (_b, status) => status === 404, 60_000);
          }
          if (kept !== "") {
            const destroy = await ref.stack.destroy();
            expect(destroy.summary.result).toBe("succeeded");
          }
          expect(await waitUntilGone(emu, ref.prefix)).toEqual([]);
        } finally {
          scan.addTree(`backend of run ${n}`, ref.backendDir);
          await ref.close();
        }
      },
      5 * 60_000,
    );
  }

  it("leaked no token into the output of the killed and the second up, or the state", () => {
    expect(scan.size().texts).toBeGreaterThan(0);
    expect(scan.hits()).toEqual([]);
  });
});
