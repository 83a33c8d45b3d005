// What the SDK's API reference says of each output is what the outputs schema says: the TSDoc
// of every output property of every resource class (derived from the schema's fields with
// `OutputProperties`, or declared by the class), of the outcome properties of the action
// classes, and of the fields of every nested output type the SDK exports, is the description
// (`.describe`) of the schema's field, the one a provider schema and the docs' tables show.
// Read the way TypeDoc and an editor read it: with the TypeScript compiler, from sdk/index.ts.
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { definition as backupRestore } from "../../provider/actions/backup-restore";
import { BackupRestoreResultSchema } from "../../provider/actions/backup-restore/operation";
import { EventReportResultSchema } from "../../provider/actions/event-report/operation";
import { IndexSnapshotRestoreResultSchema } from "../../provider/actions/index-snapshot-restore/operation";
import {
  NodeMigrationNodeSchema,
  NodeMigrationResultSchema,
} from "../../provider/actions/node-migration/operation";
import { QueueManagerRestartResultSchema } from "../../provider/actions/queue-manager-restart/operation";
import { OUTCOME_KEYS } from "../../provider/actions/framework/action-outputs";
import {
  descriptionOf,
  outputProperties,
  type OutputSchema,
} from "../../provider/framework/output-fields";
import { DiskOutputs } from "../../provider/resources/outputs/disk";
import { DiskAttachmentOutputs } from "../../provider/resources/outputs/disk-attachment";
import { ExternalIpOutputs } from "../../provider/resources/outputs/external-ip";
import { NatGatewayOutputs } from "../../provider/resources/outputs/nat-gateway";
import { ImageOutputs } from "../../provider/resources/outputs/image";
import { VmBackupOutputs } from "../../provider/resources/outputs/vm-backup";
import { NetworkInterfaceOutputs } from "../../provider/resources/outputs/network-interface";
import { FreeTierVmOutputs } from "../../provider/resources/outputs/free-tier-vm";
import {
  PlacementGroupOutputs,
  PlacementGroupZoneSchema,
} from "../../provider/resources/outputs/placement-group";
import { SecurityGroupOutputs } from "../../provider/resources/outputs/security-group";
import { SecurityGroupRuleOutputs } from "../../provider/resources/outputs/security-group-rule";
import { SubnetOutputs } from "../../provider/resources/outputs/subnet";
import {
  AttachedDiskOutputSchema,
  BootDiskOutputSchema,
  VmInterfaceOutputSchema,
  VmOutputs,
} from "../../provider/resources/outputs/vm";

const repo = join(__dirname, "../..");

/** The SDK's exports, as the compiler sees them. */
let checker: ts.TypeChecker;
let exported: Map<string, ts.Symbol>;

beforeAll(() => {
  const config = ts.readConfigFile(join(repo, "tsconfig.json"), ts.sys.readFile);
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, repo).options;
  const program = ts.createProgram([join(repo, "sdk/index.ts")], { ...options, noEmit: true });
  checker = program.getTypeChecker();
  const index = program.getSourceFile(join(repo, "sdk/index.ts"))!;
  exported = new Map(
    checker.getExportsOfModule(checker.getSymbolAtLocation(index)!).map((s) => [s.name, s]),
  );
}, 60_000);

/**
 * The TSDoc summary of the property `name` of the class or interface the SDK exports as
 * `typeName` (of a class: of its instances), as one line, with no final stop.
 */
function tsdoc(typeName: string, name: string): string {
  let symbol = exported.get(typeName)!;
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  const property = checker.getPropertyOfType(type, name);
  if (property === undefined) return `(${typeName} has no ${name})`;
  const text = ts.displayPartsToString(property.getDocumentationComment(checker));
  return text.replace(/\s+/g, " ").trim().replace(/\.$/, "");
}

/** The descriptions of the fields of `schema` (a zod object), by name. */
function descriptions(schema: { shape: Record<string, unknown> }, keys?: readonly string[]) {
  return Object.fromEntries(
    (keys ?? Object.keys(schema.shape)).map((key) => [
      key,
      descriptionOf(schema.shape[key] as z.ZodType) ?? "(none)",
    ]),
  );
}

describe.each<[string, OutputSchema]>([
  ["Disk", DiskOutputs],
  ["DiskAttachment", DiskAttachmentOutputs],
  ["Subnet", SubnetOutputs],
  ["SecurityGroup", SecurityGroupOutputs],
  ["SecurityGroupRule", SecurityGroupRuleOutputs],
  ["Vm", VmOutputs],
  ["FreeTierVm", FreeTierVmOutputs],
  ["ExternalIp", ExternalIpOutputs],
  ["PlacementGroup", PlacementGroupOutputs],
  ["NatGateway", NatGatewayOutputs],
  ["Image", ImageOutputs],
  ["VmBackup", VmBackupOutputs],
  ["NetworkInterface", NetworkInterfaceOutputs],
])("%s", (className, outputs) => {
  it("documents each output property with its description in the outputs schema", () => {
    const keys = outputProperties(outputs);
    const documented = Object.fromEntries(keys.map((key) => [key, tsdoc(className, key)]));
    expect(documented).toEqual(descriptions(outputs, keys));
  });
});

describe("the action classes", () => {
  it("document the outcome of a run with the descriptions of its outputs", () => {
    const keys = OUTCOME_KEYS.filter((key) => key !== "result");
    const documented = Object.fromEntries(keys.map((key) => [key, tsdoc("BackupRestore", key)]));
    expect(documented).toEqual(descriptions(backupRestore.outputs, keys));
    expect(tsdoc("BackupRestore", "result")).toBe(
      descriptionOf(backupRestore.outputs.shape.result as z.ZodType),
    );
  });
});

describe.each<[string, { shape: Record<string, unknown> }]>([
  ["VmInterfaceOutput", VmInterfaceOutputSchema],
  ["AttachedDiskOutput", AttachedDiskOutputSchema],
  ["BootDiskOutput", BootDiskOutputSchema],
  ["PlacementGroupZone", PlacementGroupZoneSchema],
  ["BackupRestoreResult", BackupRestoreResultSchema],
  ["EventReportResult", EventReportResultSchema],
  ["IndexSnapshotRestoreResult", IndexSnapshotRestoreResultSchema],
  ["NodeMigrationResult", NodeMigrationResultSchema],
  ["NodeMigrationNode", NodeMigrationNodeSchema],
  ["QueueManagerRestartResult", QueueManagerRestartResultSchema],
])("the SDK's %s", (typeName, schema) => {
  it("documents each field with its description in the schema", () => {
    expect(exported.has(typeName)).toBe(true);
    const documented = Object.fromEntries(
      Object.keys(schema.shape).map((key) => [key, tsdoc(typeName, key)]),
    );
    expect(documented).toEqual(descriptions(schema));
  });
});
