/**
 * The set-up of an end-to-end suite that opens many stacks of one fixture program
 * (tests/e2e/fixtures/<fixture>), each with its own config, against one emulator: the stacks
 * are destroyed and closed after the suite, whatever the tests left up.
 */
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { startTestEmulator, type TestEmulator } from "../../support/emulator";
import { lateBound } from "../../support/suite-value";
import { ENGINE_TIMEOUT_MS, type Engine, prepareEngine, repo } from "./engine";
import { type ExampleStack, openExampleStack } from "./example-stack";

/** What {@link useFixtureStacks} sets up, to use by name in hooks and tests. */
export interface FixtureStacks {
  engine: Engine;
  emulator: TestEmulator;
  /** The fixture program's directory (the Pulumi project). */
  workDir: string;
  /**
   * A new stack of the fixture with `config` (the password, when given, as a secret), destroyed
   * and closed after the suite.
   */
  open(config: Record<string, string>, password?: string): Promise<ExampleStack>;
}

/**
 * In `beforeAll` of the enclosing suite, the engine and an emulator at speed 20 (the engine's
 * waits take milliseconds); in `afterAll`, every stack opened destroyed and closed, then the
 * emulator.
 */
export function useFixtureStacks(fixture: string): FixtureStacks {
  const workDir = join(repo, "tests/e2e/fixtures", fixture);
  let engine: Engine | undefined;
  let emulator: TestEmulator | undefined;
  const stacks: ExampleStack[] = [];
  beforeAll(async () => {
    engine = await prepareEngine();
    emulator = await startTestEmulator({ speed: 20 });
  }, ENGINE_TIMEOUT_MS);
  afterAll(async () => {
    for (const stack of stacks) {
      await stack.stack.destroy().catch(() => undefined);
      await stack.close();
    }
    await emulator?.close();
  }, 300_000);
  const made = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the ${fixture} suite makes its ${what} in beforeAll`);
    return value;
  };
  const liveEngine = lateBound(() => made(engine, "engine"));
  const liveEmulator = lateBound(() => made(emulator, "emulator"));
  return {
    engine: liveEngine,
    emulator: liveEmulator,
    workDir,
    async open(config, password) {
      const opened = await openExampleStack(
        made(engine, "engine"),
        made(emulator, "emulator"),
        fixture,
        {
          workDir,
          config,
          ...(password === undefined ? {} : { secrets: { password } }),
        },
      );
      stacks.push(opened);
      return opened;
    },
  };
}
