/**
 * A method a served path does not take: 405 with an `Allow` header listing the methods the
 * path does take, in the error shape of the service that serves the path (the admin API in
 * its own), for every path of every endpoint table; a path nobody serves stays 404.
 */
import { describe, expect, it } from "vitest";
import type { AnyEndpoint } from "../../api/endpoint";
import { iamEndpoints } from "../../api/iam/endpoints";
import { operationsEndpoints } from "../../api/operations/endpoints";
import { vmEndpoints } from "../../api/vm/endpoints";
import { useTestEmulator } from "../support/emulator";

const ENDPOINTS: AnyEndpoint[] = [
  ...Object.values(vmEndpoints),
  ...Object.values(operationsEndpoints),
  ...Object.values(iamEndpoints),
];
/** Methods a client may try. */
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
/** Any id: every path parameter of the tables takes it. */
const ID = "5d1f6c0e8a3b4c2d9e1f0a2b3c4d5e6f";
const UUID = "5d1f6c0e-8a3b-4c2d-9e1f-0a2b3c4d5e6f";

const emu = useTestEmulator();

/** A concrete path of `template`: uuids, or 32 hex digits where the operations take those. */
function concrete(template: string): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === "project_id" && !template.startsWith("/api/") ? ID : UUID,
  );
}

/** The methods the tables serve on `path` (GET brings HEAD), in the `Allow` header's order. */
function servedOn(path: string): string[] {
  const methods = new Set<string>();
  for (const e of ENDPOINTS) {
    const pattern = new RegExp(`^${e.path.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    if (!pattern.test(path)) continue;
    methods.add(e.method);
    if (e.method === "GET") methods.add("HEAD");
  }
  return ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].filter((m) => methods.has(m));
}

describe("a method a served path does not take", () => {
  it("is 405 with Allow for every path of every endpoint table, in the service's error shape", async () => {
    const paths = [...new Set(ENDPOINTS.map((e) => concrete(e.path)))];
    const wrong: string[] = [];
    let tried = 0;
    for (const path of paths) {
      const allowed = servedOn(path);
      for (const method of METHODS.filter((m) => !allowed.includes(m))) {
        tried += 1;
        const reply = await emu.call(method, path, {
          ...(method === "GET" ? {} : { body: {} }),
        });
        const allow = reply.headers.get("allow");
        if (reply.status !== 405 || allow !== allowed.join(", ")) {
          wrong.push(`${method} ${path}: ${reply.status}, Allow ${allow} (want ${allowed})`);
        }
      }
    }
    expect(tried).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  });

  it("answers in the shape of the path's service and names the methods it takes", async () => {
    const vm = await emu.call("PATCH", "/api/v1/flavors");
    expect(vm.body).toEqual([
      {
        code: "method_not_allowed",
        message: "/api/v1/flavors does not take PATCH; it takes GET, HEAD",
      },
    ]);
    // The backup operation's path answers in its service's own shape, {error: {code, message}}.
    const path = concrete(operationsEndpoints.backupRestore.path);
    const reply = await emu.call("PATCH", path, { body: {} });
    expect(reply.status).toBe(405);
    expect(reply.body).toEqual({
      error: {
        code: "BACKUP.4050",
        message: `${path} does not take PATCH; it takes POST`,
      },
    });
  });

  it("for the emulator's own routes, in the admin API's shape", async () => {
    const reply = await emu.call("POST", "/_emulator/fixtures", { body: {} });
    expect(reply.status).toBe(405);
    expect(reply.headers.get("allow")).toBe("GET, HEAD");
    expect(reply.body).toEqual({
      error: "/_emulator/fixtures does not take POST; it takes GET, HEAD",
      code: "method_not_allowed",
    });
    expect((await emu.call("DELETE", "/openapi.json")).status).toBe(405);
  });

  it("leaves a path nobody serves at 404, whatever the method", async () => {
    for (const method of METHODS) {
      const reply = await emu.call(method, "/api/v1/no-such-thing", {
        ...(method === "GET" ? {} : { body: {} }),
      });
      expect(reply.status).toBe(404);
      expect(reply.headers.get("allow")).toBeNull();
    }
  });
});
