/**
 * What the lookups' tests against the emulator share: Pulumi's mocks (so `…Output` lookups
 * run), an emulator, and the `VMCLOUD_*` variables pointing the program's client at it; and
 * putting the variables back afterwards.
 */
import * as pulumi from "@pulumi/pulumi";
import { resetProgramClient } from "../../../sdk/lookups";
import { startTestEmulator, type TestEmulator } from "../../support/emulator";
import { lateBound, suiteValue } from "../../support/suite-value";

const KEYS = ["VMCLOUD_ENDPOINT", "VMCLOUD_TOKEN", "VMCLOUD_PROJECT_ID"] as const;

/** An emulator the lookups read, and how to put things back. */
export interface LookupEnv {
  emu: TestEmulator;
  /** Restores the variables, forgets the program's client and closes the emulator. */
  close(): Promise<void>;
}

/** Starts an emulator and points the lookups at it (its fixture project as the default). */
export async function openLookupEnv(): Promise<LookupEnv> {
  const saved = Object.fromEntries(KEYS.map((key) => [key, process.env[key]]));
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: (args) => args.inputs,
    },
    "lookups",
    "test",
    true,
  );
  const emu = await startTestEmulator();
  process.env.VMCLOUD_ENDPOINT = emu.url;
  process.env.VMCLOUD_TOKEN = emu.token;
  process.env.VMCLOUD_PROJECT_ID = emu.fixtures.vm.projectId;
  resetProgramClient();
  return {
    emu,
    async close() {
      resetProgramClient();
      for (const key of KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      await emu.close();
    },
  };
}

/**
 * The set-up of a lookups suite: {@link openLookupEnv} in `beforeAll`, closed in `afterAll`;
 * returns its emulator, to use by name in hooks and tests.
 */
export function useLookupEmulator(): TestEmulator {
  const env = suiteValue("the lookups' environment", openLookupEnv, (opened) => opened.close());
  return lateBound(() => env.emu);
}
