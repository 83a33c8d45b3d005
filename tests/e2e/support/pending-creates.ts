/**
 * What a user does after an `up` that was killed while creates were in flight (issue 40): the
 * next `up` refuses each object the killed one made, naming it and the command that records it,
 * `pulumi refresh --import-pending-creates '<urn>' --import-pending-creates <id>`. This finds
 * those commands in what the engine printed.
 */

/** One pending create to record: the resource's URN and the object's id. */
export interface PendingImport {
  urn: string;
  id: string;
}

/** The objects the refusals in `text` name, each once. */
export function pendingImportsIn(text: string): PendingImport[] {
  const found = new Map<string, PendingImport>();
  for (const m of text.matchAll(
    /--import-pending-creates '([^']+)' --import-pending-creates ([^\s`'"]+)/g,
  )) {
    found.set(`${m[1]!} ${m[2]!}`, { urn: m[1]!, id: m[2]! });
  }
  return [...found.values()];
}
