/**
 * The real VM service's OpenAPI document as every suite reads it: the repository's copy of its
 * machine-readable parts (tests/support/reference/, made by scripts/vendor-reference.mjs). The
 * suites never look beside the repository, so `npm test` passes on a clone with nothing beside
 * it; tests/conformance/reference-copy.test.ts alone compares the copy with the real document
 * when that is beside the repository.
 */
import { join } from "node:path";

/** Path of the copy of the real VM service's OpenAPI document (YAML). */
export const VM_SERVICE_DOCUMENT = join(__dirname, "reference", "vm-service.openapi.yaml");
