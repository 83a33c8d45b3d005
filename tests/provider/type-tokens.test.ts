// The one table of the classes the engine sees (provider/type-tokens.ts): each class's type
// token is the package's prefix and its name, and its module is the one whose lifecycle is that
// class's, which the shim loads; the tokens by class name are read from the same table.
import { describe, expect, it } from "vitest";
import type { Lifecycle } from "../../provider/framework/lifecycle";
import { TYPE_PREFIX, TYPE_TOKENS, VMCLOUD_TYPES } from "../../provider/type-tokens";

describe("VMCLOUD_TYPES", () => {
  it.each(Object.entries(VMCLOUD_TYPES))(
    "%s: its token and the module of its lifecycle",
    async (name, type) => {
      expect(type.token).toBe(`${TYPE_PREFIX}${name}`);
      expect(TYPE_TOKENS[name as keyof typeof TYPE_TOKENS]).toBe(type.token);
      const module = (await import(`../../provider/${type.module}`)) as {
        definition: Lifecycle;
        provider: unknown;
      };
      expect(module.definition.typeName).toBe(name);
      expect(module.provider).toBeDefined();
    },
  );

  it("has the tokens by class name of every class, and no other", () => {
    expect(Object.keys(TYPE_TOKENS)).toEqual(Object.keys(VMCLOUD_TYPES));
  });
});
