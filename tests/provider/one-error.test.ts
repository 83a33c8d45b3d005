// One mistake, one error: a value its field's type refuses, and the resource's rules refuse
// again, reads as one failure of its property, the one that names the value and the fix.
import { describe, expect, it } from "vitest";
import { checkInputs } from "../../provider/resources/framework/check-inputs";
import { SubnetInputs } from "../../provider/resources/inputs/subnet";

const failuresOf = (inputs: Record<string, unknown>) =>
  checkInputs(SubnetInputs, { name: "net", ...inputs }, {}).failures;

describe("a subnet's address and mask", () => {
  it("10.63.0.0/33 is one failure of address, naming the masks there are", () => {
    expect(failuresOf({ address: "10.63.0.0/33" })).toEqual([
      {
        property: "address",
        reason:
          'address "10.63.0.0/33" has no IPv4 mask /33: use a mask from /8 to /29, e.g. 10.63.0.0/24',
      },
    ]);
  });

  it.each([
    [{ address: "300.1.0.0/24" }, "address"],
    [{ address: "not-a-network" }, "address"],
    [{ address: "10.0.0.0", prefixLength: 33 }, "prefixLength"],
    [{ address: "10.0.0.0/24", defaultGateway: "10.0.0" }, "defaultGateway"],
  ])("%j is one failure of %s", (inputs, property) => {
    const failures = failuresOf(inputs);
    expect(failures.map((f) => f.property)).toEqual([property]);
  });

  it("two mistakes in two properties stay two failures", () => {
    const failures = failuresOf({ address: "10.63.0.0/33", defaultGateway: "10.0.0" });
    expect(failures.map((f) => f.property).sort()).toEqual(["address", "defaultGateway"]);
  });
});
