/**
 * The advice the provider adds to a failure fits the failure: `pulumi refresh` only for a 404
 * on the resource's own id after create; a wrong endpoint names the URL and the setting; a 404
 * during create names what the inputs refer to; "fix the named field" only when the service
 * named one. Errors come from the real client over HTTP where the emulator can produce them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFoundError, ValidationError, type ApiError } from "../../provider/client";
import { describeFailure, explained } from "../../provider/framework/provider-error";
import { startHarness, type Harness } from "../client/support/harness";
import { failEndpoints, widgetEndpoints } from "../client/support/widgets-service";
import { startTestEmulator } from "../support/emulator";
import { uniqueName } from "./support/fixtures";
import { loadProvider } from "./support/provider-harness";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

const REFRESH = /pulumi refresh/;
const MISSING = "6f1c1f0e-8a51-4a8e-9c4b-0d6f1c1f0e8a";

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  return (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as ApiError;
}

/** A 404 as the service answers it for an object of `kind`. */
function notFound(kind: string): NotFoundError {
  return new NotFoundError({
    status: 404,
    code: `${kind}_not_found`,
    detail: `${kind.replace(/_/g, " ")} ${MISSING} not found`,
    method: "POST",
    path: "/api/v1/vms",
    service: "vm",
  });
}

describe("a wrong endpoint", () => {
  it("on create says the endpoint or API path is wrong, with the URL and the setting, not refresh", async () => {
    const error = await failure(
      h
        .client({ endpoint: `${h.url}/wrong`, retry: { limit: 0 } })
        .call(widgetEndpoints.create, { body: { name: "w", size: 1 } }),
    );
    const message = describeFailure("Disk", "data", "create", error);
    expect(message).not.toMatch(REFRESH);
    expect(message).toMatch(
      /^Disk "data": create failed: POST \/api\/v1\/test\/widgets: 404 route_not_found: /,
    );
    expect(message).toContain("the endpoint or its API path is wrong");
    expect(message).toContain(`requested ${h.url}/wrong/api/v1/test/widgets`);
    expect(message).toContain(`vmcloud:endpoint (VMCLOUD_ENDPOINT) = ${h.url}/wrong`);
  });

  it("on delete is not taken for a resource that is gone", async () => {
    const error = await failure(
      h
        .client({ endpoint: `${h.url}/wrong`, retry: { limit: 0 } })
        .call(widgetEndpoints.get, { params: { widget_id: MISSING } }),
    );
    expect(error).not.toBeInstanceOf(NotFoundError);
    const wrapped = await failure(explained("Disk", "data", "delete", () => Promise.reject(error)));
    expect(wrapped.message).not.toMatch(REFRESH);
    expect(wrapped.message).toContain("vmcloud:endpoint");
    expect(wrapped.cause).toBe(error);
  });

  it("unreachable: the message names the URL and the setting", async () => {
    const error = await failure(
      h
        .client({ endpoint: "http://127.0.0.1:9", retry: { limit: 0 } })
        .call(widgetEndpoints.list, {}),
    );
    const message = describeFailure("Vm", "web", "read", error);
    expect(message).toContain("no answer from http://127.0.0.1:9/api/v1/test/widgets");
    expect(message).toContain("vmcloud:endpoint (VMCLOUD_ENDPOINT)");
    expect(message).not.toMatch(REFRESH);
  });
});

describe("a wrong endpoint through the Disk provider, as the host loads it", () => {
  it("refresh and destroy fail saying so, instead of dropping a disk that exists", async () => {
    const emu = await startTestEmulator();
    try {
      const good = await loadProvider("resources/disk", emu);
      const { id, outs } = await good.up({ name: uniqueName("disk"), size: 1 });
      // The same stack with a wrong base path (the provider's settings are per process).
      const wrong = await loadProvider("resources/disk", emu, {
        "vmcloud:endpoint": `${emu.url}/wrong`,
      });
      const read = await failure(wrong.read(id, outs));
      expect(read).toBeInstanceOf(Error);
      expect(read.message).toMatch(/^Disk "disk-[^"]+": read failed: GET \/api\/v1\/disks\//);
      expect(read.message).toContain(`vmcloud:endpoint (VMCLOUD_ENDPOINT) = ${emu.url}/wrong`);
      expect(read.message).not.toMatch(REFRESH);
      const deleted = await failure(wrong.delete(id, outs));
      expect(deleted).toBeInstanceOf(Error);
      expect(deleted.message).toContain("the endpoint or its API path is wrong");
      // The disk is still there.
      expect((await emu.call("GET", `/api/v1/disks/${id}`)).status).toBe(200);
    } finally {
      await emu.close();
    }
  });
});

