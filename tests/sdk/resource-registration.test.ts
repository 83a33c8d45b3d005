/**
 * Registering a resource under Pulumi's mocks: the SDK registers without Pulumi's per-output
 * debug stacks (Error.stackTraceLimit is 0 only during the registration, and restored after it,
 * whether it succeeds or throws), the outputs still resolve, and an error of Pulumi's own checks
 * keeps a stack that leads to the program's `new` line. (The declaration site Pulumi records is
 * checked under the real engine, in tests/e2e/full-stack.test.ts. What the registration saves
 * is measured by bench/scale.mjs: the start-up before the first request.)
 */
import * as pulumi from "@pulumi/pulumi";
import { beforeAll, describe, expect, it } from "vitest";
import { Disk } from "../../sdk";

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    { newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }), call: () => ({}) },
    "registration",
    "test",
    false,
  );
});

function valueOf<T>(output: pulumi.Output<T>): Promise<T> {
  return new Promise((resolve) => output.apply(resolve));
}

describe("a resource's registration", () => {
  it("takes no stacks while Pulumi registers it, leaves Error.stackTraceLimit and Error.prepareStackTrace as they were, and its outputs resolve", async () => {
    const before = Error.stackTraceLimit;
    const prepare = Error.prepareStackTrace;
    expect(before).toBeGreaterThan(0);
    // A transformation runs inside Pulumi's Resource constructor, where the outputs' promises
    // are stamped with `new Error().stack`: what it sees is what those stamps get.
    const during: Array<{ limit: number; stack: string | undefined }> = [];
    const disk = new Disk(
      "data",
      { name: "data", size: 10 },
      {
        transformations: [
          () => {
            during.push({ limit: Error.stackTraceLimit, stack: new Error("probe").stack });
            return undefined;
          },
        ],
      },
    );
    expect(during).toEqual([{ limit: 0, stack: "Error: probe" }]);
    expect(Error.stackTraceLimit).toBe(before);
    expect(Error.prepareStackTrace).toBe(prepare);
    expect(await valueOf(disk.id)).toBe("data-id");
    expect(await valueOf(disk.size)).toBe(10);
  });

  it("gives an error of the registration the stack of the program's line, and restores the limit", () => {
    const before = Error.stackTraceLimit;
    let caught: unknown;
    try {
      // Pulumi refuses a resource without a name, inside the registration.
      new Disk(undefined as unknown as string, { name: "x", size: 10 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).message).toMatch(/name/i);
    expect((caught as Error).stack).toContain("resource-registration.test.ts");
    expect(Error.stackTraceLimit).toBe(before);
  });
});
