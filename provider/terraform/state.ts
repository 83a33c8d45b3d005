/**
 * Reads a Terraform state into one list of resource instances, whichever of the two forms it
 * comes in: a state file of format 4 (`terraform.tfstate`, `terraform state pull`), where each
 * resource has `instances` with `attributes`, or the JSON of `terraform show -json`, where each
 * instance is a resource of `values.root_module` (and its `child_modules`) with `values`.
 */

/** One instance of a Terraform resource or data source, as the state holds it. */
export interface TfInstance {
  /** Its full address: `module.net.cloudru_evolution_compute_subnet.app["a"]`. */
  readonly address: string;
  /** `managed` (a `resource` block) or `data` (a `data` block). */
  readonly mode: "managed" | "data";
  /** The resource type: `cloudru_evolution_compute_subnet`. */
  readonly type: string;
  /** The name in its block: `app`. */
  readonly name: string;
  /** The provider's address as the state gives it (`registry.terraform.io/ekvii/cloudru-community`). */
  readonly provider: string;
  /** The stored attributes (format 4 `attributes`, or `values` of `show -json`). */
  readonly attributes: Readonly<Record<string, unknown>>;
}

/** A state that cannot be read: says what is wrong with it and what to give instead. */
export class StateFormatError extends Error {
  override readonly name = "StateFormatError";
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `["a"]` or `[0]`: the index key as Terraform writes it in an address. */
function keySuffix(key: unknown): string {
  if (key === undefined || key === null) return "";
  return typeof key === "number" ? `[${key}]` : `[${JSON.stringify(String(key))}]`;
}

/** `provider["registry.terraform.io/x/y"]` (format 4) → `registry.terraform.io/x/y`. */
function providerAddress(text: unknown): string {
  if (typeof text !== "string") return "";
  const quoted = /provider\["([^"]+)"\]/.exec(text);
  return quoted?.[1] ?? text;
}

function instancesOfFormat4(state: Json): TfInstance[] {
  const resources = state["resources"] ?? [];
  if (!Array.isArray(resources)) {
    throw new StateFormatError("the state's `resources` is not a list");
  }
  return resources.flatMap((resource: unknown, n) => {
    if (!isObject(resource)) throw new StateFormatError(`resources[${n}] is not an object`);
    const { module, mode, type, name, provider, instances } = resource;
    if (typeof type !== "string" || typeof name !== "string" || !Array.isArray(instances)) {
      throw new StateFormatError(`resources[${n}] has no type, name or instances`);
    }
    const prefix = typeof module === "string" && module !== "" ? `${module}.` : "";
    const kind = mode === "data" ? "data" : "managed";
    return instances.map((instance: unknown) => {
      const item = isObject(instance) ? instance : {};
      return {
        address: `${prefix}${kind === "data" ? "data." : ""}${type}.${name}${keySuffix(item["index_key"])}`,
        mode: kind,
        type,
        name,
        provider: providerAddress(provider),
        attributes: isObject(item["attributes"]) ? item["attributes"] : {},
      } satisfies TfInstance;
    });
  });
}

function instancesOfModule(module: Json): TfInstance[] {
  const own = Array.isArray(module["resources"]) ? module["resources"] : [];
  const children = Array.isArray(module["child_modules"]) ? module["child_modules"] : [];
  return [
    ...own.filter(isObject).map((r): TfInstance => {
      const { address, mode, type, name, provider_name: provider, values } = r;
      if (typeof address !== "string" || typeof type !== "string" || typeof name !== "string") {
        throw new StateFormatError("a resource of `terraform show -json` has no address or type");
      }
      return {
        address,
        mode: mode === "data" ? "data" : "managed",
        type,
        name,
        provider: typeof provider === "string" ? provider : "",
        attributes: isObject(values) ? values : {},
      };
    }),
    ...children.filter(isObject).flatMap(instancesOfModule),
  ];
}

/**
 * Every resource instance of `text`, a format-4 state or `terraform show -json` output; throws
 * a {@link StateFormatError} naming the problem for anything else (a plan, an older format).
 */
export function readTerraformState(text: string): TfInstance[] {
  let state: unknown;
  try {
    state = JSON.parse(text);
  } catch (error) {
    throw new StateFormatError(
      `the input is not JSON (${(error as Error).message}): give a terraform.tfstate, the output of \`terraform state pull\` or of \`terraform show -json\``,
    );
  }
  if (!isObject(state)) throw new StateFormatError("the input is not a JSON object");
  if ("format_version" in state) {
    if ("planned_values" in state || "resource_changes" in state) {
      throw new StateFormatError(
        "this is a plan (`terraform show -json <planfile>`): give the state, `terraform show -json` with no plan file",
      );
    }
    const values = state["values"];
    if (values === undefined) return []; // an empty state
    const root = isObject(values) ? values["root_module"] : undefined;
    return isObject(root) ? instancesOfModule(root) : [];
  }
  if (state["version"] === 4) return instancesOfFormat4(state);
  throw new StateFormatError(
    `state format version ${JSON.stringify(state["version"])} is not supported: give a format-4 state (Terraform ≥ 0.12; \`terraform state pull\` prints one) or \`terraform show -json\` output`,
  );
}
