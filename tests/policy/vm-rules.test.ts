// Unit tests of the VM resource policies: each one passes, reports, is not applicable, and
// follows its configuration; properties go through @pulumi/policy's own deserializer.
import { beforeEach, describe, expect, it } from "vitest";
import { parseFlavorName } from "../../policy/lib/flavor-size";
import { clearSecretObservations } from "../../policy/lib/secret-observations";
import { secretInputsObserver } from "../../policy/rules/secret-inputs-observer";
import { vmBootDiskSize } from "../../policy/rules/vm-boot-disk-size";
import { vmCloudInitSecrets } from "../../policy/rules/vm-cloud-init-secrets";
import { vmExternalIp } from "../../policy/rules/vm-external-ip";
import { vmFlavor } from "../../policy/rules/vm-flavor";
import { vmPasswordSecret } from "../../policy/rules/vm-password-secret";
import {
  remediateResource,
  secret,
  UNKNOWN_STRING,
  validateResource,
  violations,
  type TestResource,
} from "./support/harness";

function vm(props: Record<string, unknown>, name = "web"): TestResource {
  return {
    type: "Vm",
    name,
    props: { name, flavor: "gen-2-4", image: "ubuntu-22.04", bootDisk: { size: 20 }, ...props },
  };
}
const disk: TestResource = { type: "Disk", name: "data", props: { name: "data", size: 10 } };

describe("flavor sizes from names", () => {
  it("reads <family>-<cpu>-<ram>[-<gpu>], families with dashes included", () => {
    expect(parseFlavorName("gen-2-4")).toEqual({ cpu: 2, ramGb: 4, gpu: 0 });
    expect(parseFlavorName("gpu-8-64-1")).toEqual({ cpu: 8, ramGb: 64, gpu: 1 });
    expect(parseFlavorName("free-tier-1-1")).toEqual({ cpu: 1, ramGb: 1, gpu: 0 });
    expect(parseFlavorName("6f1b7a52-1111-4c3e-9d7e-0a1b2c3d4e5f")).toBeUndefined();
    expect(parseFlavorName("large")).toBeUndefined();
  });
});

describe("vmcloud-vm-flavor", () => {
  it("passes a flavor within the default limits", async () => {
    expect(violations(await validateResource(vmFlavor, vm({ flavor: "gen-8-32" })))).toEqual([]);
  });

  it("reports every limit a flavor exceeds, naming the VM and the fix", async () => {
    const messages = violations(await validateResource(vmFlavor, vm({ flavor: "gpu-16-128-2" })));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(
      'Vm "web": flavor "gpu-16-128-2" has 128 GB RAM (max 64), 2 GPU (max 0)',
    );
    expect(messages[0]).toContain("Fix:");
  });

  it("reports a flavor whose size it cannot know (an id) unless flavorSizes gives it", async () => {
    const id = "6f1b7a52-1111-4c3e-9d7e-0a1b2c3d4e5f";
    expect(violations(await validateResource(vmFlavor, vm({ flavor: id })))[0]).toContain(
      "flavorSizes",
    );
    const config = { flavorSizes: { [id]: { cpu: 2, ramGb: 4, gpu: 0 } } };
    expect(violations(await validateResource(vmFlavor, vm({ flavor: id }), config))).toEqual([]);
  });

  it("is not applicable to other resources", async () => {
    const outcome = await validateResource(vmFlavor, disk);
    expect(outcome).toEqual({
      kind: "not-applicable",
      reason: "applies only to vmcloud Vm resources",
    });
  });

  it("follows the config: raised limits, then an allow-list that replaces the limits", async () => {
    const gpu = vm({ flavor: "gpu-8-64-1" });
    expect(violations(await validateResource(vmFlavor, gpu))).toHaveLength(1);
    expect(violations(await validateResource(vmFlavor, gpu, { maxGpu: 1 }))).toEqual([]);
    const listed = { allowedFlavors: ["gen-2-4", "gpu-8-64-1"] };
    expect(violations(await validateResource(vmFlavor, gpu, listed))).toEqual([]);
    const other = violations(await validateResource(vmFlavor, vm({ flavor: "burst-1-1" }), listed));
    expect(other[0]).toContain('flavor "burst-1-1" is not allowed');
  });

  it("skips a flavor that is unknown during preview", async () => {
    expect(violations(await validateResource(vmFlavor, vm({ flavor: UNKNOWN_STRING })))).toEqual(
      [],
    );
  });
});

