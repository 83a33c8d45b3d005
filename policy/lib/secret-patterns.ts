/**
 * Patterns of secrets written into text (cloud-init user data): private keys, cloud and
 * forge tokens, credentials in URLs, and `password:`-style assignments of literal values.
 * Matches are reported by pattern name and line, never with the matched text.
 */

/** A named pattern. */
export interface SecretPattern {
  name: string;
  /** What it finds, for messages. */
  what: string;
  regex: RegExp;
}

// Assignments whose value is a reference or a hash, not a secret: $VAR, ${VAR}, {{ var }},
// crypt hashes ($6$...), and the literal words cloud-init uses for "no password".
const NOT_A_LITERAL = /^(?:\$|\{\{|<|true$|false$|null$|none$|random$|RANDOM$|""$|''$)/i;

/** The built-in patterns. */
export const BUILTIN_SECRET_PATTERNS: readonly SecretPattern[] = [
  {
    name: "private-key",
    what: "a private key",
    regex: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/,
  },
  {
    name: "aws-access-key",
    what: "an AWS access key id",
    regex: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
  },
  {
    name: "github-token",
    what: "a GitHub token",
    regex: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/,
  },
  {
    name: "slack-token",
    what: "a Slack token",
    regex: /\bxox[abprs]-[A-Za-z0-9-]{10,}/,
  },
  {
    name: "url-credentials",
    what: "a user name and password in a URL",
    regex: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/]+:[^\s@/]+@/i,
  },
  {
    name: "secret-assignment",
    what: "a password, token or key assigned a literal value",
    regex:
      /(?:^|[\s{,"'])["']?(?:password|passwd|pass|pwd|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|client[_-]?secret|private[_-]?key)["']?\s*[:=]\s*["']?([^\s"',}]+)/im,
  },
];

/** Whether a `secret-assignment` match assigns a literal rather than a reference or hash. */
export function isLiteralAssignment(value: string): boolean {
  return !NOT_A_LITERAL.test(value);
}

/** One finding: the pattern and the 1-based line it matched on. */
export interface SecretFinding {
  pattern: string;
  what: string;
  line: number;
}

/**
 * Scans `text` line by line with `patterns`; one finding per pattern and line. A line of a
 * `secret-assignment` whose value is a reference (`$VAR`, `{{ var }}`) or a crypt hash is
 * not a finding.
 */
export function findSecrets(text: string, patterns: readonly SecretPattern[]): SecretFinding[] {
  const findings: SecretFinding[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    for (const pattern of patterns) {
      const match = pattern.regex.exec(line);
      if (match === null) continue;
      if (pattern.name === "secret-assignment" && !isLiteralAssignment(match[1] ?? "")) continue;
      findings.push({ pattern: pattern.name, what: pattern.what, line: i + 1 });
    }
  });
  return findings;
}
