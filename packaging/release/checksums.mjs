// SHA256SUMS over every file of a release folder, in the format `sha256sum -c` reads.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Writes `<out>/SHA256SUMS`; returns the number of files it covers. */
export function writeChecksums(out) {
  const files = readdirSync(out, { recursive: true })
    .filter((f) => f !== "SHA256SUMS" && statSync(join(out, f)).isFile())
    .sort();
  const lines = files.map(
    (f) =>
      `${createHash("sha256")
        .update(readFileSync(join(out, f)))
        .digest("hex")}  ${f}`,
  );
  writeFileSync(join(out, "SHA256SUMS"), lines.map((l) => `${l}\n`).join(""));
  return files.length;
}
