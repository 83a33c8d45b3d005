// The leftover checks of creates (is there an untracked object of this name, left by an
// interrupted `up`?) share the project's list: the first batch of several creates reads it
// whole, and later creates of the same process answer from it. A name the list showed is looked
// up again, fresh, since the object may have gone since (a replacement deletes first); a
// leftover made before the list was read is still adopted. Disks, over HTTP, as the host loads
// the provider.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { uniqueName } from "./support/fixtures";
import { loadProvider, type ProviderHarness } from "./support/provider-harness";

let emu: TestEmulator;
let disks: ProviderHarness;
beforeAll(async () => {
  emu = await startTestEmulator();
  disks = await loadProvider("resources/disk", emu);
});
afterAll(async () => emu?.close());

/** The disk lists sent: whole (no `name=`) and by name. */
function diskLists(requests: LoggedRequest[]) {
  const lists = requests.filter((r) => r.method === "GET" && /^\/api\/v1\/disks(\?|$)/.test(r.url));
  const byName = lists.filter((r) => /[?&]name=/.test(r.url));
  return { whole: lists.length - byName.length, byName: byName.length };
}

describe("leftover checks of disk creates", () => {
  it("read the project's list once for creates starting together and later ones, and look a shown name up again", async () => {
    // A leftover, made before the provider first looks: adopted by the create of its name.
    const leftoverName = uniqueName("left");
    const leftover = await emu.call("POST", "/api/v1/disks", {
      body: { name: leftoverName, size: 1, project_id: emu.fixtures.vm.projectId },
    });
    expect(leftover.status).toBeLessThan(300);

    await disks.clearRequests();
    const first = await Promise.all(
      [uniqueName("snap-a"), uniqueName("snap-b"), leftoverName].map((name) =>
        disks.up({ name, size: 1 }),
      ),
    );
    expect(first[2]!.id).toBe((leftover.body as { id: string }).id);
    expect(diskLists(await disks.requests()).byName).toBe(0);

    // Later creates, one by one: no lookup by name for their leftover checks (alone, each
    // would send one; the lists without a name are their waits' checks).
    await disks.clearRequests();
    const later = [];
    for (const name of [uniqueName("snap-c"), uniqueName("snap-d")]) {
      later.push(await disks.up({ name, size: 1 }));
    }
    expect(diskLists(await disks.requests()).byName).toBe(0);

    // A name the list showed (the leftover's), whose disk is gone since: looked up again, and
    // made anew. (Names made after the list was read are not in it, and need no lookup.)
    const gone = first[2]!;
    await disks.delete(gone.id, gone.outs);
    await disks.clearRequests();
    const again = await disks.up({ name: leftoverName, size: 1 });
    expect(again.id).not.toBe(gone.id);
    expect(diskLists(await disks.requests()).byName).toBe(1);

    await Promise.all(
      [first[0]!, first[1]!, ...later, again].map((d) => disks.delete(d.id, d.outs)),
    );
  });
});
