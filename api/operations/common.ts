/**
 * Pieces the six operations share: the project id of the operations services, the plain
 * identifier strings their paths carry, and how their endpoints are declared.
 */
import { z } from "zod";
import {
  endpoint,
  type AuthScheme,
  type Endpoint,
  type ErrorShape,
  type ObjectSchema,
  type ServiceName,
} from "../endpoint";

/**
 * The project id in the operations' paths: 32 lowercase hexadecimal characters (the VM
 * service's project UUID without its dashes).
 */
export const OpsProjectId = z
  .string()
  .regex(/^[0-9a-f]{32}$/, { message: "must be 32 lowercase hexadecimal characters" })
  .describe("Project id: 32 lowercase hexadecimal characters");

/** An identifier in a path (backup, cluster, snapshot, instance, job): 1–64 characters. */
export const OpsId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-_.]*$/, {
    message: "must contain only letters, digits, '-', '_' and '.'",
  })
  .describe("Identifier: 1–64 letters, digits, '-', '_' or '.'");

/** Turns a VM-service project UUID into the operations' 32-character project id. */
export function opsProjectId(vmProjectId: string): string {
  return vmProjectId.replace(/-/g, "").toLowerCase();
}

/** The local date-time shape `YYYY-MM-DDThh:mm:ss` (no zone) that upgrade details use. */
export const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, { message: "must be YYYY-MM-DDThh:mm:ss" })
  .describe("Local date-time without zone, YYYY-MM-DDThh:mm:ss");

/** Formats epoch milliseconds as {@link LocalDateTime} (UTC wall clock, no zone). */
export function localDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19);
}

/** The path parameters of an operation: the project id, then the named identifiers. */
export function projectPath<const K extends string>(ids: Readonly<Record<K, string>>) {
  const shape = Object.fromEntries(
    Object.entries<string>(ids).map(([name, description]) => [name, OpsId.describe(description)]),
  ) as Record<K, typeof OpsId>;
  return z.object({ project_id: OpsProjectId, ...shape });
}

/** Why every operations endpoint may refuse a request: a bad token, or another project. */
export const REFUSED = {
  401: ["missing or invalid X-Auth-Token"],
  403: ["the project is not the token's project"],
} as const;

/** The refusals of the container service's node operations, which also take signed requests. */
export const SIGNED_REFUSED = {
  ...REFUSED,
  401: ["missing or invalid X-Auth-Token, or a refused signature"],
} as const;

/** An operations endpoint as its table states it: its service's fields are added. */
type OpsSpec<
  P extends ObjectSchema | undefined,
  Q extends ObjectSchema | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
> = Omit<Endpoint<P, Q, B, R>, "service" | "auth" | "errorShape">;

/**
 * Declares the endpoints of one operations service: its name, how its requests authenticate
 * and the shape of its error bodies are said once.
 */
function opsService(service: ServiceName, auth: AuthScheme, errorShape: ErrorShape) {
  return <
    P extends ObjectSchema | undefined = undefined,
    Q extends ObjectSchema | undefined = undefined,
    B extends z.ZodType | undefined = undefined,
    R extends z.ZodType | undefined = undefined,
  >({
    id,
    ...spec
  }: OpsSpec<P, Q, B, R>) => endpoint<P, Q, B, R>({ id, service, ...spec, auth, errorShape });
}

/** The operations services: how each authenticates and the shape of its error bodies. */
export const OPS = {
  backup: opsService("backup", "x-auth-token", "ecs"),
  search: opsService("search", "x-auth-token", "css"),
  queue: opsService("queue", "x-auth-token", "dms"),
  events: opsService("events", "x-auth-token", "aom"),
  containers: opsService("containers", "x-auth-token", "cce"),
  /** The container service's node operations, which also take signed requests. */
  signedContainers: opsService("containers", "x-auth-token-or-signature", "cce"),
};
