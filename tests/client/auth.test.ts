import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AuthError, ValidationError } from "../../provider/client";
import { signRequest, signature, verifySignature } from "../../api/signing";
import { TokenCache } from "../../provider/client/token-cache";
import { iamEndpoints } from "../../api/iam/endpoints";
import { DEFAULT_SIGNING_KEY } from "../../emulator";
import { startHarness, matching, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

describe("SDK-HMAC-SHA256 signing", () => {
  // The published test vector of the operations services (reference/operations-facts.md).
  const vector = {
    method: "GET",
    path: "/v1/77b6a44cba5143ab91d13ab9a8ff44fd/vpcs/",
    query: [
      ["limit", "2"],
      ["marker", "13551d6b-755d-4757-b956-536f674975c0"],
    ] as Array<[string, string]>,
    headers: {
      "content-type": "application/json",
      host: "service.region.example.com",
      "x-sdk-date": "20191115T033655Z",
    },
    body: "",
  };
  const secretKey = "MFyfvK41ba2giqM7Uio6PznpdUKGpownRZlmVmHc";

  it("reproduces the published test vector", () => {
    expect(signature(secretKey, vector)).toBe(
      "7be6668032f70418fcc22abc52071e57aff61b84a1d2381bb430d6870f4f6ebe",
    );
  });

  it("builds the header of the vector with signRequest, and verifySignature accepts it", () => {
    const at = new Date(Date.UTC(2019, 10, 15, 3, 36, 55));
    const { "x-sdk-date": _, ...unsigned } = vector.headers;
    const signed = signRequest(
      { accessKey: "AK", secretKey },
      { ...vector, headers: unsigned },
      at,
    );
    expect(signed["X-Sdk-Date"]).toBe("20191115T033655Z");
    expect(signed.Authorization).toBe(
      "SDK-HMAC-SHA256 Access=AK, SignedHeaders=content-type;host;x-sdk-date, " +
        "Signature=7be6668032f70418fcc22abc52071e57aff61b84a1d2381bb430d6870f4f6ebe",
    );
    const request = {
      ...vector,
      headers: {
        ...unsigned,
        "X-Sdk-Date": signed["X-Sdk-Date"],
        authorization: signed.Authorization,
      },
    };
    expect(verifySignature([{ accessKey: "AK", secretKey }], request, at)).toBeUndefined();
    expect(verifySignature([{ accessKey: "AK", secretKey }], { ...request, body: "x" }, at)).toBe(
      "signature does not match",
    );
  });
});

describe("credentials per endpoint over HTTP", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => h.reset());

  it("sends Authorization: Bearer to the VM service, and a wrong token gets 401", async () => {
    const answer = await h.client().call(widgetEndpoints.whoami, {});
    expect(answer.headers).toEqual({ authorization: `Bearer ${h.token}`, "x-auth-token": "" });
    const refused = await h
      .client({ token: "nope-nope-nope" })
      .call(widgetEndpoints.whoami, {})
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AuthError);
    expect((refused as AuthError).message).toBe(
      "GET /api/v1/test/whoami: 401 unauthorized: invalid or expired token",
    );
  });

  it("sends X-Auth-Token (and no Authorization) to operations endpoints", async () => {
    const answer = await h.client().call(widgetEndpoints.opsRead, { params: { project_id: "p1" } });
    expect(answer.headers).toEqual({ "x-auth-token": h.token, authorization: "" });
  });

  it("signs requests to token-or-signature endpoints when only keys are configured, and the emulator verifies them", async () => {
    const client = h.client({ token: "", ...DEFAULT_SIGNING_KEY });
    const answer = await client.call(widgetEndpoints.signed, {
      params: { project_id: "p 1", name: "ü/ß" },
      query: { mode: "a b", tags: ["z", "a"] },
      body: { spec: { nodes: ["n1", "n2", "n3"] } },
    });
    expect(answer).toEqual({ accepted: 3, auth: "SDK-HMAC-SHA256" });
  });

  it("refuses a signature made with the wrong secret key (401)", async () => {
    const client = h.client({
      token: "",
      accessKey: DEFAULT_SIGNING_KEY.accessKey,
      secretKey: "wrong-secret-key-123",
    });
    const error = await client
      .call(widgetEndpoints.signed, {
        params: { project_id: "p", name: "n" },
        body: { spec: { nodes: [] } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toContain(
      "401 CCE.4010: request signature refused: signature does not match",
    );
    expect((error as AuthError).message).not.toContain("wrong-secret-key-123");
  });

  it("prefers a token to signing when both are configured", async () => {
    const client = h.client({ ...DEFAULT_SIGNING_KEY });
    const answer = await client.call(widgetEndpoints.signed, {
      params: { project_id: "p", name: "n" },
      body: { spec: { nodes: ["a"] } },
    });
    expect(answer.auth).toBe("token");
  });

  it("fails before sending when an endpoint's scheme has no credentials", async () => {
    const client = h.client({ token: "", ...DEFAULT_SIGNING_KEY });
    const error = await client.call(widgetEndpoints.list, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).status).toBe(0);
    expect((error as AuthError).message).toContain("no credentials");
    expect((error as AuthError).message).toContain("VMCLOUD_TOKEN");
    expect((await h.log()).requests).toEqual([]);
  });
});

