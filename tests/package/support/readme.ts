/**
 * READMEs as the packed-install test reads them: the package's own README (as the tarball
 * holds it), whose first steps it runs word for word, and the repository's README, whose
 * program must be the same. Sections are `## ` headings; commands are the lines of a fenced
 * `bash` block, comments dropped and placeholders (`<token>`, …) replaced.
 */
import { readFileSync } from "node:fs";

/** One README file. */
export class Readme {
  /** Reads the README at `file`. */
  constructor(readonly file: string) {
    this.text = readFileSync(file, "utf8");
  }

  /** Its whole text. */
  readonly text: string;

  /** The section under `## <heading>`, up to the next `## ` heading. */
  section(heading: string): string {
    const start = this.text.indexOf(`\n## ${heading}\n`);
    if (start < 0) throw new Error(`${this.file} has no "## ${heading}" section`);
    const end = this.text.indexOf("\n## ", start + 1);
    return this.text.slice(start, end < 0 ? undefined : end);
  }

  /** The fenced blocks of `language` in the section, in order. */
  blocks(heading: string, language: string): string[] {
    const blocks = [
      ...this.section(heading).matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g")),
    ].map((m) => m[1]!);
    if (blocks.length === 0) {
      throw new Error(`"## ${heading}" of ${this.file} has no ${language} block`);
    }
    return blocks;
  }

  /** The targets of its Markdown links, `[text](target)`. */
  links(): string[] {
    return [...this.text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  }
}

/** What replaces each placeholder: the placeholder's text → its value. */
export type Placeholders = Record<string, string>;

/** `text` with every placeholder replaced. */
export function fill(text: string, values: Placeholders): string {
  let filled = text;
  for (const [placeholder, value] of Object.entries(values)) {
    filled = filled.split(placeholder).join(value);
  }
  return filled;
}

/** The commands of a `bash` block, each as its arguments: comments dropped, placeholders filled. */
export function commandsOf(block: string, values: Placeholders = {}): string[][] {
  return block
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "")
    .map((line) =>
      fill(line, values)
        .split(/\s+/)
        .map((arg) => arg.replace(/^"(.*)"$/, "$1")),
    );
}
