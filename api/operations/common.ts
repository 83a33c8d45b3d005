/**
 * Pieces the six operations share: the project id of the operations services and the plain
 * identifier strings their paths carry.
 */
import { z } from "zod";

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
