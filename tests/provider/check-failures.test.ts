/**
 * Check failures as the engine gets them: one path syntax (Pulumi's `a.b[0].c`), and a
 * property only where the engine can read the value under it (one top-level input that is not
 * secret); any other failure leads its reason with its path.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Name } from "../../api/common";
import {
  cutLongQuotes,
  failuresForEngine,
  propertyPath,
  QUOTE_MAX,
} from "../../provider/framework/check-failures";
import { checkInputs } from "../../provider/resources/framework/check-inputs";
import { NAME_OR_ID_RULE, TagsInput } from "../../provider/resources/inputs/common";

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

describe("long values (issue 41)", () => {
  it("a long top-level value goes without its property, said by its length and start", () => {
    const hostname = "a".repeat(1024 * 1024);
    const [failure] = failuresForEngine(
      [{ property: "hostname", reason: "must be at most 253 characters" }],
      { hostname },
      [],
    );
    // The engine echoes the value of a failure's property: none, so it prints nothing of it.
    expect(failure!.property).toBe("");
    expect(failure!.reason).toBe(
      `hostname: must be at most 253 characters (given 1048576 characters, "${"a".repeat(QUOTE_MAX / 2)}"…)`,
    );
    // A short value keeps its property, for the engine to show.
    expect(
      failuresForEngine([{ property: "hostname", reason: "bad" }], { hostname: "web_1" }, []),
    ).toEqual([{ property: "hostname", reason: "bad" }]);
  });

  it("a long quoted text in a reason is cut to its start and its length; short ones stay", () => {
    const name = "x".repeat(5000);
    expect(cutLongQuotes(`no image named "${name}" in ru.AZ-1; use one of: "ubuntu-22.04"`)).toBe(
      `no image named "${"x".repeat(QUOTE_MAX / 2)}…" (5000 characters) in ru.AZ-1; use one of: "ubuntu-22.04"`,
    );
    const [failure] = failuresForEngine(
      [{ property: "bootDisk.image", reason: `no image named "${name}"` }],
      {},
      [],
    );
    expect(failure!.reason.length).toBeLessThan(200);
  });
});

describe("a reference by name or id (issue 41)", () => {
  it("a tag that is neither says what a tag must look like, not zod's `Invalid input`", () => {
    const result = checkInputs(z.object({ tags: TagsInput }), { tags: ["ok", "тег-🚀"] });
    expect(result.failures).toEqual([{ property: "tags[1]", reason: NAME_OR_ID_RULE }]);
    expect(NAME_OR_ID_RULE).toContain("1–64 characters");
    // The rule is the API's own for names (tags are sent as tag_names).
    expect(Name.safeParse("тег-🚀").success).toBe(false);
    expect(Name.safeParse("teg-1").success).toBe(true);
  });

  it("any other union zod would call `Invalid input` names the closest member's rule", () => {
    const either = z.union([z.strictObject({ a: z.number() }), z.strictObject({ b: z.string() })]);
    const result = checkInputs(z.object({ x: either }), { x: { a: "not a number" } });
    expect(result.failures.map((f) => f.reason)).not.toContain("Invalid input");
    expect(result.failures[0]!.property).toBe("x.a");
  });
});
