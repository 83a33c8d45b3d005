// The `adoptId` input, provider by provider against the emulator: `create` adopts the object
// the id names when the other inputs describe it as it is, with reads only, and returns what
// an import would (its id, its outputs); then `diff` finds no change, with or without adoptId,
// and `delete` deletes it. A differing object, an unknown id and a malformed id are refused
// before anything changes, naming the input.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { uniqueName } from "./support/fixtures";
import { type Props, type ProviderHarness, useProviders } from "./support/provider-harness";

const { disk, subnet, group } = useProviders({
  disk: "resources/disk",
  subnet: "resources/subnet",
  group: "resources/security-group",
});

/** Checks `news`, then creates; the inputs `check` produced and what `create` returned. */
async function adopt(harness: ProviderHarness, news: Props) {
  const checked = await harness.check(news);
  expect(checked.failures).toEqual([]);
  const created = await harness.create(checked.inputs);
  return { inputs: checked.inputs, ...created };
}

/** Requests other than reads since the log was cleared. */
async function writes(harness: ProviderHarness) {
  return (await harness.requests()).filter((r) => r.method !== "GET");
}

describe.each([
  {
    kind: "Disk",
    harness: () => disk,
    make: (name: string): Props => ({ name, size: 10, diskType: "HDD" }),
    differ: { size: 12 },
    message: "size (it has 10)",
  },
  {
    kind: "Subnet",
    harness: () => subnet,
    make: (name: string): Props => ({ name, address: `10.77.${(uniqueCounter += 1)}.0/24` }),
    differ: { description: "not this one" },
    message: 'description (it has "")',
  },
  {
    kind: "SecurityGroup",
    harness: () => group,
    make: (name: string): Props => ({ name }),
    differ: { description: "not this one" },
    message: 'description (it has "")',
  },
])("$kind with adoptId", ({ kind, harness, make, differ, message }) => {
  let existing: { id: string; inputs: Props; outs: Props };
  let program: Props;

  beforeAll(async () => {
    // Made by the provider without adoptId: an object the stack does not track.
    program = make(uniqueName("adopt"));
    existing = await harness().up(program);
  });

  it("refuses an object that differs from the program, naming the input, with reads only", async () => {
    await harness().clearRequests();
    const { inputs } = await harness().check({ ...program, ...differ, adoptId: existing.id });
    await expect(harness().create(inputs)).rejects.toThrow(
      `adoptId: the existing ${kind} "${existing.id}" differs from the program in ${message}`,
    );
    expect(await writes(harness())).toEqual([]);
  });

  it("refuses an id that names nothing", async () => {
    const { inputs } = await harness().check({ ...program, adoptId: randomUUID() });
    await expect(harness().create(inputs)).rejects.toThrow(/adoptId: no \w+ with id ".+" exists/);
  });

  it("refuses a malformed id at check (preview)", async () => {
    const checked = await harness().check({ ...program, adoptId: "web-1" });
    expect(checked.failures.map((f) => f.property)).toEqual(["adoptId"]);
  });

  it("adopts a matching object with reads only, as an import would record it", async () => {
    await harness().clearRequests();
    const adopted = await adopt(harness(), { ...program, adoptId: existing.id });
    expect(adopted.id).toBe(existing.id);
    // The outputs of a read, and the id it adopted (kept like the other local inputs).
    expect(adopted.outs).toEqual({
      ...existing.outs,
      ...pick(adopted.outs, VOLATILE),
      adoptId: existing.id,
    });
    expect(await writes(harness())).toEqual([]);

    // No change afterwards, whether the program keeps adoptId, drops it or names another id.
    for (const news of [
      adopted.inputs,
      Object.fromEntries(Object.entries(adopted.inputs).filter(([key]) => key !== "adoptId")),
      { ...adopted.inputs, adoptId: randomUUID() },
    ]) {
      const diff = await harness().diff(adopted.id, adopted.outs, news);
      expect(diff.changes, JSON.stringify(news)).toBe(false);
    }

    // It is the stack's now: delete deletes it.
    await harness().delete(adopted.id, adopted.outs);
    expect((await harness().read(adopted.id, adopted.outs)).id).toBeUndefined();
  });
});

/** Outputs that may move between two reads (counts, states of neighbours). */
const VOLATILE = ["interfaceCount", "state"];
let uniqueCounter = 0;

function pick(props: Props, keys: readonly string[]): Props {
  return Object.fromEntries(keys.filter((k) => k in props).map((k) => [k, props[k]]));
}
