// The input tables of docs/resources/*.md list what the provider's input schemas list: one
// row per input, no more, no fewer, so an input added to or removed from a schema cannot go
// undocumented.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as disk from "../../provider/resources/inputs/disk";
import * as attachment from "../../provider/resources/inputs/disk-attachment";
import * as rule from "../../provider/resources/inputs/security-group-rule";
import * as group from "../../provider/resources/inputs/security-group";
import * as subnet from "../../provider/resources/inputs/subnet";
import * as vm from "../../provider/resources/inputs/vm";

const repo = join(__dirname, "../..");

const PAGES: Array<[string, { shape: Record<string, unknown> }]> = [
  ["disk.md", disk.DiskInputs],
  ["disk-attachment.md", attachment.DiskAttachmentInputs],
  ["security-group-rule.md", rule.SecurityGroupRuleInputs],
  ["security-group.md", group.SecurityGroupInputs],
  ["subnet.md", subnet.SubnetInputs],
  ["vm.md", vm.VmInputs],
  ["free-tier-vm.md", vm.FreeTierVmInputs],
];

/** The rows of the page's first table headed `| Input |`, as name → cells. */
function inputRows(page: string): Map<string, string[]> {
  const lines = readFileSync(join(repo, "docs/resources", page), "utf8").split("\n");
  const start = lines.findIndex((line) => line.startsWith("| Input |"));
  expect(start, `${page} has an input table`).toBeGreaterThanOrEqual(0);
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    const name = /^`(\w+)`$/.exec(cells[0] ?? "")?.[1];
    if (name !== undefined) rows.set(name, cells);
  }
  return rows;
}

describe.each(PAGES)("docs/resources/%s", (page, schema) => {
  it("has one row per input of the schema", () => {
    expect([...inputRows(page).keys()].sort()).toEqual(Object.keys(schema.shape).sort());
  });
});
