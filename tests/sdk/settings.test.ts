/**
 * The settings that the program (lookups, action functions) and the provider share: every key is
 * read from the stack config first, then from its environment variable, an empty value counts as
 * unset, and the one mapping to a client refuses missing or invalid settings with advice that
 * names the config to set and never a credential.
 */
import * as pulumi from "@pulumi/pulumi";
import { afterEach, describe, expect, it } from "vitest";
import { catalogEndpoints } from "../../api/vm/endpoints/catalog";
import { nodeMigrationEndpoints } from "../../api/operations/endpoints";
import type { ApiError, VmCloudClient } from "../../provider/client";
import { clientFromSettings } from "../../provider/runtime/client-from-settings";
import { readSettings, type ProviderSettings } from "../../provider/runtime/settings";
import { programSettings } from "../../sdk/program-client";
import { startTestEmulator } from "../support/emulator";

/** Every setting with its stack config key and environment variable, as the docs give them. */
const KEYS: ReadonlyArray<[path: string, config: string, env: string]> = [
  ["endpoint", "vmcloud:endpoint", "VMCLOUD_ENDPOINT"],
  ["token", "vmcloud:token", "VMCLOUD_TOKEN"],
  ["keyId", "vmcloud:keyId", "VMCLOUD_KEY_ID"],
  ["secret", "vmcloud:secret", "VMCLOUD_SECRET"],
  ["accessKey", "vmcloud:accessKey", "VMCLOUD_ACCESS_KEY"],
  ["secretKey", "vmcloud:secretKey", "VMCLOUD_SECRET_KEY"],
  ["projectId", "vmcloud:projectId", "VMCLOUD_PROJECT_ID"],
  ["operationsProjectId", "vmcloud:operationsProjectId", "VMCLOUD_OPERATIONS_PROJECT_ID"],
  ["serviceEndpoints.backup", "vmcloud:backupEndpoint", "VMCLOUD_BACKUP_ENDPOINT"],
  ["serviceEndpoints.search", "vmcloud:searchEndpoint", "VMCLOUD_SEARCH_ENDPOINT"],
  ["serviceEndpoints.queue", "vmcloud:queueEndpoint", "VMCLOUD_QUEUE_ENDPOINT"],
  ["serviceEndpoints.events", "vmcloud:eventsEndpoint", "VMCLOUD_EVENTS_ENDPOINT"],
  ["serviceEndpoints.containers", "vmcloud:containersEndpoint", "VMCLOUD_CONTAINERS_ENDPOINT"],
  ["serviceEndpoints.iam", "vmcloud:iamEndpoint", "VMCLOUD_IAM_ENDPOINT"],
];

/** The settings with `value(path)` at every path of {@link KEYS}. */
function settingsOf(value: (path: string) => string): ProviderSettings {
  const settings: Record<string, unknown> = { serviceEndpoints: {} };
  for (const [path] of KEYS) {
    const [head, service] = path.split(".") as [string, string | undefined];
    if (service === undefined) settings[head] = value(path);
    else (settings.serviceEndpoints as Record<string, string>)[service] = value(path);
  }
  return settings as unknown as ProviderSettings;
}

function noSettings(): ProviderSettings {
  return readSettings(undefined, {});
}

afterEach(() => {
  pulumi.runtime.setAllConfig({});
});

describe("reading the settings", () => {
  it("reads every key from the environment", () => {
    const env = Object.fromEntries(KEYS.map(([path, , variable]) => [variable, `env-${path}`]));
    expect(readSettings(undefined, env)).toEqual(settingsOf((path) => `env-${path}`));
  });

  it("reads every key from the host's config before the environment", () => {
    const config = new Map(KEYS.map(([path, key]) => [key, `config-${path}`]));
    const env = Object.fromEntries(KEYS.map(([path, , variable]) => [variable, `env-${path}`]));
    expect(readSettings({ get: (key) => config.get(key) }, env)).toEqual(
      settingsOf((path) => `config-${path}`),
    );
  });

  it("reads every key from the program's stack config before the environment", () => {
    pulumi.runtime.setAllConfig(Object.fromEntries(KEYS.map(([path, key]) => [key, `p-${path}`])));
    const env = Object.fromEntries(KEYS.map(([path, , variable]) => [variable, `env-${path}`]));
    expect(programSettings(env)).toEqual(settingsOf((path) => `p-${path}`));
  });

  it("counts an empty value as unset", () => {
    const env = Object.fromEntries(KEYS.map(([, , variable]) => [variable, ""]));
    // toEqual takes an undefined property for an absent one: every setting is unset.
    expect(readSettings({ get: () => "" }, env)).toEqual({ serviceEndpoints: {} });
  });
});

