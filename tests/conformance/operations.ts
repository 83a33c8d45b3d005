/**
 * The operations of the real VM service's OpenAPI document (the repository's copy of its
 * machine-readable parts) and those of the emulator's VM-service endpoint table, each as
 * `<METHOD> <path template>`, so that a test can say which of the document's operations the
 * emulator serves.
 */
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { vmEndpoints } from "../../api/vm/endpoints";
import { VM_SERVICE_DOCUMENT } from "../support/reference";

/** The HTTP methods an OpenAPI path item may hold. */
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

/** `<METHOD> <path>` with every path parameter written `{}`, so names do not matter. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, "{}")}`;
}

/** Every operation of the real document, as `<METHOD> <path template>`. */
export function documentOperations(document = VM_SERVICE_DOCUMENT): string[] {
  const doc = parse(readFileSync(document, "utf8")) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Every operation of the emulator's VM-service endpoint table, as `<METHOD> <path template>`. */
export function servedOperations(): string[] {
  return Object.values(vmEndpoints).map((e) => `${e.method} ${e.path}`);
}
