import { describe, expect, it } from "vitest";
import { providerShim, providerShimForType } from "../../provider/shim";
import { TYPE_TOKENS, VMCLOUD_TYPES } from "../../provider/type-tokens";

describe("providerShimForType (what the import-aware host gives a Read with no __provider)", () => {
  it("answers each class's own shim from its type token", () => {
    for (const { token, module } of Object.values(VMCLOUD_TYPES)) {
      expect(providerShimForType(token)).toBe(providerShim(module));
    }
    expect(providerShimForType(TYPE_TOKENS.Vm)).toContain(
      '"@vmcloud/pulumi/provider/resources/vm"',
    );
  });

  it("answers nothing for types that are not ours", () => {
    expect(providerShimForType("pulumi-nodejs:dynamic:Resource")).toBeUndefined();
    expect(providerShimForType("aws:ec2/instance:Instance")).toBeUndefined();
    expect(providerShimForType("")).toBeUndefined();
  });
});
