import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AuthError } from "../../provider/client";
import { tokenFlow } from "../../provider/client/client";
import { clientFromSettings } from "../../provider/runtime/client-from-settings";
import { readSettings } from "../../provider/runtime/settings";
import { startHarness, matching, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

const OAUTH_PATH = "/auth/system/openid/token";

describe("the OAuth2 client-credentials flow (vmcloud:tokenUrl)", () => {
  let h: Harness;
  let tokenUrl: string;
  beforeAll(async () => {
    h = await startHarness();
    tokenUrl = `${h.url}${OAUTH_PATH}`;
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await h.reset();
    h.iamState().tokenLifetimeSeconds = 3600;
  });

  it("posts the form once, caches the token and uses it for every scheme", async () => {
    const client = h.client({ token: "", ...h.iam, tokenUrl });
    await client.call(widgetEndpoints.list, {});
    await client.call(widgetEndpoints.opsRead, { params: { project_id: "p" } });
    await Promise.all([1, 2, 3].map(() => client.call(widgetEndpoints.list, {})));
    const requests = (await h.log()).requests;
    expect(matching(requests, "POST", OAUTH_PATH).map((r) => r.status)).toEqual([200]);
    expect(matching(requests, "POST", "/api/v1/auth/token")).toHaveLength(0);
    expect(Object.values(h.iamState().tokens).map((t) => t.keyId)).toEqual([h.iam.keyId]);
  });

  it("refreshes the token before it expires, and retries once with a fresh one after a 401", async () => {
    h.iamState().tokenLifetimeSeconds = 3;
    const client = h.client({ token: "", ...h.iam, tokenUrl, tokenRefreshMarginMs: 2_700 });
    await client.call(widgetEndpoints.list, {});
    await new Promise((r) => setTimeout(r, 1_600));
    await client.call(widgetEndpoints.list, {});
    let requests = (await h.log()).requests;
    expect(matching(requests, "POST", OAUTH_PATH)).toHaveLength(2);
    expect(requests.every((r) => r.status !== 401)).toBe(true);
    // Revoked behind the client's back: one 401, one new form post, the same call succeeds.
    h.iamState().tokenLifetimeSeconds = 3600;
    for (const issued of Object.values(h.iamState().tokens)) issued.expiresAt = Date.now() - 1;
    await client.call(widgetEndpoints.list, {});
    requests = (await h.log()).requests;
    expect(matching(requests, "POST", OAUTH_PATH)).toHaveLength(3);
    expect(matching(requests, "GET", "/api/v1/test/widgets").map((r) => r.status)).toEqual([
      200, 200, 401, 200,
    ]);
  });

  it("reports a wrong secret with the identity service's OAuth2 error, and never the secret", async () => {
    const secret = "definitely-wrong-oauth-secret";
    const client = h.client({ token: "", keyId: h.iam.keyId, secret, tokenUrl });
    const error = await client.call(widgetEndpoints.list, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe(
      `POST ${OAUTH_PATH}: 401 invalid_client: unknown key id or wrong secret`,
    );
    expect(`${(error as Error).message} ${(error as Error).stack}`).not.toContain(secret);
    expect(matching((await h.log()).requests, "GET", "/api/v1/test/widgets")).toHaveLength(0);
  });

  it("takes the JSON exchange when the token URL is that endpoint", async () => {
    expect(tokenFlow(`${h.url}/api/v1/auth/token`)).toBe("json");
    expect(tokenFlow(tokenUrl)).toBe("oauth");
    const client = h.client({ token: "", ...h.iam, tokenUrl: `${h.url}/api/v1/auth/token` });
    await client.call(widgetEndpoints.list, {});
    const requests = (await h.log()).requests;
    expect(matching(requests, "POST", "/api/v1/auth/token")).toHaveLength(1);
    expect(matching(requests, "POST", OAUTH_PATH)).toHaveLength(0);
  });

  it("is chosen by vmcloud:tokenUrl in the stack config, or VMCLOUD_TOKEN_URL", async () => {
    const config = new Map([
      ["vmcloud:endpoint", h.url],
      ["vmcloud:keyId", h.iam.keyId],
      ["vmcloud:secret", h.iam.secret],
      ["vmcloud:tokenUrl", tokenUrl],
    ]);
    const fromConfig = readSettings({ get: (key) => config.get(key) }, {});
    expect(fromConfig.tokenUrl).toBe(tokenUrl);
    const fromEnv = readSettings(undefined, { VMCLOUD_TOKEN_URL: tokenUrl });
    expect(fromEnv.tokenUrl).toBe(tokenUrl);
    const client = clientFromSettings(fromConfig);
    try {
      await client.call(widgetEndpoints.list, {});
    } finally {
      client.close();
    }
    expect(matching((await h.log()).requests, "POST", OAUTH_PATH)).toHaveLength(1);
  });

  it("refuses a token URL that is not a URL, naming the setting", () => {
    expect(() => h.client({ ...h.iam, tokenUrl: "id.example.com/token" })).toThrow(
      'tokenUrl: "id.example.com/token" is not a URL',
    );
  });
});

describe("what the client sends to a token URL of another identity provider", () => {
  let server: Server;
  let url: string;
  const seen: Array<{ path: string; type: string | undefined; body: string }> = [];
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
    // A stand-in identity provider at a path of its own, answering as RFC 6749 §5.1 says.
    server = createServer((request: IncomingMessage, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        seen.push({ path: request.url ?? "", type: request.headers["content-type"], body });
        response.writeHead(200, {
          "content-type": "application/json",
          "cache-control": "no-store",
        });
        response.end(
          JSON.stringify({ access_token: h.token, token_type: "Bearer", expires_in: 3600 }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/ops/protocol/token`;
  });
  afterAll(async () => {
    await h.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it("posts grant_type=client_credentials, client_id and client_secret as a form", async () => {
    const client = h.client({ token: "", keyId: "my key", secret: "s3cr&t=", tokenUrl: url });
    const page = await client.call(widgetEndpoints.list, {});
    expect(page.items).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe("/realms/ops/protocol/token");
    expect(seen[0]!.type).toBe("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
      grant_type: "client_credentials",
      client_id: "my key",
      client_secret: "s3cr&t=",
    });
  });
});