describe("as the dynamic-provider host prints a failure of check, diff, read or delete", () => {
  // The host's own line for them: console.error(`${e}: ${e.stack}`), which the engine shows
  // under the Stack.
  const printed = (error: Error) => `${String(error)}: ${error.stack}`;

  it("the line is the message alone: no `Error: X: Error: X`, no stack frames", async () => {
    const cause = new Error("GET /api/v1/disks/x: 401 unauthorized: invalid or expired token");
    const error = await failure(explained("Disk", "data", "delete", () => Promise.reject(cause)));
    expect(error.message).toBe(
      'Disk "data": delete failed: GET /api/v1/disks/x: 401 unauthorized: invalid or expired token',
    );
    expect(printed(error)).toBe(error.message);
    // The stack of what went wrong stays on the cause, for whoever debugs it.
    expect(error.cause).toBe(cause);
    expect((error.cause as Error).stack).toMatch(/\n\s+at /);
  });

  it("so does a diff that refuses a change, through the Disk provider", async () => {
    const emu = await startTestEmulator();
    try {
      const disk = await loadProvider("resources/disk", emu);
      const outs = { name: "shrinking", size: 20, diskType: "SSD" };
      const refused = await failure(disk.diff(MISSING, outs, { ...outs, size: 10 }));
      expect(refused.message).toMatch(/^Disk "shrinking": size: /);
      expect(printed(refused)).toBe(refused.message);
    } finally {
      await emu.close();
    }
  });
});

describe("404 for an object", () => {
  it("on read, update or delete of the resource's own id: refresh drops it", async () => {
    for (const operation of ["read", "update", "delete", "update (wait)"]) {
      expect(describeFailure("Vm", "web", operation, notFound("vm"))).toMatch(REFRESH);
    }
    expect(
      describeFailure("SecurityGroupRule", "r", "delete", notFound("security_group_rule")),
    ).toMatch(REFRESH);
    // The real emulator's 404 for an object of the resource's own kind.
    const widget = await failure(
      h.client().call(widgetEndpoints.get, { params: { widget_id: MISSING } }),
    );
    expect(describeFailure("Widget", "w", "read", widget)).toMatch(REFRESH);
  });

  it("on create: names what the inputs refer to, never refresh", async () => {
    const flavor = describeFailure("Vm", "web", "create", notFound("flavor"));
    expect(flavor).not.toMatch(REFRESH);
    expect(flavor).toContain("flavor 6f1c1f0e-8a51-4a8e-9c4b-0d6f1c1f0e8a not found");
    expect(flavor).toContain(
      "(the flavor it refers to was not found: check the input that names it, or create that first)",
    );
    expect(describeFailure("Vm", "web", "create", notFound("security_group"))).toContain(
      "the security group it refers to was not found",
    );
    expect(describeFailure("Disk", "d", "create", notFound("project"))).toContain(
      "check vmcloud:projectId or the resource's projectId",
    );
    // The real emulator's 404 on a create path (the widget service's own code).
    const widget = await failure(
      h.client().call(widgetEndpoints.get, { params: { widget_id: MISSING } }),
    );
    const message = describeFailure("Vm", "web", "create", widget);
    expect(message).not.toMatch(REFRESH);
    expect(message).toContain("the widget it refers to was not found");
  });

  it("on update, of another object: names it, not refresh", () => {
    const message = describeFailure("Vm", "web", "update", notFound("subnet"));
    expect(message).not.toMatch(REFRESH);
    expect(message).toContain("the subnet it refers to was not found");
  });
});

describe("422", () => {
  it("without a named field: the service's message and no field advice", async () => {
    const error = await failure(h.client().call(failEndpoints.css!, { body: { size: 11 } }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fields).toEqual([]);
    const message = describeFailure("Disk", "d", "create", error);
    expect(message).toContain("size must not exceed 10");
    expect(message).not.toContain("named field");
  });

  it("with named fields: says so and names them", async () => {
    const error = await failure(h.client().call(failEndpoints.vm!, { body: { size: 11 } }));
    expect(error.fields.map((f) => f.field)).toEqual(["size", "spec.name"]);
    const message = describeFailure("Disk", "d", "create", error);
    expect(message).toContain("(the service refused the values: fix the named field)");
    expect(message).toMatch(/size/);
    expect(message).toMatch(/spec\.name/);

    const unnamed = new ValidationError({
      status: 422,
      code: "disk_type_only_for_free_tier",
      detail: "disk type free-tier-HDD is for free-tier VMs only; choose another disk type",
      fields: [
        {
          field: "type_id",
          message: "disk type free-tier-HDD is for free-tier VMs only; choose another disk type",
        },
      ],
      method: "POST",
      path: "/api/v1/disks",
      service: "vm",
    });
    expect(describeFailure("Disk", "d", "create", unnamed)).toContain(
      "choose another disk type; field type_id (the service refused the values: fix the named field)",
    );
  });
});
