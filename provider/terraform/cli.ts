#!/usr/bin/env node
/**
 * `vmcloud-import-terraform`: turns a Terraform state into a Pulumi import file.
 *
 *     terraform state pull | npx vmcloud-import-terraform --out import.json
 *     pulumi import --file import.json
 *
 * The same command runs inside the plugin: `pulumi-resource-vmcloud import-terraform …`. Exit
 * status: 0 when every instance was brought over (imported, or part of one imported), 3 when
 * some were left out (each listed on standard error with the reason; the import file holds the
 * rest), 2 for bad usage or a state it cannot read, 1 for anything else.
 */
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { MAPPING_VERSIONS } from "./mapping";
import { readTerraformState, StateFormatError } from "./state";
import { type ImportTypes, translateState, type Translation } from "./translate";
import { typescriptProgram } from "./typescript-program";

/** Exit status when some instances were left out. */
export const EXIT_LEFT_OUT = 3;
/** Exit status for bad usage or unreadable input. */
export const EXIT_USAGE = 2;

const USAGE = `usage: vmcloud-import-terraform [state.json | -] [--out import.json] [--types plugin|nodejs]
       vmcloud-import-terraform typescript [stack-export.json | -] [--out index.ts]
Reads a Terraform state (terraform.tfstate of format 4, \`terraform state pull\`, or
\`terraform show -json\`; the file, or standard input) and writes a Pulumi import file for
\`pulumi import --file\`: the plugin's types (vmcloud:index:*, any language) or, with
--types nodejs, the TypeScript SDK's. What is not brought over is listed on standard error.
Exit status: 0 all brought over, 3 some left out, 2 bad usage or input.
\`typescript\` writes the TypeScript program of a stack imported with --types nodejs.`;

/** Where the command reads and writes (the process's streams, or a test's). */
export interface CliIo {
  readonly stdin: () => Promise<string>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The process's own streams. */
export const PROCESS_IO: CliIo = {
  stdin: readStdin,
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

/** The report on standard error: a summary line, then every instance not imported whole. */
export function report(t: Translation): string {
  const count = (as: string) => t.outcomes.filter((o) => o.as === as).length;
  const lines = [
    `vmcloud-import-terraform: ${t.outcomes.length} Terraform instances: ${count("imported")} to import, ` +
      `${count("part")} parts of an imported object, ${count("left-out")} left out`,
  ];
  const { official, community } = MAPPING_VERSIONS;
  lines.push(
    `mapping written for ${official.source} ${official.version} and ${community.source} ${community.version}`,
  );
  for (const o of t.outcomes) {
    if (o.as === "left-out") lines.push(`left out: ${o.address}: ${o.reason}`);
  }
  for (const o of t.outcomes) {
    if (o.as === "part") lines.push(`part of ${o.of}: ${o.address}: ${o.how}`);
  }
  for (const u of t.uncovered) lines.push(`not covered: ${u.address}: ${u.field}: ${u.note}`);
  return `${lines.join("\n")}\n`;
}

async function input(path: string | undefined, io: CliIo): Promise<string> {
  return path === undefined || path === "-" ? io.stdin() : readFile(path, "utf8");
}

async function output(path: string | undefined, text: string, io: CliIo): Promise<void> {
  if (path === undefined || path === "-") io.stdout(text);
  else await writeFile(path, text);
}

/** Runs the command with `argv` (the arguments after its name); resolves with the exit status. */
export async function runImportTerraform(argv: string[], io: CliIo = PROCESS_IO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        out: { type: "string", short: "o" },
        types: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.stderr(`vmcloud-import-terraform: ${(error as Error).message}\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const types = values.types ?? "plugin";
  if (types !== "plugin" && types !== "nodejs") {
    io.stderr(`vmcloud-import-terraform: --types must be plugin or nodejs, not "${types}"\n`);
    return EXIT_USAGE;
  }
  const [first, second, ...extra] = positionals;
  const program = first === "typescript";
  if (extra.length > 0 || (!program && second !== undefined)) {
    io.stderr(`vmcloud-import-terraform: one input file at most\n${USAGE}\n`);
    return EXIT_USAGE;
  }
  try {
    if (program) {
      await output(values.out, typescriptProgram(await input(second, io)), io);
      return 0;
    }
    const translation = translateState(
      readTerraformState(await input(first, io)),
      types as ImportTypes,
    );
    await output(values.out, `${JSON.stringify(translation.importFile, null, 2)}\n`, io);
    io.stderr(report(translation));
    return translation.outcomes.some((o) => o.as === "left-out") ? EXIT_LEFT_OUT : 0;
  } catch (error) {
    io.stderr(`vmcloud-import-terraform: ${(error as Error).message}\n`);
    return error instanceof StateFormatError || error instanceof SyntaxError ? EXIT_USAGE : 1;
  }
}

if (require.main === module) {
  void runImportTerraform(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      process.stderr.write(`vmcloud-import-terraform: ${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
