// Calls vmcloud policies the way @pulumi/policy's analyzer server does, without starting it:
// properties go through the library's own deserializer (wire-format secrets and unknowns
// included) and its unknown-checking proxy, and `notApplicable`, `getConfig` and
// `reportViolation` behave like the server's.
import { createRequire } from "node:module";
import type {
  PolicyResource,
  ResourceValidationArgs,
  ResourceValidationPolicy,
  StackValidationPolicy,
} from "@pulumi/policy";
import { TYPE_TOKENS, type VmCloudTypeName } from "../../../provider/type-tokens";

const requireHere = createRequire(__filename);
// Internal modules of @pulumi/policy (their .d.ts files declare nothing), used as its server does.
const { deserializeProperties } = requireHere("@pulumi/policy/deserialize") as {
  deserializeProperties(
    struct: { toJavaScript(): unknown },
    proxySecrets: boolean,
  ): Record<string, unknown>;
};
const { unknownCheckingProxy } = requireHere("@pulumi/policy/proxy") as {
  unknownCheckingProxy<T>(value: T): T;
};
/** The library's own unknown sentinels, to check ours against. */
export const libraryUnknowns = requireHere("@pulumi/policy/proxy") as Record<string, unknown>;

/** Pulumi's wire markers (see @pulumi/pulumi/runtime/rpc). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";
/** The wire value of an unknown string (what preview sends for an output not known yet). */
export const UNKNOWN_STRING = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** The wire value of an unknown array. */
export const UNKNOWN_ARRAY = "6a19a0b0-7e62-4c92-b797-7f8e31da9cc2";

class SecretMarker {
  constructor(readonly value: unknown) {}
}

/** Marks a property value as a secret, as `pulumi.secret(...)` does on the wire. */
export function secret(value: unknown): SecretMarker {
  return new SecretMarker(value);
}

function wire(value: unknown): unknown {
  if (value instanceof SecretMarker) return { [SIG_KEY]: SECRET_SIG, value: wire(value.value) };
  if (Array.isArray(value)) return value.map(wire);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wire(v)]));
  }
  return value;
}

/**
 * Properties as the server builds them: deserialized from the wire, behind the unknown proxy;
 * secrets kept as the library's `Secret` objects when `keepSecrets` (the remediation path),
 * else unwrapped (validation).
 */
export function serverProps(
  props: Record<string, unknown>,
  keepSecrets: boolean,
): Record<string, unknown> {
  const struct = { toJavaScript: () => wire(props) };
  return unknownCheckingProxy(deserializeProperties(struct, keepSecrets));
}

/** What a policy said about one resource or a stack. */
export type Outcome =
  | { kind: "violations"; messages: string[]; urns: Array<string | undefined> }
  | { kind: "not-applicable"; reason: string };

class NotApplicable extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** A resource given to a test: its class (or a raw type token), name and inputs. */
export interface TestResource {
  type: VmCloudTypeName | `raw:${string}`;
  name: string;
  props: Record<string, unknown>;
  /** Property name → names of the test resources it depends on. */
  propertyDependencies?: Record<string, string[]>;
}

function tokenOf(type: TestResource["type"]): string {
  return type.startsWith("raw:") ? type.slice(4) : TYPE_TOKENS[type as VmCloudTypeName];
}

/** The URN a test resource gets. */
export function urnOf(resource: Pick<TestResource, "type" | "name">): string {
  return `urn:pulumi:test::policy-tests::${tokenOf(resource.type)}::${resource.name}`;
}

function resourceArgs(
  resource: TestResource,
  config: Record<string, unknown>,
  keepSecrets: boolean,
): ResourceValidationArgs {
  return {
    type: tokenOf(resource.type),
    name: resource.name,
    urn: urnOf(resource),
    props: serverProps(resource.props, keepSecrets),
    opts: {
      protect: false,
      ignoreChanges: [],
      aliases: [],
      customTimeouts: { createSeconds: 0, updateSeconds: 0, deleteSeconds: 0 },
      additionalSecretOutputs: [],
    },
    stackTags: new Map(),
    isType: () => false,
    asType: () => undefined,
    getConfig: <T extends object>() => config as T,
    notApplicable: (reason?: string): never => {
      throw new NotApplicable(reason ?? "not applicable");
    },
  };
}

async function collect(
  run: (report: (message: string, urn?: string) => void) => unknown,
): Promise<Outcome> {
  const messages: string[] = [];
  const urns: Array<string | undefined> = [];
  try {
    await run((message, urn) => {
      messages.push(message);
      urns.push(urn);
    });
  } catch (error) {
    if (error instanceof NotApplicable) return { kind: "not-applicable", reason: error.reason };
    throw error;
  }
  return { kind: "violations", messages, urns };
}

/** Runs a resource policy's validation on one resource (the server's Analyze). */
export function validateResource(
  policy: ResourceValidationPolicy,
  resource: TestResource,
  config: Record<string, unknown> = {},
): Promise<Outcome> {
  const validate = policy.validateResource;
  if (typeof validate !== "function")
    throw new Error(`${policy.name} has no single validateResource`);
  return collect((report) => validate(resourceArgs(resource, config, false), report));
}

/** Runs a policy's remediation on one resource (the server's Remediate, secrets kept). */
export async function remediateResource(
  policy: ResourceValidationPolicy,
  resource: TestResource,
): Promise<{ outcome: Outcome; result: unknown }> {
  const remediate = policy.remediateResource;
  if (remediate === undefined) throw new Error(`${policy.name} has no remediateResource`);
  let result: unknown;
  const outcome = await collect(async () => {
    result = await remediate(resourceArgs(resource, {}, true));
  });
  return { outcome, result };
}

/** Runs a stack policy over `resources` (the server's AnalyzeStack, props = outputs). */
export function validateStack(
  policy: StackValidationPolicy,
  resources: TestResource[],
  config: Record<string, unknown> = {},
): Promise<Outcome> {
  const built = new Map<string, PolicyResource>();
  for (const r of resources) {
    built.set(r.name, {
      type: tokenOf(r.type),
      name: r.name,
      urn: urnOf(r),
      props: serverProps(r.props, false),
      opts: resourceArgs(r, {}, false).opts,
      dependencies: [],
      propertyDependencies: {},
      isType: () => false,
      asType: () => undefined,
    });
  }
  for (const r of resources) {
    const target = built.get(r.name)!;
    for (const [key, names] of Object.entries(r.propertyDependencies ?? {})) {
      const deps = names.map((n) => {
        const dep = built.get(n);
        if (dep === undefined) throw new Error(`unknown dependency ${n}`);
        return dep;
      });
      target.propertyDependencies[key] = deps;
      target.dependencies.push(...deps);
    }
  }
  return collect((report) =>
    policy.validateStack(
      {
        resources: [...built.values()],
        stackTags: new Map(),
        getConfig: <T extends object>() => config as T,
        notApplicable: (reason?: string): never => {
          throw new NotApplicable(reason ?? "not applicable");
        },
      },
      report,
    ),
  );
}

/** The messages of an outcome that must be violations (fails the test otherwise). */
export function violations(outcome: Outcome): string[] {
  if (outcome.kind !== "violations")
    throw new Error(`expected violations or a pass, got not applicable: ${outcome.reason}`);
  return outcome.messages;
}
