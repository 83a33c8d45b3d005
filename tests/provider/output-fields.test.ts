// The outputs kit (provider/framework/output-fields.ts): an outputs schema is a strict zod object
// whose every field is described, with its facts (secret, internal) kept beside it.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  descriptionOf,
  output,
  outputFacts,
  outputProperties,
  outputsFrom,
  resourceOutputs,
  secretOutputs,
} from "../../provider/framework/output-fields";

const Example = resourceOutputs({
  name: output(z.string().describe("Name")),
  password: output(z.string().optional().describe("Password"), { secret: true }),
  record: output(z.array(z.string()).optional().describe("The provider's own"), {
    internal: true,
  }),
});

describe("resourceOutputs", () => {
  it("makes a strict object: a key it lacks or a required one missing fails to parse", () => {
    expect(Example.safeParse({ name: "a" }).success).toBe(true);
    expect(Example.safeParse({ name: "a", extra: 1 }).success).toBe(false);
    expect(Example.safeParse({ password: "p" }).success).toBe(false);
  });

  it("keeps each output's facts: which are secret, which are the provider's own", () => {
    expect(outputFacts(Example)).toEqual({
      name: {},
      password: { secret: true },
      record: { internal: true },
    });
    expect(secretOutputs(Example)).toEqual(["password"]);
    expect(outputProperties(Example)).toEqual(["name", "password"]);
  });

  it("refuses an output with no description, naming it", () => {
    expect(() => resourceOutputs({ size: output(z.number()) })).toThrow(
      'output size has no description: give its schema .describe("…")',
    );
  });

  it("takes the description of an optional value's schema", () => {
    const described = z.string().describe("Indexes");
    expect(descriptionOf(described.optional())).toBe("Indexes");
    expect(descriptionOf(described.nullable().optional())).toBe("Indexes");
    expect(() => resourceOutputs({ indices: output(described.optional()) })).not.toThrow();
  });

  it("knows no facts of a schema it did not make", () => {
    expect(() => outputFacts(z.strictObject({ name: z.string() }))).toThrow(
      "an outputs schema must be made with resourceOutputs(...)",
    );
  });
});

describe("outputsFrom", () => {
  it("spreads a nested object's fields as plain outputs", () => {
    const Rule = z.strictObject({ port: z.number().describe("Port") });
    const Flat = resourceOutputs({ ...outputsFrom(Rule), id: output(z.string().describe("Id")) });
    expect(Object.keys(Flat.shape)).toEqual(["port", "id"]);
    expect(outputFacts(Flat)).toEqual({ port: {}, id: {} });
    expect(Flat.safeParse({ port: 22, id: "r" }).success).toBe(true);
  });
});