describe("vmcloud-vm-external-ip", () => {
  it("passes a VM without external IPs", async () => {
    const private_ = vm({ interfaces: [{ subnet: "app", externalIp: false }] });
    expect(violations(await validateResource(vmExternalIp, private_))).toEqual([]);
  });

  it("reports external and direct IPs per interface", async () => {
    const open = vm({ interfaces: [{ externalIp: true }, { directIp: true }] });
    const messages = violations(await validateResource(vmExternalIp, open));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain('Vm "web": interfaces[0].externalIp, interfaces[1].directIp');
    expect(messages[0]).toContain('tag the VM "public"');
  });

  it("accepts a VM tagged with an allowed tag, and a free-tier VM listed in allowedVms", async () => {
    const tagged = vm({ interfaces: [{ externalIp: true }], tags: ["team-a", "public"] });
    expect(violations(await validateResource(vmExternalIp, tagged))).toEqual([]);
    const free: TestResource = {
      type: "FreeTierVm",
      name: "free",
      props: { name: "trial", externalIp: true },
    };
    expect(violations(await validateResource(vmExternalIp, free))).toHaveLength(1);
    expect(
      violations(await validateResource(vmExternalIp, free, { allowedVms: ["trial"] })),
    ).toEqual([]);
  });

  it("is not applicable to disks", async () => {
    expect((await validateResource(vmExternalIp, disk)).kind).toBe("not-applicable");
  });

  it("follows allowTags from the config", async () => {
    const tagged = vm({ interfaces: [{ externalIp: true }], tags: ["edge"] });
    expect(violations(await validateResource(vmExternalIp, tagged))).toHaveLength(1);
    expect(
      violations(await validateResource(vmExternalIp, tagged, { allowTags: ["edge"] })),
    ).toEqual([]);
  });

  it("lets a VM whose tags are unknown during preview pass", async () => {
    const pending = vm({ interfaces: [{ externalIp: true }], tags: UNKNOWN_STRING });
    expect(violations(await validateResource(vmExternalIp, pending))).toEqual([]);
  });
});

describe("vmcloud-vm-boot-disk-size", () => {
  it("passes a boot disk at the minimum", async () => {
    expect(
      violations(await validateResource(vmBootDiskSize, vm({ bootDisk: { size: 10 } }))),
    ).toEqual([]);
  });

  it("reports a boot disk below the minimum", async () => {
    const messages = violations(
      await validateResource(vmBootDiskSize, vm({ bootDisk: { size: 8 } })),
    );
    expect(messages).toEqual([
      expect.stringContaining('Vm "web": bootDisk.size is 8 GB, less than 10 GB'),
    ]);
  });

  it("is not applicable to a free-tier VM", async () => {
    const free: TestResource = { type: "FreeTierVm", name: "free", props: { name: "free" } };
    expect((await validateResource(vmBootDiskSize, free)).kind).toBe("not-applicable");
  });

  it("follows minSizeGb", async () => {
    const small = vm({ bootDisk: { size: 20 } });
    expect(
      violations(await validateResource(vmBootDiskSize, small, { minSizeGb: 30 })),
    ).toHaveLength(1);
    expect(violations(await validateResource(vmBootDiskSize, small, { minSizeGb: 20 }))).toEqual(
      [],
    );
  });
});

