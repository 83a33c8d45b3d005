// Properties a program reads but did not give, under the real Pulumi engine against the
// emulator (sdk/lazy-output-properties.ts: a cloud object registers only the inputs given, and
// makes each other property on its first read from the state the engine recorded). In a
// preview such a property of a resource not made yet is unknown, as a registered output is;
// after `up` it holds the provider's value, a secret output stays secret, and a resource given
// one as an input depends on the resource it came from; a resource read by id has them all.
// Never skipped: if the engine cannot be
// built, `beforeAll` fails.
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { describe, expect, it } from "vitest";
import { repo } from "./support/engine";
import { changes, stateResource, useExampleStack } from "./support/example-stack";

const OP_TIMEOUT = 180_000;
const WORK_DIR = join(repo, "tests/e2e/fixtures/lazy-properties");

describe("properties a program did not give, read from its resources", () => {
  let prefix = "";
  const { example } = useExampleStack("lazy-properties", {
    stack: () => {
      prefix = `lp${Date.now().toString(36)}`;
      return { workDir: WORK_DIR, config: { prefix } };
    },
  });

  /** The sentinel the engine's events give for an unknown value. */
  const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

  /** The stack's outputs as a preview plans them. */
  async function previewedOutputs(): Promise<Record<string, unknown>> {
    const events: EngineEvent[] = [];
    await example.stack.preview({ onEvent: (event) => events.push(event) });
    const stack = events
      .map((e) => e.resOutputsEvent?.metadata)
      .filter((m) => m?.type === "pulumi:pulumi:Stack")
      .at(-1);
    return (stack?.new?.outputs ?? {}) as Record<string, unknown>;
  }

  it(
    "are unknown in the preview of resources not made yet, as registered outputs are",
    async () => {
      const outputs = await previewedOutputs();
      expect(outputs).toMatchObject({
        // Given, and known to the provider's check (which fills in the prefix length).
        subnetName: `${prefix}-net`,
        prefixLength: 24,
        // Not known before the subnet and the VM are made.
        gateway: UNKNOWN,
        vmState: UNKNOWN,
        vmZone: UNKNOWN,
        vncUrl: UNKNOWN,
        diskDescription: UNKNOWN,
      });
    },
    OP_TIMEOUT,
  );

  it(
    "hold the provider's values after `up`, a secret one secret, and carry the dependency",
    async () => {
      const up = await example.stack.up();
      expect(changes(up.summary.resourceChanges)).toEqual({ create: 4 });
      const { outputs } = up;
      expect(outputs["gateway"]).toEqual({ value: "10.31.0.1", secret: false });
      expect(outputs["prefixLength"]).toEqual({ value: 24, secret: false });
      expect(outputs["vmState"]).toEqual({ value: "running", secret: false });
      expect(outputs["vmZone"]?.value).toMatch(/^ru\.AZ-\d$/);
      expect(outputs["vncUrl"]?.secret).toBe(true);
      expect(outputs["vncUrl"]?.value).toMatch(/^https:\/\/.*token=/);
      expect(outputs["diskDescription"]?.value).toBe("behind gateway 10.31.0.1");
      expect(outputs["readGateway"]?.value).toBe("10.31.0.1");
      expect(outputs["readName"]?.value).toBe(`${prefix}-net`);
      // The disk's description came from the subnet: the state records that it depends on it.
      const subnet = await stateResource(example.stack, "Subnet", "net");
      const disk = (await stateResource(example.stack, "Disk", "data")) as unknown as {
        dependencies?: string[];
        propertyDependencies?: Record<string, string[]>;
      };
      expect(disk.dependencies).toContain(subnet.urn);
      expect(disk.propertyDependencies?.["description"]).toEqual([subnet.urn]);
    },
    OP_TIMEOUT,
  );

  it(
    "are known in the next preview, change nothing on the next `up`, and `destroy` removes everything",
    async () => {
      const outputs = await previewedOutputs();
      expect(outputs).toMatchObject({ gateway: "10.31.0.1", vmState: "running" });
      expect(outputs["vmZone"]).toMatch(/^ru\.AZ-\d$/);
      const again = await example.stack.up();
      // The subnet read by id is read again on every `up`; the engine counts that as a `read`
      // when what it reads changed since (its interface count, when the first read came before
      // the VM's interface was made).
      const { read = 0, ...changed } = changes(again.summary.resourceChanges);
      expect(changed).toEqual({});
      expect(read).toBeLessThanOrEqual(1);
      // Read again from unchanged resources: the same values, the link still secret.
      expect(again.outputs["gateway"]).toEqual({ value: "10.31.0.1", secret: false });
      expect(again.outputs["vncUrl"]?.secret).toBe(true);
      const destroyed = await example.stack.destroy();
      // The subnet read by id is only forgotten.
      expect(changes(destroyed.summary.resourceChanges)).toEqual({ delete: 4, discard: 1 });
    },
    OP_TIMEOUT,
  );
});
