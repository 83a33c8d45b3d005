/** `vmcloud-vm-cloud-init-secrets`: a VM's cloud-init user data holds no secrets. */
import { label, stringList, resourceRule } from "../lib/define";
import { previewAfter, withValue } from "../lib/fix-effect";
import { BUILTIN_SECRET_PATTERNS, findSecrets, type SecretPattern } from "../lib/secret-patterns";
import { asString } from "../lib/values";

/** Configuration of {@link vmCloudInitSecrets}. */
export interface VmCloudInitSecretsConfig {
  /** More patterns (JavaScript regular expressions, matched per line, case-insensitive). */
  extraPatterns: string[];
  /** Built-in patterns to skip, by name. */
  ignorePatterns: string[];
}

function patternsFor(config: VmCloudInitSecretsConfig): SecretPattern[] {
  const builtins = BUILTIN_SECRET_PATTERNS.filter((p) => !config.ignorePatterns.includes(p.name));
  const extras = config.extraPatterns.map((source, i) => {
    try {
      return {
        name: `extraPatterns[${i}]`,
        what: `the configured pattern /${source}/`,
        regex: new RegExp(source, "i"),
      };
    } catch (error) {
      // A broken config must stop the run loudly rather than silently check less.
      throw new Error(
        `vmcloud-vm-cloud-init-secrets: extraPatterns[${i}] "${source}" is not a valid regular expression ` +
          `(${(error as Error).message}); fix it in the policy pack config`,
        { cause: error },
      );
    }
  });
  return [...builtins, ...extras];
}

/**
 * The user data is scanned as given (also when it is itself a secret: it still reaches the VM's
 * metadata in plain text). Messages name the pattern and line, never the matched text.
 */
export const vmCloudInitSecrets = resourceRule<VmCloudInitSecretsConfig>({
  name: "vmcloud-vm-cloud-init-secrets",
  description:
    "A VM's cloudInit must not contain secrets (private keys, tokens, passwords, credentials in URLs).",
  enforcementLevel: "mandatory",
  appliesTo: ["Vm"],
  configSchema: {
    properties: {
      extraPatterns: stringList(
        [],
        "More secret patterns: JavaScript regular expressions, matched per line, case-insensitive.",
      ),
      ignorePatterns: {
        type: "array",
        items: { type: "string", enum: BUILTIN_SECRET_PATTERNS.map((p) => p.name) },
        default: [],
        description: "Built-in patterns to skip, by name.",
      },
    },
  },
  async check(vm, config) {
    const cloudInit = asString(vm.props["cloudInit"]);
    if (typeof cloudInit !== "string") return [];
    const findings = findSecrets(cloudInit, patternsFor(config));
    if (findings.length === 0) return [];
    // The fix: the user data without the line that holds the secret.
    const shows = await previewAfter(
      "Vm",
      vm.props,
      withValue(vm.props, ["cloudInit"], `${cloudInit}\n# (the secret removed)`),
    );
    return findings.map(
      (finding) =>
        `${label(vm)}: cloudInit line ${finding.line} contains ${finding.what} (pattern ${finding.pattern}). ` +
        "Fix: remove it from the user data and fetch it at boot from a secret store, or use the VM's password " +
        "input as a secret; if it is not a secret, add the pattern to ignorePatterns in the config of " +
        `vmcloud-vm-cloud-init-secrets. ${shows}`,
    );
  },
});
