/**
 * README's "Using it in a program", as the packed-install test runs it word for word: the
 * TypeScript program (the section's `ts` block) and the commands of its `bash` block, with
 * the placeholders (`https://…`, `<token>`, `<project uuid>`) replaced by the emulator's
 * values and the comments dropped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { repo } from "./packed";

/** The section, up to the next `## ` heading. */
function section(): string {
  const readme = readFileSync(join(repo, "README.md"), "utf8");
  const start = readme.indexOf("\n## Using it in a program\n");
  if (start < 0) throw new Error('README.md has no "## Using it in a program" section');
  const end = readme.indexOf("\n## ", start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The first fenced block of `language` in the section. */
function block(language: string): string {
  const match = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(section());
  if (match === null) throw new Error(`README's "Using it in a program" has no ${language} block`);
  return match[1]!;
}

/** The program, as README shows it. */
export function readmeProgram(): string {
  return block("ts");
}

/** What replaces each placeholder of the commands. */
export interface ReadmeValues {
  endpoint: string;
  token: string;
  projectId: string;
}

/** The commands of the section's first `bash` block, each as its arguments. */
export function readmeCommands(values: ReadmeValues): string[][] {
  return block("bash")
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "")
    .map((line) =>
      line
        .replace("https://…", values.endpoint)
        .replace("<token>", values.token)
        .replace("<project uuid>", values.projectId)
        .split(/\s+/),
    );
}
