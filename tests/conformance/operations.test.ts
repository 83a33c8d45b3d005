// Which operations of the real VM service's OpenAPI document the emulator serves: its
// VM-service endpoint table holds only the document's operations, each is routed by the
// running emulator, and every operation of the document is served but those listed as not
// yet served (the list shrinks to nothing; an operation served and still listed fails).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEmulator, type TestEmulator } from "../support/emulator";
import { documentOperations, operationKey, servedOperations } from "./operations";

/** The document's operations the emulator does not serve yet. */
const NOT_YET_SERVED = [];

/** An id no record has. */
const UNKNOWN = "5d1f6c0e-8a3b-4c2d-9e1f-0a2b3c4d5e6f";

const documented = documentOperations();
const served = servedOperations();

let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => emu.close());

describe("the operations of the real OpenAPI document", () => {
  it("the emulator's VM-service table holds only operations of the document, each once", () => {
    const known = new Set(documented.map((op) => operationKey(...split(op))));
    const keys = served.map((op) => operationKey(...split(op)));
    expect(keys.filter((key) => !known.has(key))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("are all served, but those listed as not yet served", () => {
    const ours = new Set(served.map((op) => operationKey(...split(op))));
    const missing = documented.filter((op) => !ours.has(operationKey(...split(op))));
    console.log(
      `operations: the document has ${documented.length}, the emulator serves ` +
        `${documented.length - missing.length}`,
    );
    expect(missing.sort()).toEqual([...NOT_YET_SERVED].sort());
  });

  it("each served operation is routed by the running emulator (no unknown route, no 405)", async () => {
    const unrouted: string[] = [];
    for (const op of served) {
      const [method, template] = split(op);
      const reply = await emu.call(method, template.replace(/\{[^}]+\}/g, UNKNOWN), {
        ...(method === "GET" ? {} : { body: {} }),
      });
      const code = JSON.stringify(reply.body ?? "");
      if (reply.status === 405 || code.includes("route_not_found")) {
        unrouted.push(`${op} -> ${reply.status}`);
      }
    }
    expect(unrouted).toEqual([]);
  });
});

function split(op: string): [string, string] {
  const [method = "", path = ""] = op.split(" ");
  return [method, path];
}
