/**
 * A wrong endpoint, said as such: when nothing answers (refused, unknown host, timeout) or the
 * service does not serve the path (a wrong base path), the error names the URL tried and the
 * setting to fix, never a credential, and a 404 for an unknown path is not a NotFoundError
 * (which callers read as "the object is gone").
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiError,
  NetworkError,
  NotFoundError,
  TimeoutError,
  createClient,
} from "../../provider/client";
import { RouteNotFoundError } from "../../provider/client/errors";
import { startHarness, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

const NO_RETRY = { limit: 0 };
const SECRET_TOKEN = "tok-5f0c2b7e-never-shown";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

/** A port on this host that nothing listens on (bound once, then released). */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function expectNoCredential(error: ApiError, ...secrets: string[]): void {
  const texts = [error.message, error.stack ?? "", JSON.stringify(error), String(error.url)];
  if (error.cause instanceof Error) texts.push(error.cause.message);
  for (const secret of secrets) for (const text of texts) expect(text).not.toContain(secret);
}

describe("no answer from the endpoint", () => {
  it("a refused connection names the URL tried and vmcloud:endpoint", async () => {
    const port = await closedPort();
    const client = createClient({
      endpoint: `http://deploy:hunter2-pw@127.0.0.1:${port}`,
      token: SECRET_TOKEN,
      retry: NO_RETRY,
    });
    const error = await failure(client.call(widgetEndpoints.list, { query: { name: "x" } }));
    client.close();
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe("ECONNREFUSED");
    expect(error.url).toBe(`http://127.0.0.1:${port}/api/v1/test/widgets`);
    expect(error.endpointSetting).toBe("vmcloud:endpoint (VMCLOUD_ENDPOINT)");
    expect(error.message).toBe(
      `GET /api/v1/test/widgets: ECONNREFUSED: no answer from http://127.0.0.1:${port}/api/v1/test/widgets: ` +
        "connection refused (ECONNREFUSED); check that vmcloud:endpoint (VMCLOUD_ENDPOINT) is right " +
        "and that the service is up",
    );
    expectNoCredential(error, SECRET_TOKEN, "hunter2-pw", "deploy:");
  });

  it("an unknown host names the URL and the setting", async () => {
    const client = createClient({
      endpoint: "http://vmcloud-endpoint.invalid:8443",
      token: SECRET_TOKEN,
      retry: NO_RETRY,
    });
    const error = await failure(client.call(widgetEndpoints.list, {}));
    client.close();
    expect(error).toBeInstanceOf(NetworkError);
    // ENOTFOUND where DNS answers; EAI_AGAIN where no resolver is reachable.
    expect(["ENOTFOUND", "EAI_AGAIN"]).toContain(error.code);
    expect(error.message).toContain(
      "no answer from http://vmcloud-endpoint.invalid:8443/api/v1/test/widgets: ",
    );
    expect(error.message).toContain("check that vmcloud:endpoint (VMCLOUD_ENDPOINT) is right");
    expectNoCredential(error, SECRET_TOKEN);
  });

  it("a timeout names the URL and the setting", async () => {
    await h.setFaults([{ route: "^/api/v1/test/widgets$", latencyMs: 400 }]);
    try {
      const error = await failure(
        h
          .client({ timeout: { requestMs: 100 }, retry: NO_RETRY, token: SECRET_TOKEN })
          .call(widgetEndpoints.list, {}),
      );
      expect(error).toBeInstanceOf(TimeoutError);
      expect(error.message).toContain(
        `no answer in time from ${h.url}/api/v1/test/widgets (request timeout)`,
      );
      expect(error.message).toContain("vmcloud:endpoint (VMCLOUD_ENDPOINT)");
    } finally {
      await h.setFaults([]);
    }
  });

  it("names the per-service override when one is in force", async () => {
    const port = await closedPort();
    const client = createClient({
      endpoint: h.url,
      serviceEndpoints: { vm: `http://127.0.0.1:${port}` },
      token: SECRET_TOKEN,
      retry: NO_RETRY,
    });
    const error = await failure(client.call(widgetEndpoints.list, {}));
    client.close();
    expect(error.endpointSetting).toBe("VMCLOUD_VM_ENDPOINT");
    expect(error.message).toContain(`no answer from http://127.0.0.1:${port}/api/v1/test/widgets`);
    expect(error.message).toContain("check that VMCLOUD_VM_ENDPOINT is right");
  });
});

describe("a path the service does not serve", () => {
  it("a wrong base path is a RouteNotFoundError naming the URL and the setting", async () => {
    const client = h.client({ endpoint: `${h.url}/wrong`, retry: NO_RETRY });
    const error = await failure(
      client.call(widgetEndpoints.create, { body: { name: "w", size: 1 } }),
    );
    expect(error).toBeInstanceOf(RouteNotFoundError);
    // Not "the object is gone": refresh must not drop resources, nor delete report success.
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect(error.status).toBe(404);
    expect(error.code).toBe("route_not_found");
    expect(error.url).toBe(`${h.url}/wrong/api/v1/test/widgets`);
    expect(error.message).toBe(
      "POST /api/v1/test/widgets: 404 route_not_found: no endpoint POST /wrong/api/v1/test/widgets; " +
        "the service has no such path, so the endpoint or its API path is wrong: the client requested " +
        `${h.url}/wrong/api/v1/test/widgets from vmcloud:endpoint (VMCLOUD_ENDPOINT) = ${h.url}/wrong; ` +
        "set it to the service's base URL (the client adds paths such as /api/v1/test/widgets itself)",
    );
    expect(error.message).not.toContain(h.token);
  });

  it("a code-less 'Not Found' (FastAPI, proxies) is one too; a named object's 404 is not", async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ detail: "Not Found" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const client = createClient({
        endpoint: `http://127.0.0.1:${port}/v9`,
        token: SECRET_TOKEN,
        retry: NO_RETRY,
      });
      const error = await failure(client.call(widgetEndpoints.list, {}));
      client.close();
      expect(error).toBeInstanceOf(RouteNotFoundError);
      expect(error.message).toContain(
        `the client requested http://127.0.0.1:${port}/v9/api/v1/test/widgets from vmcloud:endpoint`,
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const missing = await failure(
      h.client().call(widgetEndpoints.get, {
        params: { widget_id: "6f1c1f0e-8a51-4a8e-9c4b-0d6f1c1f0e8a" },
      }),
    );
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing.message).not.toContain("endpoint");
  });
});
