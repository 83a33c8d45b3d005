// The plugin's detailed diff: each changed property, added, deleted or updated, and whether it
// replaces, as the engine shows it (`+ description`, `+- address`).
import { describe, expect, it } from "vitest";
import { detailedDiff, PROPERTY_DIFF_KIND } from "../../provider/plugin/detailed-diff";

describe("detailedDiff", () => {
  it("names each changed property with its kind of change", () => {
    const outcome = {
      changes: true,
      replaces: ["address", "zone"],
      stables: ["name"],
      changed: ["description", "address", "tags", "zone", "gateway"],
      deleteBeforeReplace: true,
    };
    const olds = {
      name: "a",
      address: "10.0.0.0/24",
      tags: ["x"],
      zone: "z1",
      gateway: "10.0.0.1",
    };
    const news = {
      name: "a",
      description: "new",
      address: "10.0.1.0/24",
      zone: undefined,
      gateway: undefined,
    };
    expect(detailedDiff(outcome, olds, news)).toEqual({
      description: { kind: PROPERTY_DIFF_KIND.ADD, inputDiff: true },
      address: { kind: PROPERTY_DIFF_KIND.UPDATE_REPLACE, inputDiff: true },
      tags: { kind: PROPERTY_DIFF_KIND.DELETE, inputDiff: true },
      zone: { kind: PROPERTY_DIFF_KIND.DELETE_REPLACE, inputDiff: true },
      gateway: { kind: PROPERTY_DIFF_KIND.DELETE, inputDiff: true },
    });
    expect(detailedDiff({ ...outcome, changed: [] }, olds, news)).toEqual({});
  });
});