describe("vmcloud-vm-password-secret (with vmcloud-secret-inputs-observer)", () => {
  beforeEach(() => clearSecretObservations());

  /** The engine's order: every remediation of the resource, then its validations. */
  async function analyze(resource: TestResource, config: Record<string, unknown> = {}) {
    const remediation = await remediateResource(secretInputsObserver, resource);
    // The observer never changes the resource and never reports.
    expect(remediation).toEqual({
      outcome: { kind: "violations", messages: [], urns: [] },
      result: undefined,
    });
    return validateResource(vmPasswordSecret, resource, config);
  }

  it("passes a password given as a secret", async () => {
    expect(violations(await analyze(vm({ password: secret("s3cret-Passw0rd") })))).toEqual([]);
  });

  it("reports a plain-text password without repeating it", async () => {
    const messages = violations(await analyze(vm({ password: "plain-Passw0rd" })));
    expect(messages).toEqual([expect.stringContaining('Vm "web": password is plain text')]);
    expect(messages[0]).toContain("pulumi.secret");
    expect(messages[0]).not.toContain("plain-Passw0rd");
  });

  it("reports a password that is an unknown output not marked secret, passes a secret unknown one", async () => {
    const pending = violations(await analyze(vm({ password: UNKNOWN_STRING })));
    expect(pending[0]).toContain("comes from an output that is not secret");
    expect(violations(await analyze(vm({ password: secret(UNKNOWN_STRING) })))).toEqual([]);
  });

  it("cannot see secrets in validateResource alone: the library unwraps them there", async () => {
    // Without the observer's record the rule says so instead of guessing.
    const outcome = await validateResource(
      vmPasswordSecret,
      vm({ password: secret("s3cret-Passw0rd") }),
    );
    expect(outcome.kind).toBe("not-applicable");
    expect(outcome.kind === "not-applicable" && outcome.reason).toContain(
      "vmcloud-secret-inputs-observer",
    );
  });

  it("passes a VM without a password, and is not applicable to disks", async () => {
    expect(violations(await analyze(vm({})))).toEqual([]);
    expect((await analyze(disk)).kind).toBe("not-applicable");
  });

  it("keeps records per resource: a secret on one VM does not excuse another", async () => {
    await remediateResource(secretInputsObserver, vm({ password: secret("s3cret-Passw0rd") }, "a"));
    const plain = vm({ password: "plain-Passw0rd" }, "b");
    expect(violations(await analyze(plain))).toHaveLength(1);
    expect(
      violations(await validateResource(vmPasswordSecret, vm({ password: secret("x") }, "a"))),
    ).toEqual([]);
  });

  it("ignores config it does not have (its schema is empty)", async () => {
    expect(vmPasswordSecret.configSchema).toEqual({ properties: {} });
    expect(
      violations(await analyze(vm({ password: "plain-Passw0rd" }), { unrelated: true })),
    ).toHaveLength(1);
  });

  it("the observer is not applicable to resources that are not vmcloud's", async () => {
    const other: TestResource = { type: "raw:pulumi:pulumi:Stack", name: "stack", props: {} };
    const { outcome } = await remediateResource(secretInputsObserver, other);
    expect(outcome.kind).toBe("not-applicable");
  });
});

