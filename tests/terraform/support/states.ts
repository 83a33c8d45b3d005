/**
 * Writes instances (estate.ts) as Terraform writes a state: a format-4 state file (resources
 * grouped by module, type and name, each with its `instances`) or the JSON of
 * `terraform show -json` (`values.root_module` with `child_modules`).
 */
import { addressOf, type Instance } from "./estate";

/** A format-4 state (`terraform.tfstate`, `terraform state pull`) of `instances`. */
export function format4(instances: readonly Instance[], serial = 7): string {
  const groups = new Map<string, { head: Instance; members: Instance[] }>();
  for (const i of instances) {
    const key = `${i.module.join(".")}|${i.mode}|${i.type}|${i.name}`;
    const group = groups.get(key) ?? { head: i, members: [] };
    group.members.push(i);
    groups.set(key, group);
  }
  return JSON.stringify(
    {
      version: 4,
      terraform_version: "1.11.4",
      serial,
      lineage: "3f1c2a7e-5d1b-4b6e-9a43-0c2f5e8d9b10",
      outputs: {},
      resources: [...groups.values()].map(({ head, members }) => ({
        ...(head.module.length === 0
          ? {}
          : { module: head.module.map((m) => `module.${m}`).join(".") }),
        mode: head.mode,
        type: head.type,
        name: head.name,
        provider: `provider["${head.provider}"]`,
        instances: members.map((m) => ({
          ...(m.key === undefined ? {} : { index_key: m.key }),
          schema_version: 0,
          attributes: m.attributes,
          sensitive_attributes: [],
        })),
      })),
      check_results: null,
    },
    null,
    2,
  );
}

/** `terraform show -json` of the same instances. */
export function showJson(instances: readonly Instance[]): string {
  interface Module {
    address?: string;
    resources: unknown[];
    child_modules?: Module[];
  }
  const root: Module = { resources: [] };
  const moduleAt = (path: string[]): Module => {
    let at = root;
    path.forEach((name, n) => {
      const address = path
        .slice(0, n + 1)
        .map((m) => `module.${m}`)
        .join(".");
      at.child_modules ??= [];
      let child = at.child_modules.find((c) => c.address === address);
      if (child === undefined) {
        child = { address, resources: [] };
        at.child_modules.push(child);
      }
      at = child;
    });
    return at;
  };
  for (const i of instances) {
    moduleAt(i.module).resources.push({
      address: addressOf(i),
      mode: i.mode,
      type: i.type,
      name: i.name,
      ...(i.key === undefined ? {} : { index: i.key }),
      provider_name: i.provider,
      schema_version: 0,
      values: i.attributes,
      sensitive_values: {},
    });
  }
  return JSON.stringify({
    format_version: "1.0",
    terraform_version: "1.11.4",
    values: { root_module: root },
  });
}
