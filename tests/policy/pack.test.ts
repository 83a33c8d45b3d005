// The pack as a whole: its policy list, the docs that describe it, its entry point and
// version, and the facts about @pulumi/policy that the rules rely on.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { PolicyConfigSchema } from "@pulumi/policy";
import { describe, expect, it } from "vitest";
import { configWithDefaults, typeNameOf } from "../../policy/lib/define";
import { readProps, UNKNOWN, UNKNOWN_SENTINELS } from "../../policy/lib/values";
import { POLICY_PACK_NAME, policies } from "../../policy/policies";
import { TYPE_TOKENS } from "../../provider/type-tokens";
import { libraryUnknowns, secret, serverProps, UNKNOWN_STRING } from "./support/harness";

const repo = resolve(__dirname, "../..");
const docs = readFileSync(join(repo, "docs/policy.md"), "utf8");

/** The docs' section of one policy: from its `### name` heading to the next heading. */
function sectionOf(name: string): string {
  const start = docs.indexOf(`\n### ${name}\n`);
  if (start < 0) return "";
  const end = docs.indexOf("\n##", start + 5);
  return docs.slice(start, end < 0 ? undefined : end);
}

describe("the policy list", () => {
  it("has unique vmcloud- names, a description and a default level for every policy", () => {
    const names = policies.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBe(22);
    for (const p of policies) {
      expect(p.name).toMatch(/^vmcloud-[a-z0-9-]+$/);
      expect(p.description.length).toBeGreaterThan(20);
      expect(["mandatory", "advisory", "remediate"]).toContain(p.enforcementLevel);
      expect(p.configSchema).toBeDefined();
    }
    expect(POLICY_PACK_NAME).toBe("vmcloud");
  });

  it("gives every setting a type, a description and a default", () => {
    for (const p of policies) {
      for (const [key, schema] of Object.entries(p.configSchema?.properties ?? {})) {
        expect(typeof schema, `${p.name}.${key}`).toBe("object");
        const s = schema as PolicyConfigSchema & {
          type?: string;
          description?: string;
          default?: unknown;
        };
        expect(s.type, `${p.name}.${key}`).toBeDefined();
        expect(s.description, `${p.name}.${key}`).toBeDefined();
        expect(s.default, `${p.name}.${key}`).toBeDefined();
      }
    }
  });

  it("applies schema defaults under the user's values, ignoring enforcementLevel", () => {
    const schema = {
      properties: {
        a: { type: "integer" as const, default: 1 },
        b: { type: "array" as const, default: [1] },
      },
    };
    const config = configWithDefaults<{ a: number; b: number[] }>(schema, {
      a: 5,
      enforcementLevel: "advisory",
    });
    expect(config).toEqual({ a: 5, b: [1] });
    config.b.push(2);
    expect(configWithDefaults<{ b: number[] }>(schema, {}).b).toEqual([1]);
  });

  it("matches resources by the SDK's type tokens", () => {
    expect(typeNameOf(TYPE_TOKENS.Vm)).toBe("Vm");
    expect(typeNameOf(TYPE_TOKENS.SecurityGroupRule)).toBe("SecurityGroupRule");
    expect(typeNameOf("pulumi-nodejs:dynamic/other:Vm")).toBeUndefined();
    // The provider plugin's tokens, which programs of every language register.
    expect(typeNameOf("vmcloud:index:Vm")).toBe("Vm");
    expect(typeNameOf("other:index:Vm")).toBeUndefined();
  });
});

describe("docs/policy.md", () => {
  it("documents every policy with its default level and every setting with its default", () => {
    for (const p of policies) {
      const section = sectionOf(p.name);
      expect(section, `section for ${p.name}`).not.toBe("");
      expect(section).toContain(`Default level: **${p.enforcementLevel}**`);
      expect(docs).toMatch(new RegExp(`\\| \`${p.name}\` \\|[^\\n]*\\| ${p.enforcementLevel}`));
      for (const [key, schema] of Object.entries(p.configSchema?.properties ?? {})) {
        const row = section.split("\n").find((line) => line.startsWith(`| \`${key}\` |`));
        expect(row, `${p.name}: row for ${key}`).toBeDefined();
        // | `key` | type | `default` | meaning |
        const documented = row!.split(" | ")[2]?.replace(/`/g, "").replace(/\s/g, "");
        const defaultJson = JSON.stringify((schema as { default?: unknown }).default);
        expect(documented, `${p.name}.${key} default`).toBe(defaultJson);
      }
    }
  });
});

describe("the pack's entry point", () => {
  it("is index.js, which loads the compiled pack, with the package's version", () => {
    const yaml = readFileSync(join(repo, "policy/PulumiPolicy.yaml"), "utf8");
    expect(yaml).toMatch(/^runtime: nodejs$/m);
    expect(yaml).toMatch(/^main: index\.js$/m);
    const pack = JSON.parse(readFileSync(join(repo, "policy/package.json"), "utf8")) as {
      main: string;
      version: string;
    };
    const root = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
      version: string;
    };
    expect(pack.main).toBe("index.js");
    expect(pack.version).toBe(root.version);
    expect(readFileSync(join(repo, "policy/index.js"), "utf8")).toContain(
      '"dist", "policy", "pack.js"',
    );
  });
});

describe("what the rules rely on in @pulumi/policy", () => {
  it("knows the library's unknown sentinels", () => {
    const library = Object.entries(libraryUnknowns)
      .filter(([key]) => /^unknown[A-Z]\w*Value$/.test(key))
      .map(([, value]) => value);
    expect(library).toHaveLength(7);
    expect(new Set(library)).toEqual(UNKNOWN_SENTINELS);
  });

  it("reads values through the library's proxies without tripping on unknowns, and sees secrets", () => {
    const { unknownCheckingProxy } = libraryUnknowns as { unknownCheckingProxy<T>(v: T): T };
    const props = unknownCheckingProxy({ a: UNKNOWN_STRING, b: { c: [1, UNKNOWN_STRING] } });
    expect(() => (props as { a: unknown }).a).toThrow(/can't be known during preview/);
    expect(readProps(props).props).toEqual({ a: UNKNOWN, b: { c: [1, UNKNOWN] } });
    // Secrets: the remediation path keeps the library's Secret objects, which are read through
    // and whose paths are collected; the validation path has already unwrapped them.
    const wire = { password: secret("p4ss"), nics: [{ key: secret("k3y") }], name: "web" };
    expect(readProps(serverProps(wire, true))).toEqual({
      props: { password: "p4ss", nics: [{ key: "k3y" }], name: "web" },
      secretPaths: new Set(["password", "nics.0.key"]),
    });
    expect(readProps(serverProps(wire, false))).toEqual({
      props: { password: "p4ss", nics: [{ key: "k3y" }], name: "web" },
      secretPaths: new Set(),
    });
  });
});
