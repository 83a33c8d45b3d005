/**
 * Holds the emulator's state and, with a state file, persists it after every change with an
 * atomic write (temporary file, fsync, rename, fsync of the directory), so a crash never
 * leaves a corrupt file and an acknowledged change survives a power loss.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

/** A store of one JSON-serializable state value. */
export class Store<T> {
  private current: T;
  private directoryReady = false;

  /**
   * @param initial builds fresh state (the fixtures).
   * @param file the state file; without one, state lives in memory only.
   * @param check says what is wrong with a loaded state (undefined when it is usable); a
   *   state file that parses but fails the check is refused like one that does not parse.
   */
  constructor(
    private readonly initial: () => T,
    private readonly file?: string,
    private readonly check?: (value: T) => string | undefined,
  ) {
    this.current = this.load() ?? initial();
  }

  /** The live state. Models mutate it; call {@link save} after a change. */
  get state(): T {
    return this.current;
  }

  /** Replaces the state with fresh fixtures. */
  reset(): void {
    this.current = this.initial();
    this.save();
  }

  /** Writes the state to the state file, if there is one. */
  save(): void {
    if (this.file === undefined) return;
    const directory = dirname(this.file);
    if (!this.directoryReady) {
      mkdirSync(directory, { recursive: true });
      this.directoryReady = true;
    }
    // The pid keeps two emulators that share a file by mistake from writing one temp file.
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, "w", 0o600);
    try {
      writeSync(fd, JSON.stringify(this.current));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
    syncDirectory(directory);
  }

  private load(): T | undefined {
    if (this.file === undefined) return undefined;
    removeStaleTemps(this.file);
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    const refuse = (why: string) =>
      new Error(
        `state file ${this.file} ${why}; move it away (or delete it) to start afresh with the fixtures`,
      );
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw refuse("is not valid JSON");
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw refuse("does not hold an emulator state (expected a JSON object)");
    }
    const problem = this.check?.(value as T);
    if (problem !== undefined) throw refuse(problem);
    return value as T;
  }
}

/**
 * Makes the rename itself durable: until the directory entry is on disk, a power loss can
 * bring back the previous file. Some platforms cannot open a directory; there the rename is
 * still atomic, only not yet durable.
 */
function syncDirectory(directory: string): void {
  let fd: number;
  try {
    fd = openSync(directory, "r");
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // EINVAL/EPERM on file systems that do not sync directories: nothing more can be done.
  } finally {
    closeSync(fd);
  }
}

/** Removes temp files that a killed emulator left beside `file` (never a live one's). */
function removeStaleTemps(file: string): void {
  const directory = dirname(file);
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
    const middle = name.slice(prefix.length, -".tmp".length);
    if (!/^\d+$/.test(middle)) continue;
    const pid = Number(middle);
    if (pid !== process.pid && isAlive(pid)) continue;
    try {
      unlinkSync(join(directory, name));
    } catch {
      // Gone already, or not ours to remove: either way it does not affect the state file.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
