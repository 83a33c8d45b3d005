/**
 * The secrets the reliability suites use, and the scan that proves none of them leaks. Every
 * suite makes its secrets random per run (so a hit cannot be a coincidence), records each text
 * it produces (error messages, engine output, state files) with {@link SecretScan.add}, and
 * asserts at the end that {@link SecretScan.hits} is empty.
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** A random secret, e.g. `tok-3f9a…`, that appears nowhere unless something leaks it. */
export function randomSecret(prefix: string, bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString("hex")}`;
}

/**
 * The engine's logs at their most verbose level that holds no secret of its own making, on
 * stderr. At `-v=9` the Pulumi engine itself logs every config value it marshals into a
 * provider's `Configure` call, decrypted ("Marshaling property for
 * RPC[Provider[…].Configure().inputs]: value={…}"), and the dynamic provider receives the whole
 * stack config: that is the engine's doing, before any of our code runs (docs/reliability.md).
 * `RELIABILITY_LOG_V` sets another level.
 */
export const VERBOSE_LOGS = {
  logVerbosity: Number(process.env.RELIABILITY_LOG_V ?? 8),
  logToStdErr: true,
  debug: true,
} as const;

/** How the engine marks a secret value in a deployment (`sig` key → secret signature). */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** True for a secret as a stored (or exported, not decrypted) state holds it: encrypted. */
export function isEncryptedSecret(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<string, unknown>)[SECRET_SIG] !== undefined &&
    typeof (value as Record<string, unknown>)["ciphertext"] === "string"
  );
}

/** A VM password the service accepts (upper, lower, digit, symbol), random per call. */
export function randomPassword(): string {
  return `Rel-${randomBytes(6).toString("hex")}-Pw9!`;
}

/** One place a secret was found. */
export interface SecretHit {
  /** Which secret (its label, never its value). */
  secret: string;
  /** Where it was found. */
  source: string;
}

/** Collects texts and scans them for secrets. */
export class SecretScan {
  private readonly texts: Array<{ source: string; text: string }> = [];
  private readonly secrets = new Map<string, string>();

  /** Registers a secret under a label (the label is what a hit reports). */
  secret(label: string, value: string): string {
    this.secrets.set(label, value);
    return value;
  }

  /** Records a text to scan. */
  add(source: string, text: string): void {
    this.texts.push({ source, text });
  }

  /** Records an error's message, stack and cause chain. */
  addError(source: string, error: unknown): void {
    let current: unknown = error;
    for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
      if (current instanceof Error) {
        this.add(source, `${current.message}\n${current.stack ?? ""}`);
        current = (current as Error & { cause?: unknown }).cause;
      } else {
        this.add(source, typeof current === "string" ? current : JSON.stringify(current));
        break;
      }
    }
  }

  /**
   * Runs `operation` (an Automation API call) and records what it printed, or its error (its
   * message carries the command's output), which it throws again.
   */
  async record<T extends { stdout: string; stderr: string }>(
    source: string,
    operation: () => Promise<T>,
  ): Promise<T> {
    try {
      const result = await operation();
      this.add(`${source} stdout`, result.stdout);
      this.add(`${source} stderr`, result.stderr);
      return result;
    } catch (error) {
      this.addError(source, error);
      throw error;
    }
  }

  /** Records every file under `dir` (state files, backups, history). */
  addTree(source: string, dir: string): number {
    let files = 0;
    const walk = (path: string) => {
      for (const entry of readdirSync(path)) {
        const full = join(path, entry);
        if (statSync(full).isDirectory()) walk(full);
        else {
          this.add(`${source}/${full.slice(dir.length + 1)}`, readFileSync(full, "utf8"));
          files += 1;
        }
      }
    };
    walk(dir);
    return files;
  }

  /** How many texts and bytes were recorded. */
  size(): { texts: number; bytes: number } {
    return {
      texts: this.texts.length,
      bytes: this.texts.reduce((sum, t) => sum + Buffer.byteLength(t.text), 0),
    };
  }

  /** Each hit with up to `width` characters around it, for diagnosing a leak. */
  contexts(width = 200): Array<SecretHit & { around: string }> {
    const out: Array<SecretHit & { around: string }> = [];
    for (const [label, value] of this.secrets) {
      for (const { source, text } of this.texts) {
        const at = text.indexOf(value);
        if (at >= 0) {
          out.push({
            secret: label,
            source,
            around: text
              .slice(Math.max(0, at - width), at + value.length + width)
              .replaceAll(value, `<${label}>`),
          });
        }
      }
    }
    return out;
  }

  /**
   * Every place a secret occurs: as is, base64-encoded, or URL-encoded (the forms a request
   * dump or a header would show).
   */
  hits(): SecretHit[] {
    const found: SecretHit[] = [];
    for (const [label, value] of this.secrets) {
      const forms = new Set([
        value,
        Buffer.from(value).toString("base64"),
        encodeURIComponent(value),
      ]);
      for (const { source, text } of this.texts) {
        if ([...forms].some((form) => text.includes(form))) found.push({ secret: label, source });
      }
    }
    return found;
  }
}
