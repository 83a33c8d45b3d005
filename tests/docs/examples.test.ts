// The docs' examples in every language are up to date (scripts/docs-examples/sections.mjs says
// where they live): every page's example section is what the committed forms render, every
// TypeScript form is what the YAML derives now, the Python and Go forms were converted from the
// YAML as it is now (their recorded hash), every example is shown on its page exactly once, and
// every page the task names shows at least one, and every TypeScript form type-checks, strict,
// against the SDK's own types (docs/examples/tsconfig.json: an input the SDK's classes lack is
// found here, not by the reader). That each of them previews against the
// emulator is tests/e2e/docs-examples.test.ts. Run `node scripts/docs-examples.mjs` after
// changing an example.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

interface Example {
  id: string;
  folder: string;
  name: string;
  yaml: string;
}
interface Sections {
  repo: string;
  derivedFile: string;
  listExamples(): Example[];
  pageOf(folder: string): string;
  formOf(example: Example, extension: string): string;
  hashOf(text: string): string;
  renderSection(example: Example): string;
  rewriteSections(
    markdown: string,
    render: (id: string) => string,
  ): { text: string; ids: string[] };
}
interface Generator {
  typescriptForm(yamlText: string): Promise<string>;
}

const repo = join(__dirname, "../..");
const sections = (await import(join(repo, "scripts/docs-examples/sections.mjs"))) as Sections;
const generator = (await import(join(repo, "scripts/docs-examples.mjs"))) as Generator;
const examples = sections.listExamples();

/** The pages that show examples in every language: every resource page, actions and lookups. */
const PAGES = [
  "disk",
  "disk-attachment",
  "external-ip",
  "free-tier-vm",
  "image",
  "nat-gateway",
  "network-interface",
  "placement-group",
  "security-group",
  "security-group-rule",
  "subnet",
  "vm",
  "vm-backup",
  "actions",
  "lookups",
];

describe("the docs' examples in four languages", () => {
  it("cover every resource page, actions.md and lookups.md", () => {
    expect([...new Set(examples.map((e) => e.folder))].sort()).toEqual([...PAGES].sort());
  });

  it("each example has its TypeScript, Python and Go forms, and the Python and Go ones are converted from the YAML as it is", () => {
    const derived = JSON.parse(readFileSync(sections.derivedFile, "utf8")) as Record<
      string,
      string
    >;
    for (const example of examples) {
      for (const extension of ["ts", "py", "go"]) {
        expect(existsSync(sections.formOf(example, extension)), `${example.id}.${extension}`).toBe(
          true,
        );
      }
      expect(derived[example.id], example.id).toBe(
        sections.hashOf(readFileSync(example.yaml, "utf8")),
      );
    }
    expect(Object.keys(derived).sort()).toEqual(examples.map((e) => e.id).sort());
  });

  it("each TypeScript form is what its YAML derives now", async () => {
    for (const example of examples) {
      const expected = await generator.typescriptForm(readFileSync(example.yaml, "utf8"));
      expect(readFileSync(sections.formOf(example, "ts"), "utf8"), example.id).toBe(expected);
    }
  });

  it("each TypeScript form type-checks, strict, against the SDK's types", async () => {
    const tsc = join(repo, "node_modules/typescript/bin/tsc");
    const checked = await promisify(execFile)(
      process.execPath,
      [tsc, "-p", join(repo, "docs/examples/tsconfig.json")],
      { cwd: repo },
    ).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(checked).toBe("");
  }, 120_000);

  it("each page shows each of its examples once, as the committed forms render it", () => {
    const byId = new Map(examples.map((e) => [e.id, e]));
    for (const folder of PAGES) {
      const page = sections.pageOf(folder);
      const markdown = readFileSync(page, "utf8");
      const { text, ids } = sections.rewriteSections(markdown, (id) =>
        sections.renderSection(byId.get(id)!),
      );
      const own = examples.filter((e) => e.folder === folder).map((e) => e.id);
      expect(ids.sort(), page).toEqual(own.sort());
      expect(text, `${page} is out of date: run node scripts/docs-examples.mjs --pages`).toBe(
        markdown,
      );
    }
  });
});
