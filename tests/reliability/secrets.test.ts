// Secrets: the token, the VM passwords, the request-signing secret key and the IAM secret the
// suite uses must appear nowhere: not in the state files the backend writes (checkpoints,
// history, backups), not in the engine's output and its verbose logs (`-v=9 --logtostderr
// --debug`), not in the stack's settings file, and not in any error message. The secrets are
// random per run, so a hit is a leak. (Engine logs are scanned at -v=8; see VERBOSE_LOGS.) Besides a stack that succeeds, the suite makes things
// fail on purpose: a wrong token (401), a set-password the service refuses (500), and action
// functions with a wrong secret key and with a restore that fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../provider/client";
import { ActionError, restoreBackup } from "../../sdk";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { type Engine, ENGINE_TIMEOUT_MS, prepareEngine } from "../e2e/support/engine";
import { openReferenceStack, waitUntilGone } from "./support/reference-stack";
import { randomPassword, randomSecret, SecretScan, VERBOSE_LOGS } from "./support/secrets";

let engine: Engine;
let emu: TestEmulator;
const scan = new SecretScan();
let ops: { projectId: string; backups: Array<{ id: string; failsRestore: boolean; kind: string }> };
let signing: { accessKey: string; secretKey: string };

beforeAll(async () => {
  engine = await prepareEngine();
  emu = await startTestEmulator({ token: scan.secret("token", randomSecret("rel-token-")) });
  const fixtures = emu.fixtures as unknown as {
    signingKeys: Array<{ accessKey: string; secretKey: string }>;
    iam: { secret: string };
    operations: typeof ops;
  };
  // The emulator's signing key and IAM secret are fixed, but long and specific enough to scan for.
  signing = fixtures.signingKeys[0]!;
  scan.secret("signing secret key", signing.secretKey);
  scan.secret("IAM secret", fixtures.iam.secret);
  ops = fixtures.operations;
}, ENGINE_TIMEOUT_MS);

afterAll(async () => {
  await emu?.close();
  const { texts, bytes } = scan.size();
  console.log(
    `secrets: scanned ${texts} texts, ${(bytes / 1024).toFixed(0)} KiB, ${scan.hits().length} hit(s)`,
  );
});

/** Records what an Automation API call printed, whether it succeeded or not. */
function recorded<T extends { stdout: string; stderr: string }>(
  source: string,
  operation: () => Promise<T>,
): Promise<T | Error> {
  return scan.record(source, operation).catch((error: unknown) => error as Error);
}

describe("no secret leaks", () => {
  it(
    "from a stack with VM passwords and signing keys: up, refresh, destroy with verbose logs",
    async () => {
      const ref = await openReferenceStack(engine, emu, {
        vms: 2,
        cidr: "10.63.0.0/24",
        vmPassword: scan.secret("VM password", randomPassword()),
        config: {
          "vmcloud:accessKey": { value: signing.accessKey },
          "vmcloud:secretKey": { value: signing.secretKey, secret: true },
        },
      });
      try {
        const up = await recorded("up", () => ref.stack.up(VERBOSE_LOGS));
        expect(up).not.toBeInstanceOf(Error);
        const outputs = await ref.stack.outputs();
        scan.add("stack outputs", JSON.stringify(outputs));
        const refresh = await recorded("refresh", () => ref.stack.refresh(VERBOSE_LOGS));
        expect(refresh).not.toBeInstanceOf(Error);
        // (Not `stack.exportStack()`: the Automation API exports with --show-secrets, decrypted.)
        scan.addTree("backend after refresh", ref.backendDir);
        const destroy = await recorded("destroy", () => ref.stack.destroy(VERBOSE_LOGS));
        expect(destroy).not.toBeInstanceOf(Error);
        expect(await waitUntilGone(emu, ref.prefix)).toEqual([]);
      } finally {
        scan.addTree("backend", ref.backendDir);
        scan.add(
          "stack settings file",
          await import("node:fs").then((fs) => fs.readFileSync(ref.settingsFile, "utf8")),
        );
        await ref.close();
      }
    },
    5 * 60_000,
  );

  it(
    "from a create refused for a wrong token (401)",
    async () => {
      const ref = await openReferenceStack(engine, emu, {
        cidr: "10.64.0.0/24",
        token: scan.secret("wrong token", randomSecret("wrong-token-")),
      });
      try {
        const up = await recorded("up with a wrong token", () => ref.stack.up(VERBOSE_LOGS));
        expect(up).toBeInstanceOf(Error);
        // The failure is explained (the service's 401) without the token.
        expect(String((up as Error).message)).toMatch(/401|unauthori[sz]ed|token/i);
        await recorded("destroy after a wrong token", () => ref.stack.destroy());
      } finally {
        scan.addTree("backend (wrong token)", ref.backendDir);
        await ref.close();
      }
    },
    5 * 60_000,
  );

  it(
    "from a set-password the service refuses (500)",
    async () => {
      const ref = await openReferenceStack(engine, emu, {
        cidr: "10.65.0.0/24",
        vmPassword: scan.secret("refused VM password", randomPassword()),
      });
      try {
        await emu.call("PUT", "/_emulator/faults", {
          body: { rules: [{ route: "/set-password$", errorRates: { "500": 1 } }] },
        });
        const up = await recorded("up with set-password refused", () => ref.stack.up(VERBOSE_LOGS));
        expect(up).toBeInstanceOf(Error);
        expect(String((up as Error).message)).toMatch(/password/i);
        await emu.call("PUT", "/_emulator/faults", { body: { rules: [] } });
        const destroy = await recorded("destroy after set-password refused", () =>
          ref.stack.destroy(),
        );
        expect(destroy).not.toBeInstanceOf(Error);
        expect(await waitUntilGone(emu, ref.prefix)).toEqual([]);
      } finally {
        await emu.call("PUT", "/_emulator/faults", { body: { rules: [] } });
        scan.addTree("backend (set-password refused)", ref.backendDir);
        await ref.close();
      }
    },
    5 * 60_000,
  );

  it("from action functions: a wrong secret key, and a restore whose job fails", async () => {
    const wrongKey = createClient({
      endpoint: emu.url,
      token: emu.token,
      accessKey: signing.accessKey,
      secretKey: scan.secret("wrong secret key", randomSecret("wrong-secret-key-")),
    });
    const rightKey = createClient({
      endpoint: emu.url,
      token: emu.token,
      accessKey: signing.accessKey,
      secretKey: signing.secretKey,
    });
    try {
      const corrupt = ops.backups.find((b) => b.failsRestore)!;
      const targets = [
        { client: wrongKey, label: "wrong secret key" },
        { client: rightKey, label: "failing restore job" },
      ];
      for (const { client, label } of targets) {
        const error = await restoreBackup(
          {
            backupId: corrupt.id,
            volumeId: "f3fcc5bc-5931-47c7-83f8-207295018c5b",
            projectId: ops.projectId,
          },
          { client },
        ).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error, label).toBeInstanceOf(ActionError);
        scan.addError(`restoreBackup (${label})`, error);
      }
    } finally {
      wrongKey.close();
      rightKey.close();
    }
  });

  it("finds none of the secrets in anything recorded", () => {
    expect(scan.size().texts).toBeGreaterThan(20);
    for (const hit of scan.contexts())
      console.log(`LEAK ${hit.secret} in ${hit.source}: …${hit.around}…`);
    expect(scan.hits()).toEqual([]);
  });
});
