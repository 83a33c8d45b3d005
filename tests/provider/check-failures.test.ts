/**
 * Check failures as the engine gets them: one path syntax (Pulumi's `a.b[0].c`), and a
 * property only where the engine can read the value under it (one top-level input that is not
 * secret); any other failure leads its reason with its path.
 */
import { describe, expect, it } from "vitest";
import { failuresForEngine, propertyPath } from "../../provider/framework/check-failures";

describe("propertyPath", () => {
  it("writes keys with dots, indexes in brackets, and a key that is no identifier quoted", () => {
    expect(propertyPath(["size"])).toBe("size");
    expect(propertyPath(["interfaces", 0, "securityGroups", 1])).toBe(
      "interfaces[0].securityGroups[1]",
    );
    expect(propertyPath(["timeouts", "create"])).toBe("timeouts.create");
    expect(propertyPath(["imageMetadata", "user-name"])).toBe('imageMetadata["user-name"]');
    expect(propertyPath([])).toBe("");
  });
});

describe("failuresForEngine", () => {
  it("keeps the property of a top-level input given and not secret, and moves any other into the reason", () => {
    const inputs = {
      flavor: "gen-2-5",
      interfaces: [{ subnet: "backend" }],
      password: "weak",
    };
    const failures = [
      { property: "flavor", reason: '"gen-2-5" is not a flavor' },
      { property: "interfaces[0].subnet", reason: '"backend" is not a subnet' },
      { property: "password", reason: "needs an upper-case Latin letter" },
      { property: "bootDisk", reason: "Required" },
      { property: "(inputs)", reason: "expected an object" },
    ];
    expect(failuresForEngine(failures, inputs, ["password"])).toEqual([
      { property: "flavor", reason: '"gen-2-5" is not a flavor' },
      { property: "", reason: 'interfaces[0].subnet: "backend" is not a subnet' },
      { property: "", reason: "password: needs an upper-case Latin letter" },
      // Left out: the engine would find no value to show.
      { property: "", reason: "bootDisk: Required" },
      { property: "", reason: "expected an object" },
    ]);
  });
});
