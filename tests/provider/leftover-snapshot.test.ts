// The leftover checks of creates (is there an untracked object of this name, left by an
// interrupted `up`?) share the project's list: a batch of several lookups reads it whole, and
// later lookups of the same process answer from it. A name the list showed is looked up again,
// fresh, since the object may have gone since (a replacement deletes first). Disks, over HTTP
// against the emulator, through the lookups the Disk provider uses.
import { describe, expect, it } from "vitest";
import { disksEndpoints } from "../../api/vm/endpoints/disks";
import { createClient } from "../../provider/client";
import {
  projectNamedSource,
  readNamedBatched,
} from "../../provider/resources/framework/batched-reads";
import type { LoggedRequest } from "../../emulator/core/request-log";
import { useTestEmulator } from "../support/emulator";
import { uniqueName } from "./support/fixtures";

const emu = useTestEmulator();

const DISKS_BY_NAME = projectNamedSource("disks-by-name", disksEndpoints.listDisks);

/** The disk lists sent since the log was cleared: whole (no `name=`) and by name. */
async function diskLists() {
  const { requests } = (await emu.call("GET", "/_emulator/requests")).body as {
    requests: LoggedRequest[];
  };
  const lists = requests.filter((r) => r.method === "GET" && /^\/api\/v1\/disks(\?|$)/.test(r.url));
  const byName = lists.filter((r) => /[?&]name=/.test(r.url)).length;
  return { whole: lists.length - byName, byName };
}

async function makeDisk(name: string): Promise<string> {
  const made = await emu.call("POST", "/api/v1/disks", {
    body: { name, size: 1, project_id: emu.fixtures.vm.projectId },
  });
  expect(made.status).toBeLessThan(300);
  return (made.body as { id: string }).id;
}

describe("leftover checks by name", () => {
  it("read the project's list once for lookups together and later ones, and look a shown name up again", async () => {
    const client = createClient({ endpoint: emu.url, token: emu.token });
    const project = emu.fixtures.vm.projectId;
    const lookup = (name: string) => readNamedBatched(client, DISKS_BY_NAME, project, name);
    const leftoverName = uniqueName("left");
    const leftoverId = await makeDisk(leftoverName);

    // Lookups of one moment: one whole list, which finds the leftover.
    await emu.call("DELETE", "/_emulator/requests");
    const [a, left] = await Promise.all([lookup(uniqueName("snap-a")), lookup(leftoverName)]);
    expect(a).toEqual([]);
    expect(left.map((d) => d.id)).toEqual([leftoverId]);
    expect(await diskLists()).toEqual({ whole: 1, byName: 0 });

    // Later lookups, one by one, of names the list did not show: no request at all.
    await emu.call("DELETE", "/_emulator/requests");
    expect(await lookup(uniqueName("snap-c"))).toEqual([]);
    expect(await lookup(uniqueName("snap-d"))).toEqual([]);
    expect(await diskLists()).toEqual({ whole: 0, byName: 0 });

    // A name the list showed, whose disk is gone since: looked up again, and found gone.
    expect((await emu.call("DELETE", `/api/v1/disks/${leftoverId}`)).status).toBeLessThan(300);
    await emu.waitFor(`/api/v1/disks/${leftoverId}`, (_body, status) => status === 404);
    await emu.call("DELETE", "/_emulator/requests");
    expect(await lookup(leftoverName)).toEqual([]);
    expect(await diskLists()).toEqual({ whole: 0, byName: 1 });
  });
});
