/**
 * Holds the emulator's state and, with a state file, persists it after every change with an
 * atomic write (temporary file, fsync, rename), so a crash never leaves a corrupt file.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/** A store of one JSON-serializable state value. */
export class Store<T> {
  private current: T;

  constructor(
    private readonly initial: () => T,
    private readonly file?: string,
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
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(tmp, "w", 0o600);
    try {
      writeSync(fd, JSON.stringify(this.current));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
  }

  private load(): T | undefined {
    if (this.file === undefined) return undefined;
    let text: string;
    try {
      text = readFileSync(this.file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new Error(`state file ${this.file} is not valid JSON; move it away to start afresh`);
    }
  }
}