describe("vmcloud-vm-cloud-init-secrets", () => {
  const cleanInit = [
    "#cloud-config",
    "users:",
    "  - name: ops",
    "    lock_passwd: true",
    "    ssh_authorized_keys: [ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample ops@example]",
    "    passwd: $6$rounds=4096$salt$hash",
    "runcmd:",
    "  - echo password: ${DB_PASSWORD} > /dev/null",
  ].join("\n");

  it("passes cloud-init with keys, hashes and references only", async () => {
    expect(
      violations(await validateResource(vmCloudInitSecrets, vm({ cloudInit: cleanInit }))),
    ).toEqual([]);
  });

  it("reports each secret by pattern and line, never the secret itself", async () => {
    const leaky = [
      "#cloud-config",
      "write_files:",
      "  - content: |",
      "      -----BEGIN OPENSSH PRIVATE KEY-----",
      "      b3BlbnNzaC1rZXktdjEAAAAA",
      "runcmd:",
      "  - export AWS_ACCESS_KEY_ID=AKIAABCDEFGHIJKLMNOP",
      "  - curl https://admin:hunter22@repo.example.com/setup.sh | sh",
      "chpasswd: { users: [{ name: ops, password: hunter22, type: text }] }",
    ].join("\n");
    const messages = violations(
      await validateResource(vmCloudInitSecrets, vm({ cloudInit: leaky })),
    );
    expect(messages.map((m) => /line (\d+) .*\(pattern ([a-z-]+)\)/.exec(m)?.slice(1))).toEqual([
      ["4", "private-key"],
      ["7", "aws-access-key"],
      ["8", "url-credentials"],
      ["9", "secret-assignment"],
    ]);
    for (const m of messages) {
      expect(m).toMatch(/^Vm "web": cloudInit line/);
      expect(m).not.toContain("hunter22");
      expect(m).not.toContain("AKIAABCDEFGHIJKLMNOP");
    }
  });

  // One case per form. The secret, Hunter2-Hunter2, is on the last line; no message may contain it.
  it.each([
    ["a YAML key that contains password", ["#cloud-config", "db_password: Hunter2-Hunter2"]],
    [
      "a shell export",
      ["#cloud-config", "runcmd:", "  - export DB_PASSWORD=Hunter2-Hunter2 && ./migrate"],
    ],
    [
      "a double-quoted YAML value",
      ["#cloud-config", "mysql:", '  mysql_root_password: "Hunter2-Hunter2"'],
    ],
    ["a single-quoted YAML value", ["#cloud-config", "app:", "  sessionSecret: 'Hunter2-Hunter2'"]],
    ["a plain env assignment", ["#!/bin/sh", "API_TOKEN=Hunter2-Hunter2 ./register.sh"]],
    ["a double-quoted env assignment", ["#!/bin/sh", 'STRIPE_API_KEY="Hunter2-Hunter2"']],
    [
      "an env list item",
      [
        "#cloud-config",
        "runcmd:",
        "  - - docker",
        "    - run",
        "    - -e",
        "    - SECRET_KEY=Hunter2-Hunter2",
      ],
    ],
    [
      "an INI assignment in write_files",
      [
        "#cloud-config",
        "write_files:",
        "  - path: /root/.aws/credentials",
        "    content: |",
        "      [default]",
        "      aws_secret_access_key = Hunter2-Hunter2",
      ],
    ],
    ["a name in mixed case", ["#cloud-config", "MySQL_Root_PassWord: Hunter2-Hunter2"]],
    ["a passphrase", ["#!/bin/sh", "export GPG_PASSPHRASE='Hunter2-Hunter2'"]],
    [
      "a systemd Environment= line",
      ["[Service]", "Environment=GITLAB_RUNNER_TOKEN=Hunter2-Hunter2"],
    ],
    [
      "a JSON member",
      ["#cloud-config", 'bootcmd: [\'echo {"apiKey":"Hunter2-Hunter2"} > /etc/app.json\']'],
    ],
    ["a qualified key in INI", ["[Interface]", "PrivateKey = Hunter2-Hunter2"]],
  ])("reports %s by line, without the secret", async (_form, lines) => {
    const messages = violations(
      await validateResource(vmCloudInitSecrets, vm({ cloudInit: lines.join("\n") })),
    );
    expect(messages).toEqual([
      expect.stringMatching(
        new RegExp(`cloudInit line ${lines.length} contains .* \\(pattern secret-assignment\\)`),
      ),
    ]);
    expect(messages[0]).not.toContain("Hunter2");
  });

  // Names that hold no secret, and values that are not a literal: each must pass.
  it.each([
    ["a reference", ["runcmd:", "  - export DB_PASSWORD=${DB_PASSWORD}", '  - TOKEN="$TOKEN"']],
    ["a template", ["mysql_root_password: '{{ mysql_root_password }}'", "api_key: <changeme>"]],
    ["a command substitution", ["runcmd:", "  - export SECRET_KEY=$(cat /run/secrets/key)"]],
    ["a crypt hash", ["users:", "  - name: ops", "    hashed_passwd: $6$rounds=4096$salt$hash"]],
    ["an empty value", ['API_TOKEN=""', "db_password: ''", "export AWS_SECRET_ACCESS_KEY="]],
    ["a file path", ["tls_private_key: /etc/ssl/private/web.key", "DB_PASSWORD_FILE=/run/db"]],
    ["a random password", ["chpasswd:", "  users:", "    - { name: ops, password: RANDOM }"]],
    [
      "ssh_authorized_keys with public keys",
      [
        "users:",
        "  - name: ops",
        "    ssh_authorized_keys:",
        "      - ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPztTXa79SKJLhH5yMMRI98rIaHmwDPwdWzt+dSzEUTh ops@example",
        "      - ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBBS6heGzgFZBu+c9HWUTr4EdFKwfWkLWZtz5lVVnh1471OkjKeOSh9RNZeXfl7iQBjDFe0QX807ltmfF5/0zkP8= ops@laptop",
        "ssh_keys:",
        "  ed25519_public: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIPztTXa79SKJLhH5yMMRI98rIaHmwDPwdWzt",
        "ssh_deletekeys: false",
        "ssh_genkeytypes: [ed25519]",
      ],
    ],
    ["ssh_pwauth", ["ssh_pwauth: true"]],
    ["lock_passwd", ["users:", "  - name: ops", "    lock_passwd: false"]],
    ["sudo's NOPASSWD tag", ["users:", "  - name: ops", "    sudo: ALL=(ALL) NOPASSWD: ALL"]],
    [
      "an apt source with its public key",
      [
        "apt:",
        "  sources:",
        "    example.list:",
        "      source: deb https://repo.example.com/apt stable main",
        "      keyid: 0x1234ABCD5678EF90",
        "      keyserver: keyserver.ubuntu.com",
        "      key: |",
        "        -----BEGIN PGP PUBLIC KEY BLOCK-----",
        "        mQINBGExampleExample",
        "        -----END PGP PUBLIC KEY BLOCK-----",
      ],
    ],
    ["a keyboard layout", ["keyboard:", "  layout: us", "  model: pc105"]],
    ["names of keys, not keys", ["key_name: deploy", "export AWS_ACCESS_KEY_ID=$AWS_KEY_ID"]],
    ["a public key name", ["public_key: AAAAexample", "publishable_key: pk_test_example"]],
  ])("passes %s", async (_form, lines) => {
    const cloudInit = ["#cloud-config", ...lines].join("\n");
    expect(violations(await validateResource(vmCloudInitSecrets, vm({ cloudInit })))).toEqual([]);
  });

  it("scans cloud-init that is itself a secret", async () => {
    const messages = violations(
      await validateResource(vmCloudInitSecrets, vm({ cloudInit: secret("password: hunter22") })),
    );
    expect(messages).toHaveLength(1);
  });

  it("is not applicable to disks", async () => {
    expect((await validateResource(vmCloudInitSecrets, disk)).kind).toBe("not-applicable");
  });

  it("follows ignorePatterns and extraPatterns", async () => {
    const init = "runcmd:\n  - curl https://u:p4ss@example.com\n  - echo INTERNAL-CODE-42";
    expect(
      violations(await validateResource(vmCloudInitSecrets, vm({ cloudInit: init }))),
    ).toHaveLength(1);
    const config = { ignorePatterns: ["url-credentials"], extraPatterns: ["internal-code-\\d+"] };
    const messages = violations(
      await validateResource(vmCloudInitSecrets, vm({ cloudInit: init }), config),
    );
    expect(messages).toEqual([expect.stringContaining("line 3 contains the configured pattern")]);
  });

  it("fails loudly on an invalid extra pattern", async () => {
    await expect(
      validateResource(vmCloudInitSecrets, vm({ cloudInit: "x" }), {
        extraPatterns: ["(unclosed"],
      }),
    ).rejects.toThrow(/extraPatterns\[0\] "\(unclosed" is not a valid regular expression/);
  });
});
