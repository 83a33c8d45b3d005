// The dynamic provider is a thin adapter over a kind's lifecycle: the lifecycle never sees the
// shim (`__provider`), and the adapter puts it back where the host expects it: in the inputs
// `check` answers, and in the properties of a resource recorded half made (which later
// refreshes and deletes find the provider in).
import { describe, expect, it } from "vitest";
import { dynamicProvider } from "../../provider/framework/dynamic-provider";
import type { Lifecycle, Properties } from "../../provider/framework/lifecycle";
import { ResourceInitError } from "../../provider/framework/provider-error";

const SHIM = "exports.handler=()=>shim";

/** A lifecycle that records what it was given and fails its create half way. */
function recordingLifecycle() {
  const seen: Array<[string, Properties[]]> = [];
  const lifecycle: Lifecycle = {
    typeName: "Probe",
    configure() {},
    async check(olds, news) {
      seen.push(["check", [olds, news]]);
      return { inputs: { ...news, size: 10 }, failures: [] };
    },
    async diff(_id, olds, news) {
      seen.push(["diff", [olds, news]]);
      return {
        changes: true,
        replaces: ["size"],
        stables: [],
        changed: ["size"],
        deleteBeforeReplace: true,
      };
    },
    async create(inputs) {
      seen.push(["create", [inputs]]);
      throw new ResourceInitError("made, not ready", "probe-1", {
        name: inputs.name,
        state: "creating",
      });
    },
    async read(id, props) {
      seen.push(["read", [props]]);
      return { id, props };
    },
    async update(_id, olds, news) {
      seen.push(["update", [olds, news]]);
      throw new ResourceInitError("updated, not ready", "probe-1", { name: news.name });
    },
    async delete(_id, props) {
      seen.push(["delete", [props]]);
    },
  };
  return { lifecycle, seen };
}

describe("dynamicProvider", () => {
  it("never hands the lifecycle the shim, and answers check with it", async () => {
    const { lifecycle, seen } = recordingLifecycle();
    const provider = dynamicProvider(lifecycle);
    const checked = await provider.check!(
      { name: "a", __provider: SHIM },
      { name: "b", __provider: SHIM },
    );
    expect(checked.inputs).toEqual({ name: "b", size: 10, __provider: SHIM });
    const diff = await provider.diff!(
      "probe-1",
      { name: "a", __provider: SHIM },
      { name: "b", __provider: SHIM },
    );
    expect(diff).toEqual({
      changes: true,
      replaces: ["size"],
      stables: [],
      deleteBeforeReplace: true,
    });
    await provider.read!("probe-1", { name: "a", __provider: SHIM });
    await provider.delete!("probe-1", { name: "a", __provider: SHIM });
    for (const [step, bags] of seen) {
      for (const bag of bags) expect(bag, step).not.toHaveProperty("__provider");
    }
    expect(seen.map(([step]) => step)).toEqual(["check", "diff", "read", "delete"]);
  });

  it("records a half-made resource with the shim among its properties, on create and update", async () => {
    const { lifecycle } = recordingLifecycle();
    const provider = dynamicProvider(lifecycle);
    const created = (await provider
      .create({ name: "a", __provider: SHIM })
      .catch((e) => e)) as ResourceInitError;
    expect(created).toBeInstanceOf(ResourceInitError);
    expect(created).toMatchObject({ message: "made, not ready", id: "probe-1" });
    expect(created.properties).toEqual({ name: "a", state: "creating", __provider: SHIM });
    const updated = (await provider.update!(
      "probe-1",
      { name: "a", __provider: SHIM },
      { name: "b", __provider: SHIM },
    ).catch((e) => e)) as ResourceInitError;
    expect(updated.properties).toEqual({ name: "b", __provider: SHIM });
  });
});
