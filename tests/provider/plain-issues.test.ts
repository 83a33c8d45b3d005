// The input schemas' own failures read in plain words for a program of any language (issue 35):
// the Vm's real schema, checked as `check` checks it, names the property by its schema name and
// says what it must be, never zod's `Invalid input: expected number, received undefined`; a
// secret's value is never shown; a schema's own message is kept.
import { describe, expect, it } from "vitest";
import { checkInputs } from "../../provider/resources/framework/check-inputs";
import { VmInputs } from "../../provider/resources/inputs/vm";

const VALID = {
  name: "app",
  flavor: "gen-2-4",
  image: "ubuntu-22.04",
  bootDisk: { size: 20, diskType: "SSD" },
};

const reasons = (news: Record<string, unknown>) =>
  checkInputs(VmInputs, news).failures.map((f) => `${f.property}: ${f.reason}`);

describe("input failures in the schema's terms", () => {
  it("says a required nested input is missing, and what to give", () => {
    expect(reasons({ ...VALID, bootDisk: { diskType: "SSD" } })).toEqual([
      "bootDisk.size: is required: give a number",
    ]);
  });

  it("says what kind a value must be, and which kind it was, without the value", () => {
    const failures = reasons({ ...VALID, bootDisk: { size: "twenty", diskType: "SSD" } });
    expect(failures).toEqual(["bootDisk.size: must be a number, not a string"]);
    expect(failures.join("\n")).not.toContain("twenty");
    expect(reasons({ ...VALID, password: 12345678 }).join("\n")).not.toContain("12345678");
  });

  it("never writes zod's default words", () => {
    const failures = reasons({
      bootDisk: { size: "x" },
      interfaces: "none",
      powerState: 3,
      flavor: 7,
    });
    expect(failures.length).toBeGreaterThan(2);
    for (const failure of failures) {
      expect(failure).not.toMatch(/Invalid input|Invalid option|Too small|Too big|received/);
    }
  });
});

describe("the forms a property takes", () => {
  it("says a required property of several forms is missing", () => {
    expect(reasons({ ...VALID, flavor: undefined })).toEqual(["flavor: is required"]);
  });
});
