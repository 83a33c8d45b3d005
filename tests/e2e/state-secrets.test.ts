// Secrets under the real Pulumi engine: examples/full-stack runs with the emulator's token and
// a database password in its stack config (both secrets), then changes the password in place.
// Every file the file backend wrote (state, history, backups), the stack settings file and the
// CLI's output hold neither the token nor any password in plain text, while the stored state
// does hold both, encrypted, where the engine keeps them. Never skipped: if
// the engine cannot be built, `beforeAll` fails.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { isEncryptedSecret } from "../reliability/support/secrets";
import { changes, type StateResource, useExampleStack } from "./support/example-stack";

const OP_TIMEOUT = 180_000;
const FIRST_PASSWORD = "First-Db-Passw0rd!";
const SECOND_PASSWORD = "Second-Db-Passw0rd?";

/** Every file under `dir`, recursively. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** A file's text; gzip-compressed checkpoints are unpacked first. */
async function textOf(file: string): Promise<string> {
  const bytes = await readFile(file);
  const packed = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return (packed ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** `{ where, needle }` for every occurrence of a needle in a text, with the text's name. */
function hits(where: string, text: string, needles: string[]): string[] {
  return needles
    .filter((n) => text.includes(n))
    .map((n) => `${where} contains ${JSON.stringify(n)}`);
}

describe("the state of a stack holds no plaintext token or password", () => {
  let needles: string[];
  const output: string[] = [];

  const { emulator, example } = useExampleStack("full-stack", {
    stack: { secrets: { dbPassword: FIRST_PASSWORD } },
    beforeClose: async (opened) => {
      await opened.stack.destroy().catch(() => undefined);
    },
    closeTimeoutMs: 180_000,
  });
  beforeAll(() => {
    needles = [emulator.token, FIRST_PASSWORD, SECOND_PASSWORD];
  });

  it(
    "deploys with the password, then changes it in place",
    async () => {
      const up = await example.stack.up();
      expect(up.summary.result).toBe("succeeded");
      output.push(up.stdout, up.stderr);
      // The secret output decrypts to the password: it is in the state, encrypted.
      expect(up.outputs["dbLoginPassword"]).toEqual({ value: FIRST_PASSWORD, secret: true });

      await example.stack.setConfig("dbPassword", { value: SECOND_PASSWORD, secret: true });
      const preview = await example.stack.preview({ diff: true });
      output.push(preview.stdout, preview.stderr);
      expect(changes(preview.changeSummary)).toEqual({ update: 1 });
      const again = await example.stack.up({ diff: true });
      output.push(again.stdout, again.stderr);
      expect(changes(again.summary.resourceChanges)).toEqual({ update: 1 });
      expect(again.outputs["dbLoginPassword"]).toEqual({ value: SECOND_PASSWORD, secret: true });
    },
    OP_TIMEOUT,
  );

  /** The resources of the checkpoint file as the backend stores it (not decrypted). */
  async function storedResources(): Promise<StateResource[]> {
    const files = await filesUnder(example.backendDir);
    const stored = join(".pulumi", "stacks", "vmcloud-full-stack", `${example.stackName}.json`);
    const checkpoint = files.find((f) => f.endsWith(stored) || f.endsWith(`${stored}.gz`));
    expect(checkpoint, `no checkpoint among ${files.join(", ")}`).toBeDefined();
    const parsed = JSON.parse(await textOf(checkpoint!)) as {
      checkpoint: { latest: { resources: StateResource[] } };
    };
    return parsed.checkpoint.latest.resources;
  }

  it(
    "keeps the token and the passwords encrypted where the state holds them",
    async () => {
      const resources = await storedResources();
      const provider = resources.find((r) => r.type === "pulumi:providers:pulumi-nodejs");
      // The engine hands the stack config to the dynamic providers through their default provider.
      expect(isEncryptedSecret(provider?.inputs?.["vmcloud:token"])).toBe(true);
      expect(isEncryptedSecret(provider?.inputs?.["vmcloud-full-stack:dbPassword"])).toBe(true);
      const db = resources.find((r) => r.urn.endsWith("vmcloud:Vm::db"));
      expect(isEncryptedSecret(db?.inputs?.["password"])).toBe(true);
      expect(isEncryptedSecret(db?.outputs?.["password"])).toBe(true);
    },
    OP_TIMEOUT,
  );

  it(
    "finds no plaintext token or password in the backend, the settings or the output",
    async () => {
      const found: string[] = [];
      const files = await filesUnder(example.backendDir);
      // The checkpoint, its backups and the update history: at least one of each was written.
      expect(files.some((f) => f.includes(`${join(".pulumi", "stacks")}`))).toBe(true);
      expect(files.some((f) => f.includes(`${join(".pulumi", "history")}`))).toBe(true);
      for (const file of files) found.push(...hits(file, await textOf(file), needles));
      found.push(...hits(example.settingsFile, await textOf(example.settingsFile), needles));
      found.push(...hits("the CLI's output", output.join("\n"), needles));
      expect(found).toEqual([]);

      // The scan can see these values where they are meant to be shown: the Automation API's
      // export decrypts (`pulumi stack export --show-secrets`), and holds the token and the
      // current password, but not the replaced one.
      const shown = JSON.stringify(await example.stack.exportStack());
      expect(hits("export", shown, needles)).toEqual([
        `export contains ${JSON.stringify(emulator.token)}`,
        `export contains ${JSON.stringify(SECOND_PASSWORD)}`,
      ]);
    },
    OP_TIMEOUT,
  );
});
