/**
 * Lookup errors read like the resources' errors and stand alone: a name that matches nothing
 * lists the names there are; a failed Output form given to a resource input rejects with a
 * `LookupError` that is a `pulumi.RunError` (the language host prints its message only), whose
 * message names the input once (not Pulumi's `error serializing property …` per resource it
 * passes through), and whose `util.inspect` has no `<ref *1>`, colours or stack frames. The
 * fields programs branch on stay.
 */
import { inspect } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { NotFoundError, VmCloudClient } from "../../provider/client";
import * as lookups from "../../sdk/lookups";
import { LookupError } from "../../sdk/lookups";
import { useLookupEmulator } from "./support/lookup-env";

const UNKNOWN = "2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f";
const ESC = "\u001b[";

const emu = useLookupEmulator();

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

/**
 * `output`, with the rejections of its `isKnown` and `isSecret` observed: in a program the
 * language host's handler takes them; here they would be unhandled rejections of the test.
 */
function observed<T>(output: pulumi.Output<T>): pulumi.Output<T> {
  output.isKnown.catch(() => undefined);
  (output as unknown as { isSecret: Promise<boolean> }).isSecret.catch(() => undefined);
  return output;
}

/**
 * What the language host does with an Output given as a resource input: serialize it, as
 * registering a resource does (and as Pulumi does, prefixing the failed property's name).
 */
function asInput(name: string, value: pulumi.Input<unknown>): Promise<unknown> {
  return rejection(pulumi.runtime.serializeProperties(`test:R::r-${name}`, { [name]: value }));
}

/** Neither colours, nor a circular reference, nor stack frames: the message alone. */
function expectClean(error: LookupError): void {
  for (const text of [inspect(error, { colors: true }), inspect(error), error.message]) {
    expect(text).not.toContain("<ref *1>");
    expect(text).not.toContain("[Circular");
    expect(text).not.toContain(ESC);
    expect(text).not.toMatch(/\n\s+at /);
    expect(text).not.toContain(".ts:");
    expect(text).not.toContain("error serializing property");
  }
  expect(inspect(error, { colors: true })).toBe(`LookupError: ${error.message}`);
}

describe("a name that matches nothing", () => {
  it("getFlavor lists the flavors there are", async () => {
    const error = (await rejection(lookups.getFlavor({ name: "nope" }))) as LookupError;
    expect(error).toBeInstanceOf(LookupError);
    expect(error.argument).toBe("name");
    expect(error.message).toMatch(/^getFlavor: no flavor matches name "nope"; use one of: /);
    for (const flavor of emu.fixtures.vm.flavors) expect(error.message).toContain(flavor.name);
    expect(error.message).toContain("getFlavors()");
  });

  it("getImage lists the images there are", async () => {
    const error = (await rejection(lookups.getImage({ name: "nope" }))) as LookupError;
    expect(error.message).toMatch(/^getImage: no image matches name "nope"; use one of: /);
    expect(error.message).toContain(emu.fixtures.vm.images[0]!.name);
  });
});

describe("the Output form given to a resource input", () => {
  it("rejects with a RunError whose message names the lookup, the input, the name and the choices", async () => {
    const flavor = observed(lookups.getFlavorOutput({ name: "nope" }));
    const error = (await asInput("flavor", observed(flavor.id))) as LookupError;
    expect(error).toBeInstanceOf(LookupError);
    expect(pulumi.RunError.isInstance(error)).toBe(true);
    expect(error.input).toBe("flavor");
    expect(error.message).toMatch(
      /^getFlavor \(input "flavor"\): no flavor matches name "nope"; use one of: .*gen-2-4/,
    );
    expect({ lookup: error.lookup, argument: error.argument, status: error.status }).toEqual({
      lookup: "getFlavor",
      argument: "name",
      status: 0,
    });
    expectClean(error);

    // A later resource that waits on the first rejects with the same error: the message keeps
    // the input the lookup was given to, once.
    const again = (await asInput(
      "vmId",
      observed(pulumi.output(Promise.reject(error))),
    )) as LookupError;
    expect(again).toBe(error);
    expect(error.message.match(/input "/g)).toHaveLength(1);
    expect(error.message).toMatch(/^getFlavor \(input "flavor"\): /);
    expectClean(error);
  });

  it("keeps the service's status, code and typed cause", async () => {
    const error = (await asInput(
      "task",
      observed(observed(lookups.getTaskOutput({ id: UNKNOWN })).apply((t) => t.id)),
    )) as LookupError;
    expect(error).toBeInstanceOf(LookupError);
    expect(error.status).toBe(404);
    expect(error.code).toBe("task_not_found");
    expect(error.cause).toBeInstanceOf(NotFoundError);
    expect(error.message).toMatch(
      /^getTask \(input "task"\): GET \/api\/v1\/tasks\/.*404 task_not_found/,
    );
    expectClean(error);
  });

  it("turns any other failure (an abort) into a LookupError with the reason as cause", async () => {
    const reason = new Error("stopped by the program");
    const error = (await asInput(
      "ids",
      observed(
        observed(lookups.getFlavorsOutput({}, { signal: AbortSignal.abort(reason) })).apply(
          (f) => f.ids,
        ),
      ),
    )) as LookupError;
    expect(error).toBeInstanceOf(LookupError);
    expect(error.lookup).toBe("getFlavors");
    expect(error.message).toBe('getFlavors (input "ids"): stopped by the program');
    expect(error.cause).toBe(reason);
    expectClean(error);
  });

  it("a wrong endpoint says so, with the URL and the setting", async () => {
    const client = new VmCloudClient({
      endpoint: `${emu.url}/wrong`,
      token: emu.token,
      retry: { limit: 0 },
    });
    try {
      const error = (await asInput(
        "flavor",
        observed(observed(lookups.getFlavorsOutput({}, { client })).apply((f) => f.ids)),
      )) as LookupError;
      expect(error.status).toBe(404);
      expect(error.code).toBe("route_not_found");
      expect(error.message).toContain(`the client requested ${emu.url}/wrong/api/v1/flavors`);
      expect(error.message).toContain("vmcloud:endpoint (VMCLOUD_ENDPOINT)");
      expect(error.message).not.toContain(emu.token);
      expectClean(error);
    } finally {
      client.close();
    }
  });
});

describe("the plain form", () => {
  it("is a RunError too, and a message the program sets outright wins", async () => {
    const error = (await rejection(lookups.getFlavor({ name: "nope" }))) as LookupError;
    expect(pulumi.RunError.isInstance(error)).toBe(true);
    expect(error.input).toBeUndefined();
    expectClean(error);
    error.message = "my own words";
    // Pulumi naming the input afterwards (prefixing the message it read) changes nothing: the
    // program's words win, in the message, its printed form and `String(error)`.
    error.message = `error serializing property "flavor": my own words`;
    expect([error.message, inspect(error), String(error)]).toEqual([
      "my own words",
      "LookupError: my own words",
      "LookupError: my own words",
    ]);
    // A text that merely looks like Pulumi's prefix of another message is the program's own.
    error.message = `error serializing property "flavor": something else`;
    expect(error.message).toBe(`error serializing property "flavor": something else`);
  });

  it("a refused token says which setting to fix", async () => {
    const client = new VmCloudClient({
      endpoint: emu.url,
      token: "not-the-token",
    });
    try {
      const error = (await rejection(lookups.getFlavors({}, { client }))) as LookupError;
      expect(error.status).toBe(401);
      expect(error.message).toContain("pulumi config set --secret vmcloud:token");
      expect(error.message).not.toContain("not-the-token");
    } finally {
      client.close();
    }
  });
});
