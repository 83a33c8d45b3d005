// The input tables of docs/resources/*.md list what the provider's input schemas list: one
// row per input, no more, no fewer, so an input added to or removed from a schema cannot go
// undocumented. Each row's default and "On change" cells say what the field facts beside the
// schema say (input-fields.ts), which is also what `check` and `diff` do. Their output tables
// list every output of the outputs schema that is not an input (and may list an input whose
// output says more, e.g. a VM's interfaces as they are), each with the schema's description
// as its meaning and its secret flag (output-fields.ts), and nothing the schema lacks.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import * as disk from "../../provider/resources/inputs/disk";
import * as attachment from "../../provider/resources/inputs/disk-attachment";
import * as externalIp from "../../provider/resources/inputs/external-ip";
import * as placementGroup from "../../provider/resources/inputs/placement-group";
import * as natGateway from "../../provider/resources/inputs/nat-gateway";
import * as image from "../../provider/resources/inputs/image";
import * as vmBackup from "../../provider/resources/inputs/vm-backup";
import * as networkInterface from "../../provider/resources/inputs/network-interface";
import * as rule from "../../provider/resources/inputs/security-group-rule";
import * as group from "../../provider/resources/inputs/security-group";
import * as subnet from "../../provider/resources/inputs/subnet";
import * as vm from "../../provider/resources/inputs/vm";
import { inputFacts, type InputSchema } from "../../provider/resources/framework/input-fields";
import {
  descriptionOf,
  outputFacts,
  outputProperties,
  type OutputSchema,
} from "../../provider/framework/output-fields";
import { DiskOutputs } from "../../provider/resources/outputs/disk";
import { DiskAttachmentOutputs } from "../../provider/resources/outputs/disk-attachment";
import { ExternalIpOutputs } from "../../provider/resources/outputs/external-ip";
import { FreeTierVmOutputs } from "../../provider/resources/outputs/free-tier-vm";
import { PlacementGroupOutputs } from "../../provider/resources/outputs/placement-group";
import { NatGatewayOutputs } from "../../provider/resources/outputs/nat-gateway";
import { ImageOutputs } from "../../provider/resources/outputs/image";
import { VmBackupOutputs } from "../../provider/resources/outputs/vm-backup";
import { NetworkInterfaceOutputs } from "../../provider/resources/outputs/network-interface";
import { SecurityGroupOutputs } from "../../provider/resources/outputs/security-group";
import { SecurityGroupRuleOutputs } from "../../provider/resources/outputs/security-group-rule";
import { SubnetOutputs } from "../../provider/resources/outputs/subnet";
import { VmOutputs } from "../../provider/resources/outputs/vm";

const repo = join(__dirname, "../..");

const PAGES: Array<[string, InputSchema, OutputSchema]> = [
  ["disk.md", disk.DiskInputs, DiskOutputs],
  ["disk-attachment.md", attachment.DiskAttachmentInputs, DiskAttachmentOutputs],
  ["security-group-rule.md", rule.SecurityGroupRuleInputs, SecurityGroupRuleOutputs],
  ["security-group.md", group.SecurityGroupInputs, SecurityGroupOutputs],
  ["subnet.md", subnet.SubnetInputs, SubnetOutputs],
  ["vm.md", vm.VmInputs, VmOutputs],
  ["free-tier-vm.md", vm.FreeTierVmInputs, FreeTierVmOutputs],
  ["external-ip.md", externalIp.ExternalIpInputs, ExternalIpOutputs],
  ["placement-group.md", placementGroup.PlacementGroupInputs, PlacementGroupOutputs],
  ["nat-gateway.md", natGateway.NatGatewayInputs, NatGatewayOutputs],
  ["image.md", image.ImageInputs, ImageOutputs],
  ["vm-backup.md", vmBackup.VmBackupInputs, VmBackupOutputs],
  ["network-interface.md", networkInterface.NetworkInterfaceInputs, NetworkInterfaceOutputs],
];

/** The rows of the page's first table headed `| <title> |`, as name → cells by column title. */
function tableRows(page: string, title: string): Map<string, Record<string, string>> {
  const lines = readFileSync(join(repo, "docs/resources", page), "utf8").split("\n");
  const start = lines.findIndex((line) => line.startsWith(`| ${title} |`));
  expect(start, `${page} has a table of ${title.toLowerCase()}s`).toBeGreaterThanOrEqual(0);
  const cellsOf = (line: string) =>
    line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
  const titles = cellsOf(lines[start]!);
  const rows = new Map<string, Record<string, string>>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const cells = cellsOf(line);
    const name = /^`(\w+)`$/.exec(cells[0] ?? "")?.[1];
    if (name !== undefined) {
      rows.set(name, Object.fromEntries(titles.map((title, i) => [title, cells[i] ?? ""])));
    }
  }
  return rows;
}

/** The rows of the page's input table. */
function inputRows(page: string): Map<string, Record<string, string>> {
  return tableRows(page, "Input");
}

/** How a docs cell may write `value`, a default `check` fills in. */
function spellings(value: unknown): string[] {
  if (Array.isArray(value) && value.length === 0) return ["none", "`[]`"];
  return [`\`${JSON.stringify(value)}\``, `\`${String(value)}\``];
}

describe.each(PAGES)("docs/resources/%s", (page, schema, outputs) => {
  it("has one row per input of the schema", () => {
    expect([...inputRows(page).keys()].sort()).toEqual(Object.keys(schema.shape).sort());
  });

  it.each(Object.entries(inputFacts(schema)))("says what %s is", (input, meta) => {
    const row = inputRows(page).get(input)!;
    const onChange = row["On change"];
    expect(onChange, `${page} has an "On change" column`).toBeDefined();
    // A replacing input says so first, in bold; no other input does.
    expect(onChange!.startsWith("**replace"), `${input}: ${onChange}`).toBe(
      meta.onChange === "replaces",
    );
    if (meta.onChange === "local") expect(onChange).toMatch(/recorded only|nothing/);
    const optional = (schema.shape[input] as z.ZodType).safeParse(undefined).success;
    expect(row.Default!.includes("required"), `${input}: default ${row.Default}`).toBe(!optional);
    if (meta.default !== undefined) {
      expect(
        spellings(meta.default).some((text) => row.Default!.includes(text)),
        `${input}: default ${row.Default} should show ${JSON.stringify(meta.default)}`,
      ).toBe(true);
    }
    if (meta.secret === true) expect(row.Type).toMatch(/secret/);
  });

  it("has one row per output that is not an input, and none the outputs schema lacks", () => {
    const rows = [...tableRows(page, "Output").keys()];
    const properties = outputProperties(outputs);
    const recordedOnly = properties.filter((key) => !(key in schema.shape));
    expect(
      recordedOnly.filter((key) => !rows.includes(key)),
      "outputs with no row",
    ).toEqual([]);
    expect(
      rows.filter((key) => !properties.includes(key)),
      "rows of no output",
    ).toEqual([]);
  });

  it("says what each output listed is, in the schema's words, and which are secret", () => {
    const facts = outputFacts(outputs);
    for (const [output, row] of tableRows(page, "Output")) {
      expect(row.Meaning, `${page}: ${output}`).toBe(
        descriptionOf(outputs.shape[output] as z.ZodType),
      );
      expect(row.Type!.includes("**secret**"), `${output}: ${row.Type}`).toBe(
        facts[output]?.secret === true,
      );
    }
  });
});
