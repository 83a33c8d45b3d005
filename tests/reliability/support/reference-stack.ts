/**
 * The reliability suite's reference stack (tests/reliability/fixtures/reference) under the real
 * engine: an end-to-end stack of the program (openExampleStack), plus what the
 * suites check afterwards: what the emulator holds under the stack's name prefix (so that a
 * duplicate or a leftover shows), and the state the backend wrote.
 */
import { join } from "node:path";
import type { ConfigMap, Stack } from "@pulumi/pulumi/automation";
import type { TestEmulator } from "../../support/emulator";
import { type Engine, repo } from "../../e2e/support/engine";
import { openExampleStack } from "../../e2e/support/example-stack";

/** The program's directory. */
export const REFERENCE_DIR = join(repo, "tests/reliability/fixtures/reference");

/** An open stack of the reference program (or of the program `programDir` names). */
export interface ReferenceStack {
  stack: Stack;
  stackName: string;
  /** Prefix of every cloud name the stack makes. */
  prefix: string;
  /** The file backend's directory (checkpoints, history, backups). */
  backendDir: string;
  /** The environment the engine runs with (for running the CLI directly). */
  env: Record<string, string>;
  /** The stack settings file (`Pulumi.<stack>.yaml`, config with encrypted secrets). */
  settingsFile: string;
  /** Removes the stack (forced), its settings file and the temporary directory. */
  close(): Promise<void>;
}

/** Options of {@link openReferenceStack}. */
export interface ReferenceOptions {
  /** VMs in the stack (each with a disk and an attachment); default 1. */
  vms?: number;
  /** The subnet's network (default 10.61.0.0/24). */
  cidr?: string;
  /** A password for every VM (stored as a secret). */
  vmPassword?: string;
  /** The token the provider uses (default the emulator's), stored as a secret. */
  token?: string;
  /** More stack config, e.g. `{ "vmcloud:secretKey": { value, secret: true } }`. */
  config?: ConfigMap;
  /** The program's directory (default: the reference program). */
  programDir?: string;
}

let opened = 0;

/**
 * Creates a stack of the reference program for `emulator`: {@link openExampleStack} of the
 * program with the reference config (a fresh name prefix, `vms`, `cidr`) and `options`.
 */
export async function openReferenceStack(
  engine: Engine,
  emulator: TestEmulator,
  options: ReferenceOptions = {},
): Promise<ReferenceStack> {
  opened += 1;
  const prefix = `rel${opened}x${Date.now().toString(36)}`;
  const config: Record<string, string> = {
    prefix,
    vms: String(options.vms ?? 1),
    cidr: options.cidr ?? "10.61.0.0/24",
  };
  const secrets: Record<string, string> = {};
  if (options.token !== undefined) secrets["vmcloud:token"] = options.token;
  for (const [key, { value, secret }] of Object.entries(options.config ?? {})) {
    (secret === true ? secrets : config)[key] = value;
  }
  if (options.vmPassword !== undefined) secrets.vmPassword = options.vmPassword;
  const example = await openExampleStack(engine, emulator, "reference", {
    workDir: options.programDir ?? REFERENCE_DIR,
    config,
    secrets,
  });
  return { ...example, prefix };
}

/** Cloud resources of one stack, by kind: name (or rule key) → how many records have it. */
export type CloudCensus = Record<
  "vms" | "disks" | "subnets" | "securityGroups" | "rules",
  Record<string, number>
>;

interface Named {
  id: string;
  name: string;
  status?: string;
}

/**
 * What the emulator holds for names starting with `prefix`: each VM, disk (boot disks too),
 * subnet and group by name, and the rules of the stack's groups by direction, protocol, ports
 * and remote. A count above 1 is a duplicate. Records already being deleted count too until
 * they are gone.
 */
export async function census(emulator: TestEmulator, prefix: string): Promise<CloudCensus> {
  const reply = await emulator.call("GET", "/_emulator/state");
  const vm = (reply.body as { vm: Record<string, Record<string, Named & Record<string, unknown>>> })
    .vm;
  const count = (records: Record<string, Named> | undefined) => {
    const out: Record<string, number> = {};
    for (const r of Object.values(records ?? {})) {
      if (typeof r.name === "string" && r.name.startsWith(prefix))
        out[r.name] = (out[r.name] ?? 0) + 1;
    }
    return out;
  };
  const groups = new Map(
    Object.values(vm.securityGroups ?? {})
      .filter((g) => g.name.startsWith(prefix))
      .map((g) => [g.id, g.name]),
  );
  const rules: Record<string, number> = {};
  for (const r of Object.values(vm.securityGroupRules ?? {})) {
    const group = groups.get(r.security_group_id as string);
    if (group === undefined) continue;
    const key = `${group} ${String(r.direction)} ${String(r.ip_protocol)} ${String(r.port_range)} ${String(r.remote_ip_prefix ?? r.remote_security_group_id ?? "")}`;
    rules[key] = (rules[key] ?? 0) + 1;
  }
  return {
    vms: count(vm.vms),
    disks: count(vm.disks),
    subnets: count(vm.subnets),
    securityGroups: count(vm.securityGroups),
    rules,
  };
}

/** Names (or rule keys) that exist more than once. */
export function duplicatesOf(c: CloudCensus): string[] {
  return Object.values(c).flatMap((kind) =>
    Object.entries(kind)
      .filter(([, n]) => n > 1)
      .map(([name, n]) => `${name} ×${n}`),
  );
}

/** Every name (or rule key) in the census. */
export function namesOf(c: CloudCensus): string[] {
  return Object.values(c)
    .flatMap((kind) => Object.keys(kind))
    .sort();
}

/** The census expected of a converged reference stack with `vms` VMs. */
export function expectedNames(prefix: string, vms: number): string[] {
  const names = [`${prefix}-net`, `${prefix}-sg`];
  for (let i = 0; i < vms; i++) {
    names.push(`${prefix}-vm-${i}`, `${prefix}-vm-${i}-boot`, `${prefix}-data-${i}`);
  }
  names.push(
    `${prefix}-sg ingress tcp 22:22 10.0.0.0/8`,
    `${prefix}-sg ingress tcp 443:443 0.0.0.0/0`,
  );
  return names.sort();
}

/** Polls {@link census} until it has no names left (records being deleted go after their delay). */
export async function waitUntilGone(
  emulator: TestEmulator,
  prefix: string,
  timeoutMs = 30_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = namesOf(await census(emulator, prefix));
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The resources of the stack's state (without the stack itself). */
export async function stateResources(
  stack: Stack,
): Promise<Array<{ urn: string; type: string; id?: string }>> {
  const state = await stack.exportStack();
  const resources = (
    state.deployment as { resources?: Array<{ urn: string; type: string; id?: string }> }
  ).resources;
  return (resources ?? []).filter((r) => r.type.startsWith("pulumi-nodejs:dynamic/vmcloud:"));
}

/** The pending operations recorded in the stack's state (an interrupted update leaves some). */
export async function pendingOperations(
  stack: Stack,
): Promise<Array<{ type: string; urn: string }>> {
  const state = await stack.exportStack();
  const pending = (
    state.deployment as { pending_operations?: Array<{ type: string; resource: { urn: string } }> }
  ).pending_operations;
  return (pending ?? []).map((p) => ({ type: p.type, urn: p.resource.urn }));
}
