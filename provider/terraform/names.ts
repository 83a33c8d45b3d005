/**
 * Pulumi names for Terraform addresses: readable (the module path, the block's name and the
 * index keys, joined by `-`), unique per vmcloud type, and stable (the same state always gives
 * the same names): `module.net.cloudru_evolution_compute_subnet.app["a"]` → `net-app-a`. Two
 * addresses that would share a name under one type (a `cloudru_evolution_compute_vm.web` and a
 * `cloudru-community_vm.web`, or keys that differ only in characters a name cannot hold) both
 * get a short hash of their own address appended, so neither depends on the order of the state.
 */
import { createHash } from "node:crypto";
import type { TfInstance } from "./state";

const MODULE = /module\.([A-Za-z_][A-Za-z0-9_-]*)(\[(?:"(?:[^"\\]|\\.)*"|\d+)\])?/g;

/** Letters, digits, `_`, `.` and `-` are kept; anything else becomes `-`. */
function clean(part: string): string {
  return part.replace(/[^A-Za-z0-9_.-]+/g, "-").replace(/^-+|-+$/g, "") || "_";
}

/** The text of an index key as an address writes it (`["a"]` → `a`, `[0]` → `0`). */
function keyText(key: string | undefined): string[] {
  if (key === undefined || key === "") return [];
  const inner = key.slice(1, -1);
  return [clean(inner.startsWith('"') ? (JSON.parse(inner) as string) : inner)];
}

/**
 * The readable name of one instance: its module path (with the modules' keys), its block's
 * name and its key, joined by `-`.
 */
export function readableName(instance: Pick<TfInstance, "address" | "type" | "name">): string {
  const own = `${instance.type}.${instance.name}`;
  const at = instance.address.lastIndexOf(own);
  const prefix = at < 0 ? "" : instance.address.slice(0, at);
  const suffix = at < 0 ? "" : instance.address.slice(at + own.length);
  const modules = [...prefix.matchAll(MODULE)].flatMap((m) => [clean(m[1]!), ...keyText(m[2])]);
  return [...modules, clean(instance.name), ...keyText(suffix)].join("-");
}

function shortHash(address: string): string {
  return createHash("sha256").update(address).digest("hex").slice(0, 6);
}

/**
 * The Pulumi name of every entry, by its address: `entries` are the addresses with the vmcloud
 * type each becomes (names need be unique per type only, as URNs are).
 */
export function pulumiNames(
  entries: ReadonlyArray<{ address: string; tfType: string; tfName: string; vmcloudType: string }>,
): Map<string, string> {
  const wanted = entries.map((e) => ({
    ...e,
    name: readableName({ address: e.address, type: e.tfType, name: e.tfName }),
  }));
  const count = new Map<string, number>();
  for (const e of wanted) {
    const key = `${e.vmcloudType}\0${e.name}`;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return new Map(
    wanted.map((e) => [
      e.address,
      (count.get(`${e.vmcloudType}\0${e.name}`) ?? 0) > 1
        ? `${e.name}-${shortHash(e.address)}`
        : e.name,
    ]),
  );
}
