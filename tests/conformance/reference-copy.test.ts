// The repository's copy of the real VM service's OpenAPI document (tests/support/reference/),
// which every suite reads: it holds the document's machine-readable parts and nothing else,
// and it is what scripts/vendor-reference.mjs makes of the real document in
// `../shared/reference/` when that is there. (On a clone with nothing beside it there is
// nothing to compare with; the copy is then what the suites use, as always.)
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  HEADER,
  machineReadable,
  realDocumentPath,
  VENDORED_PATH,
  vendoredText,
} from "../../scripts/vendor-reference.mjs";
import { VM_SERVICE_DOCUMENT } from "../support/reference";

const copyText = readFileSync(VENDORED_PATH, "utf8");
const copy = parse(copyText) as {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown> };
};
const real = realDocumentPath() as string | undefined;

describe("the copy of the real OpenAPI document", () => {
  it("is the document every suite reads", () => {
    expect(VM_SERVICE_DOCUMENT).toBe(VENDORED_PATH);
    expect(copyText.startsWith(HEADER)).toBe(true);
  });

  it("holds the machine-readable parts only: nothing left to strip, and none of the document's prose", () => {
    expect(machineReadable(copy)).toEqual(copy);
    // The real document's descriptions, summaries, titles and examples are written in Russian;
    // its paths, names, enums and formats are not.
    expect(copyText.match(/.*[\u0400-\u04ff].*/)?.[0]).toBeUndefined();
    expect(Object.keys(copy.paths).length).toBeGreaterThanOrEqual(56);
    expect(Object.keys(copy.components.schemas).length).toBeGreaterThan(100);
  });

  if (real === undefined) {
    it("has no ../shared/reference/vm-service.openapi.yaml beside the repository to be compared with: the suites use the copy as it is", () => {
      console.log(
        "reference copy: no ../shared/reference/vm-service.openapi.yaml beside the repository " +
          "(nor $VMCLOUD_REAL_OPENAPI): nothing to compare the copy with; every suite uses the copy",
      );
      expect(realDocumentPath()).toBeUndefined();
    });
  } else {
    it(`is what scripts/vendor-reference.mjs makes of ${real}`, () => {
      const expected = vendoredText(real);
      if (expected !== copyText) {
        const want = expected.split("\n");
        const line = copyText.split("\n").findIndex((text, i) => text !== want[i]);
        throw new Error(
          `${VENDORED_PATH} differs from the real document's machine-readable parts from line ` +
            `${line + 1} on: run \`node scripts/vendor-reference.mjs\` and commit the result`,
        );
      }
      console.log(`reference copy: matches ${real}`);
    });
  }
});
