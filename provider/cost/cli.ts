#!/usr/bin/env node
/**
 * `vmcloud-cost`: prices a `pulumi preview --json` plan and prints a Markdown cost table
 * (resource, quantity, monthly price, change) for a pull-request comment.
 *
 *     pulumi preview --json --show-sames | npx vmcloud-cost
 *     npx vmcloud-cost preview.json --project <id>
 *
 * The service is reached with VMCLOUD_ENDPOINT, VMCLOUD_TOKEN and VMCLOUD_PROJECT_ID (or the
 * options below). Exit status: 0 with the table, 2 for bad usage or input, 1 when the service
 * could not price the plan.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { loadCatalog } from "./catalog";
import { connectForCost } from "./connect";
import { estimateCost, Pricer } from "./estimate";
import { readPreviewJson } from "./preview-json";
import { costRows, renderCostTable } from "./table";

const USAGE = `usage: vmcloud-cost [preview.json] [--project <id>] [--endpoint <url>]
                    [--default-flavor <name>] [--default-disk-size <GB>] [--title <text>]
Reads \`pulumi preview --json --show-sames\` (from the file, or standard input) and prints a
Markdown table (without --show-sames, unchanged resources are left out of the totals).
Credentials: VMCLOUD_ENDPOINT, VMCLOUD_TOKEN (or VMCLOUD_KEY_ID + VMCLOUD_SECRET), VMCLOUD_PROJECT_ID.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        project: { type: "string" },
        endpoint: { type: "string" },
        "default-flavor": { type: "string" },
        "default-disk-size": { type: "string" },
        title: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    process.stderr.write(`vmcloud-cost: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) {
    process.stderr.write(`vmcloud-cost: give at most one file\n${USAGE}\n`);
    return 2;
  }
  const diskSize =
    values["default-disk-size"] === undefined ? undefined : Number(values["default-disk-size"]);
  if (diskSize !== undefined && !(Number.isInteger(diskSize) && diskSize > 0)) {
    process.stderr.write("vmcloud-cost: --default-disk-size takes a whole number of GB above 0\n");
    return 2;
  }
  let plan;
  try {
    const text =
      positionals[0] === undefined ? await readStdin() : await readFile(positionals[0], "utf8");
    plan = readPreviewJson(text);
  } catch (error) {
    process.stderr.write(`vmcloud-cost: ${(error as Error).message}\n`);
    return 2;
  }
  const connection = connectForCost(
    { endpoint: values.endpoint, projectId: values.project },
    { explicitNames: { endpoint: "--endpoint", projectId: "--project" } },
  );
  if (!connection.ok) {
    process.stderr.write(`vmcloud-cost: cannot reach the service: ${connection.reason}\n`);
    return 2;
  }
  try {
    const pricer = new Pricer(
      connection.client,
      connection.projectId,
      await loadCatalog(connection.client),
    );
    const unknown = { defaultFlavor: values["default-flavor"], defaultDiskSize: diskSize };
    const before = await estimateCost(
      pricer,
      plan.flatMap((r) => r.before),
      unknown,
    );
    const after = await estimateCost(
      pricer,
      plan.flatMap((r) => r.after),
      unknown,
    );
    // Without --show-sames the plan leaves out unchanged resources, so the totals would leave
    // them out too: say so when the plan shows an existing stack.
    const partial =
      !plan.some((r) => r.op === "same") &&
      plan.some((r) => r.op !== "create" && !r.urn.includes("::pulumi:pulumi:Stack::"));
    if (partial) {
      process.stderr.write(
        "vmcloud-cost: the plan has no unchanged resources; for the stack's whole total run " +
          "`pulumi preview --json --show-sames`\n",
      );
    }
    process.stdout.write(
      `${renderCostTable(
        costRows(before, after),
        { before: before.total, after: after.total },
        {
          ...(values.title === undefined ? {} : { title: values.title }),
        },
      )}\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(
      `vmcloud-cost: the service could not price the plan: ${(error as Error).message}\n`,
    );
    return 1;
  } finally {
    connection.client.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(
      `vmcloud-cost: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