describe("the client built from the settings", () => {
  it("without an endpoint, says which config to set", () => {
    expect(() => clientFromSettings(noSettings())).toThrow(
      /pulumi config set vmcloud:endpoint .*VMCLOUD_ENDPOINT/,
    );
  });

  it("without any credential, says which secret config to set", () => {
    const settings = { ...noSettings(), endpoint: "http://127.0.0.1:9" };
    expect(() => clientFromSettings(settings)).toThrow(
      /pulumi config set --secret vmcloud:token .*VMCLOUD_TOKEN/,
    );
  });

  it("with an invalid value, names the option and never a credential", () => {
    const token = "never-shown-token";
    const settings = { ...noSettings(), endpoint: "not a url", token };
    let message = "";
    try {
      clientFromSettings(settings).close();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^vmcloud: invalid settings: vmcloud:endpoint \(VMCLOUD_ENDPOINT\): /);
    expect(message).toContain("pulumi config set vmcloud:endpoint <value>");
    expect(message).not.toContain("<option>");
    expect(message).not.toContain(token);
  });

  it("names the setting at fault and the command that fixes it, for each kind of setting", () => {
    const messageOf = (extra: Partial<ProviderSettings>) => {
      try {
        clientFromSettings({ ...noSettings(), endpoint: "http://127.0.0.1:9", ...extra }).close();
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("expected the settings to be refused");
    };
    // An endpoint without its scheme, as a new user wrote the emulator's address.
    expect(messageOf({ endpoint: "127.0.0.1:8443", token: "t" })).toBe(
      'vmcloud: invalid settings: vmcloud:endpoint (VMCLOUD_ENDPOINT): "127.0.0.1:8443" is not a URL; ' +
        "give e.g. https://127.0.0.1:8443 (or http://127.0.0.1:8443 for the local emulator). " +
        "Fix it with `pulumi config set vmcloud:endpoint <value>` (or set VMCLOUD_ENDPOINT)",
    );
    expect(messageOf({ endpoint: "localhost:8443", token: "t" })).toContain(
      'vmcloud:endpoint (VMCLOUD_ENDPOINT): "localhost:8443" must start with http:// or https://; give e.g. https://localhost:8443',
    );
    expect(messageOf({ token: "t", serviceEndpoints: { backup: "backup.example.com" } })).toMatch(
      /^vmcloud: invalid settings: vmcloud:backupEndpoint \(VMCLOUD_BACKUP_ENDPOINT\): .*pulumi config set vmcloud:backupEndpoint <value>/,
    );
    // A key id without its secret: the secret is missing, and set as a secret.
    expect(messageOf({ keyId: "k" })).toMatch(
      /^vmcloud: invalid settings: vmcloud:secret \(VMCLOUD_SECRET\): keyId is set but secret is not; .*`pulumi config set --secret vmcloud:secret <value>`/,
    );
  });

  it("builds a client from an endpoint and any one kind of credential, which the service accepts", async () => {
    const emu = await startTestEmulator();
    try {
      const iam = emu.fixtures.iam as { keyId: string; secret: string };
      const [signing] = emu.fixtures.signingKeys;
      const operationsProject = (emu.fixtures.operations as { projectId: string }).projectId;
      // The VM service takes a token (given, or exchanged for a key); the job reads of the
      // containers service take a signed request.
      const listFlavors = async (client: VmCloudClient) =>
        (await client.call(catalogEndpoints.listFlavors, {})).items.length;
      const readMissingJob = async (client: VmCloudClient) =>
        client
          .call(nodeMigrationEndpoints.getJob, {
            params: { project_id: operationsProject, job_id: "no-such-job" },
          })
          .catch((error: ApiError) => error.status);
      const cases: Array<[Partial<ProviderSettings>, (c: VmCloudClient) => Promise<unknown>]> = [
        [{ token: emu.token }, listFlavors],
        [{ keyId: iam.keyId, secret: iam.secret }, listFlavors],
        [{ accessKey: signing!.accessKey, secretKey: signing!.secretKey }, readMissingJob],
      ];
      const outcomes = [];
      for (const [credentials, call] of cases) {
        const client = clientFromSettings({ ...noSettings(), endpoint: emu.url, ...credentials });
        try {
          outcomes.push(await call(client));
        } finally {
          client.close();
        }
      }
      // Flavors listed twice; the job read got past the signature check to the job's absence.
      expect(outcomes).toEqual([
        emu.fixtures.vm.flavors.length,
        emu.fixtures.vm.flavors.length,
        404,
      ]);
    } finally {
      await emu.close();
    }
  });
});
