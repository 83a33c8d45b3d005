// The provider host defers modules it loads but does not use (closure serialization): a
// deferred module is not loaded by a module that re-exports its functions, is loaded when one of
// them is called or another name is read, and works the same; a module that does not resolve is
// skipped. Real modules on disk, real `require`.
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deferUntilUsed } from "../../../provider/host/deferred-modules";

/** A folder with a costly module (it counts its loads) and a module that re-exports it. */
function fixture() {
  const dir = mkdtempSync(join(tmpdir(), "vmcloud-deferred-"));
  const counter = `loads_${Math.random().toString(36).slice(2)}`;
  writeFileSync(
    join(dir, "costly.js"),
    `globalThis.${counter} = (globalThis.${counter} ?? 0) + 1;
     exports.double = (n) => 2 * n;
     exports.version = "1.2.3";`,
  );
  writeFileSync(join(dir, "index.js"), `const m = require("./costly"); exports.double = m.double;`);
  const requireFrom = createRequire(join(dir, "index.js"));
  const loads = () => (globalThis as Record<string, unknown>)[counter] ?? 0;
  return { requireFrom, loads };
}

describe("deferUntilUsed", () => {
  it("loads a deferred module only when a wrapped function is called", () => {
    const { requireFrom, loads } = fixture();
    deferUntilUsed(requireFrom, [{ specifier: "./costly", functions: ["double"] }]);
    const index = requireFrom("./index.js") as { double: (n: number) => number };
    expect(loads()).toBe(0);
    expect(index.double(21)).toBe(42);
    expect(loads()).toBe(1);
    expect(index.double(2)).toBe(4);
    expect(loads()).toBe(1);
  });

  it("loads it when any other name is read, and then serves the real module", () => {
    const { requireFrom, loads } = fixture();
    deferUntilUsed(requireFrom, [{ specifier: "./costly", functions: ["double"] }]);
    const costly = requireFrom("./costly") as { version: string; double: (n: number) => number };
    expect(loads()).toBe(0);
    expect(costly.version).toBe("1.2.3");
    expect(loads()).toBe(1);
    // Once loaded, the real function is handed out, and the cache holds the real module.
    expect((requireFrom("./costly") as { double: unknown }).double).toBe(costly.double);
    expect(costly.double(5)).toBe(10);
    expect(loads()).toBe(1);
  });

  it("skips a module that does not resolve, and one already loaded", () => {
    const { requireFrom, loads } = fixture();
    expect(() =>
      deferUntilUsed(requireFrom, [{ specifier: "./missing", functions: ["f"] }]),
    ).not.toThrow();
    const costly = requireFrom("./costly") as { double: (n: number) => number };
    expect(loads()).toBe(1);
    deferUntilUsed(requireFrom, [{ specifier: "./costly", functions: ["double"] }]);
    expect(requireFrom("./costly")).toBe(costly);
  });
});
