// The plugin's configuration: the engine hands it the stack's vmcloud:* config keyed without
// the namespace, secrets possibly wrapped; it is read as the dynamic providers read theirs, and
// a setting that cannot be used is named by its key before anything is sent.
import { describe, expect, it } from "vitest";
import { configFailures, pluginConfig } from "../../provider/plugin/config";

const SECRET = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270" };

describe("the plugin's configuration", () => {
  it("reads full keys over the engine's namespace-free config, unwrapping secrets", () => {
    const config = pluginConfig({
      endpoint: "http://127.0.0.1:8443",
      token: { ...SECRET, value: "t0k3n" },
      projectId: "844059c9-9244-4e53-ad32-ea2571842193",
    });
    expect(config.get("vmcloud:endpoint")).toBe("http://127.0.0.1:8443");
    expect(config.get("vmcloud:token")).toBe("t0k3n");
    expect(config.get("vmcloud:projectId")).toBe("844059c9-9244-4e53-ad32-ea2571842193");
    expect(config.get("vmcloud:keyId")).toBeUndefined();
    expect(config.get("other:endpoint")).toBeUndefined();
  });

  it("names the setting at fault, and never prints a secret", () => {
    const env = { ...process.env };
    for (const key of Object.keys(process.env))
      if (key.startsWith("VMCLOUD_")) delete process.env[key];
    try {
      expect(configFailures({ endpoint: "http://127.0.0.1:8443", token: "t" })).toEqual([]);
      const noScheme = configFailures({ endpoint: "127.0.0.1:8443", token: "s3cr3t-token" });
      expect(noScheme).toHaveLength(1);
      expect(noScheme[0]!.property).toBe("endpoint");
      expect(noScheme[0]!.reason).toContain("vmcloud:endpoint");
      expect(noScheme[0]!.reason).not.toContain("s3cr3t-token");
      const noEndpoint = configFailures({ token: "t" });
      expect(noEndpoint.map((f) => f.property)).toEqual(["endpoint"]);
      const keyWithoutSecret = configFailures({ endpoint: "http://127.0.0.1:8443", keyId: "k" });
      expect(keyWithoutSecret.map((f) => f.property)).toEqual(["secret"]);
    } finally {
      Object.assign(process.env, env);
    }
  });
});
