import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  NetworkError,
  ValidationError,
  createClient,
  redact,
  REDACTED,
  type LogEntry,
} from "../../provider/client";
import { Redactor, secretValues } from "../../provider/client/redact";
import { startHarness, type Harness } from "./support/harness";
import { widgetEndpoints } from "./support/widgets-service";

describe("redact()", () => {
  it("replaces known secret values wherever they appear", () => {
    const text = "login with s3cr3t-Pa55 failed; again: s3cr3t-Pa55";
    expect(redact(text, ["s3cr3t-Pa55"])).toBe(`login with ${REDACTED} failed; again: ${REDACTED}`);
  });

  it("masks bearer tokens, signatures and secret JSON fields even when the value is unknown", () => {
    expect(redact("Authorization: Bearer abcdefghijklmnop")).not.toContain("abcdefghijklmnop");
    expect(redact("sent Bearer abcdefghijklmnop to the service")).toBe(
      `sent Bearer ${REDACTED} to the service`,
    );
    const signed =
      "SDK-HMAC-SHA256 Access=AKIDEXAMPLE, SignedHeaders=host;x-sdk-date, Signature=7be6668032f70418fcc22abc52071e57";
    const out = redact(signed);
    expect(out).not.toContain("AKIDEXAMPLE");
    expect(out).not.toContain("7be6668032f70418fcc22abc52071e57");
    expect(
      redact('{"user":"ann","password":"hunter2hunter2","nested":{"secret_key":"xyz12345"}}'),
    ).toBe(`{"user":"ann","password":"${REDACTED}","nested":{"secret_key":"${REDACTED}"}}`);
    expect(redact("GET /x?access_token=tok123456&limit=5")).toBe(
      `GET /x?access_token=${REDACTED}&limit=5`,
    );
    expect(redact("X-Auth-Token: abc.def.ghi\nAccept: application/json")).toBe(
      `X-Auth-Token: ${REDACTED}\nAccept: application/json`,
    );
  });

  it("masks secret-looking fields of objects before serializing them", () => {
    expect(redact({ name: "vm1", admin_password: "p@ssw0rd!", token: 12345678 })).toBe(
      `{"name":"vm1","admin_password":"${REDACTED}","token":"${REDACTED}"}`,
    );
  });

  it("keeps ordinary prose about credentials readable", () => {
    expect(redact("missing Authorization: Bearer token")).toBe(
      "missing Authorization: Bearer token",
    );
    expect(redact("body.password: Too small: expected string to have >=8 characters")).toBe(
      "body.password: Too small: expected string to have >=8 characters",
    );
  });

  it("collects the values sent under secret-looking keys of a body", () => {
    expect(
      secretValues({ name: "a", user_data: { password: "pw-1234", list: [{ apiKey: "k-5678" }] } }),
    ).toEqual(["pw-1234", "k-5678"]);
  });

  it("masks secret header values for logs", () => {
    const headers = new Redactor(["tok-abcdef"]).headers({
      authorization: "Bearer tok-abcdef",
      "x-auth-token": "anything",
      "x-request-id": "id-1",
    });
    expect(headers).toEqual({
      authorization: REDACTED,
      "x-auth-token": REDACTED,
      "x-request-id": "id-1",
    });
  });
});

describe("secrets never reach errors or logs", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => h.close());

  it("removes a password that the service echoes in its error body", async () => {
    const password = "Tr0ub4dor&3-horse";
    const entries: LogEntry[] = [];
    const lines: string[] = [];
    const client = h.client({
      logger: {
        debug: (line, entry) => {
          lines.push(line);
          entries.push(entry);
        },
      },
    });
    const error = await client
      .call(widgetEndpoints.echoPassword, { body: { user: "ann", password } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    const e = error as ValidationError;
    expect(e.status).toBe(422);
    expect(e.code).toBe("weak_password");
    expect(e.message).toBe(
      `POST /api/v1/test/echo-password: 422 weak_password: password '${REDACTED}' of user ann is too weak`,
    );
    expect(JSON.stringify(e.fields)).not.toContain(password);
    expect(lines.join("\n")).not.toContain(password);
    expect(lines.join("\n")).toContain("POST /api/v1/test/echo-password 422");
    expect(entries[0]!.error).toContain(REDACTED);
  });

  it("never puts the token or the Authorization header in an error or a log line", async () => {
    const lines: string[] = [];
    const badToken = "wrong-token-0123456789";
    const client = h.client({ token: badToken, logger: { debug: (line) => lines.push(line) } });
    const error = (await client.call(widgetEndpoints.list, {}).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain("401");
    for (const text of [
      error.message,
      String(error.stack),
      lines.join("\n"),
      JSON.stringify(error),
    ]) {
      expect(text).not.toContain(badToken);
    }
  });

  it("keeps the token out of a network error, even when inspected deeply", async () => {
    const token = "secret-token-abcdef-123456";
    const client = createClient({ endpoint: "http://127.0.0.1:9", token, retry: { limit: 0 } });
    const error = await client.call(widgetEndpoints.list, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(inspect(error, { depth: 20, showHidden: true })).not.toContain(token);
    expect((error as NetworkError).cause).toBeInstanceOf(Error);
    client.close();
  });
});