describe("token exchange (key id + secret → IAM token)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());
  beforeEach(async () => {
    await h.reset();
    h.iamState().tokenLifetimeSeconds = 3600;
  });

  it("exchanges once, then reuses the cached token for every scheme", async () => {
    const client = h.client({ token: "", ...h.iam });
    await client.call(widgetEndpoints.list, {});
    await client.call(widgetEndpoints.opsRead, { params: { project_id: "p" } });
    await Promise.all([1, 2, 3].map(() => client.call(widgetEndpoints.list, {})));
    const requests = (await h.log()).requests;
    expect(matching(requests, "POST", "/api/v1/auth/token")).toHaveLength(1);
    expect(matching(requests, "GET", "/api/v1/test/widgets").map((r) => r.status)).toEqual([
      200, 200, 200, 200,
    ]);
    expect(Object.keys(h.iamState().tokens)).toHaveLength(1);
  });

  it("fetches concurrent first uses with one exchange", async () => {
    const client = h.client({ token: "", ...h.iam });
    await Promise.all([1, 2, 3, 4].map(() => client.call(widgetEndpoints.list, {})));
    expect(matching((await h.log()).requests, "POST", "/api/v1/auth/token")).toHaveLength(1);
  });

  it("refreshes the token a margin before it expires", async () => {
    h.iamState().tokenLifetimeSeconds = 3;
    // A 3 s token with a 2.7 s margin is renewed at half its life, i.e. after 1.5 s.
    const client = h.client({ token: "", ...h.iam, tokenRefreshMarginMs: 2_700 });
    await client.call(widgetEndpoints.list, {});
    await client.call(widgetEndpoints.list, {});
    expect(matching((await h.log()).requests, "POST", "/api/v1/auth/token")).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1_600));
    await client.call(widgetEndpoints.list, {});
    const requests = (await h.log()).requests;
    expect(matching(requests, "POST", "/api/v1/auth/token")).toHaveLength(2);
    expect(requests.every((r) => r.status !== 401)).toBe(true);
  });

  it("retries once with a fresh token after a 401", async () => {
    const client = h.client({ token: "", ...h.iam });
    await client.call(widgetEndpoints.list, {});
    // The service forgets the token early (e.g. revoked); the client does not know yet.
    for (const issued of Object.values(h.iamState().tokens)) issued.expiresAt = Date.now() - 1;
    const page = await client.call(widgetEndpoints.list, {});
    expect(page.total).toBe(0);
    const requests = (await h.log()).requests;
    expect(matching(requests, "POST", "/api/v1/auth/token")).toHaveLength(2);
    const lists = matching(requests, "GET", "/api/v1/test/widgets");
    expect(lists.map((r) => r.status)).toEqual([200, 401, 200]);
    // The retry is the same logical call.
    expect(lists[1]!.requestId).toBe(lists[2]!.requestId);
  });

  it("retries a 401 only once", async () => {
    const client = h.client({ token: "", ...h.iam });
    await client.call(widgetEndpoints.list, {});
    // Every token the IAM issued or issues is refused from now on.
    const accepted = h.settings.issuedTokenExpiry;
    h.settings.issuedTokenExpiry = () => 0;
    const error = await client.call(widgetEndpoints.list, {}).catch((e: unknown) => e);
    h.settings.issuedTokenExpiry = accepted;
    expect(error).toBeInstanceOf(AuthError);
    const lists = matching((await h.log()).requests, "GET", "/api/v1/test/widgets");
    expect(lists.map((r) => r.status)).toEqual([200, 401, 401]);
  });

  it("reports a wrong secret with the IAM's answer and without the secret", async () => {
    const client = h.client({ token: "", keyId: h.iam.keyId, secret: "definitely-wrong-secret" });
    const error = await client.call(widgetEndpoints.list, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe(
      "POST /api/v1/auth/token: 401 invalid_credentials: unknown key id or wrong secret",
    );
    expect(matching((await h.log()).requests, "GET", "/api/v1/test/widgets")).toHaveLength(0);
  });

  it("issues tokens the emulator accepts, through the typed IAM endpoint", async () => {
    const client = h.client({ token: "" });
    const issued = await client.call(iamEndpoints.createToken, { body: h.iam });
    expect(issued.token_type).toBe("Bearer");
    expect(issued.expires_in).toBe(3600);
    const page = await h.client({ token: issued.access_token }).call(widgetEndpoints.list, {});
    expect(page.items).toEqual([]);
    const bad = await client
      .call(iamEndpoints.createToken, { body: { keyId: "k", secret: "s", extra: 1 } as never })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ValidationError);
  });
});

describe("TokenCache", () => {
  it("renews a minute before expiry and drops a refused token", async () => {
    let now = 0;
    let fetched = 0;
    const cache = new TokenCache({
      fetch: async () => ({ token: `t${++fetched}`, expiresInMs: 3_600_000 }),
      now: () => now,
    });
    expect(await cache.get()).toBe("t1");
    now = 3_600_000 - 60_001;
    expect(await cache.get()).toBe("t1");
    now = 3_600_000 - 60_000;
    expect(await cache.get()).toBe("t2");
    cache.invalidate("t1"); // stale: ignored
    expect(await cache.get()).toBe("t2");
    cache.invalidate("t2");
    expect(await cache.get()).toBe("t3");
  });
});
