/**
 * Patterns of secrets written into text (cloud-init user data): private keys, cloud and
 * forge tokens, credentials in URLs, and literal values assigned to names that hold a secret
 * (`db_password: x`, `export API_TOKEN=x`, `- SECRET_KEY=x`, `aws_secret_access_key = x`).
 * Matches are reported by pattern name and line, never with the matched text.
 */

/** A named pattern. */
export interface SecretPattern {
  name: string;
  /** What it finds, for messages. */
  what: string;
  regex: RegExp;
  /**
   * When set, every match of `regex` on a line is checked with it, and the line is a finding
   * when one match is accepted (`secret-assignment`: the name holds a secret, the value is a
   * literal). Without it, any match is a finding.
   */
  accept?: (match: RegExpMatchArray) => boolean;
}

/**
 * `secret-assignment` candidates: a NAME, then `:` (YAML; a blank, a quote or the line's end
 * must follow) or `=` (shell and env files: `NAME=value`; INI: `name = value`), then the value.
 * Blanks after `=` count only after blanks before it: in shell `NAME= cmd` assigns nothing, and
 * base64 padding followed by a blank (`AAAA...= user@host`) is no assignment. The name
 * starts the line or follows a blank, `{`, `[`, `,`, `;`, `&`, `|`, `(`, a quote or `=`, so all of
 * `db_password: x`, `export DB_PASSWORD=x`, `- SECRET_KEY=x`, `{ name: ops, password: x }`,
 * `Environment=API_TOKEN=x`, `"token": "x"` and `aws_secret_access_key = x` are seen. Names are
 * at most 64 characters, which keeps base64 lines (public keys, file contents) with `=` padding
 * out. The value is only looked at (a lookahead), so `Environment=API_TOKEN=x` is scanned again
 * from `API_TOKEN`. Groups: 2 the name, 3 the value's first token without its opening quote.
 */
const ASSIGNMENT =
  /(?<![^\s{[,;&|("'=])(["']?)([A-Za-z0-9_.-]{1,64})\1(?:[ \t]*:(?=[\s"']|$)[ \t]*|[ \t]+=(?!=)[ \t]*|=(?!=))(?=["']?([^\s"',}\]]*))/;

// Names holding a secret. Any name that CONTAINS password, passwd, passphrase, secret or token
// (case-insensitive; `db_password`, `MYSQL_ROOT_PASSWORD`, `mysqlRootPassword`, `GPG_PASSPHRASE`,
// `client_secret`, `API_TOKEN`), or that ENDS in the word pass or pwd (`DB_PASS`, `MYSQL_PWD`).
const SECRET_SUBSTRING = /password|passwd|passphrase|secret|token/;
const SECRET_LAST_WORDS = new Set(["pass", "pwd"]);
// "key" is different: cloud-init is full of key names that hold no secret. `ssh_authorized_keys`,
// `ssh_keys`, `ssh_deletekeys`, `ssh_genkeytypes` (plural or part of a longer word), `keyboard`,
// `keyserver`, `keyid` (apt sources), and a bare `key:` (apt sources: a PUBLIC PGP key block).
// So "key" counts only as the word `key` after a qualifier (`private_key`, `secret_key`,
// `access_key`, `api_key`, `license_key`, `PresharedKey`) or as a compound word naming a secret
// (`apikey`, `privatekey`, `secretkey`, `accesskey`); never a bare `key` or `key_...`.
const KEY_COMPOUNDS = new Set(["apikey", "privatekey", "secretkey", "accesskey"]);
// A name with one of these words is about public material: `public_key`, `pubkey`, `PublicKey`,
// `ssh_authorized_keys`, Stripe's `publishable_key`.
const PUBLIC_WORDS = new Set(["public", "pub", "pubkey", "publickey", "authorized", "publishable"]);
// A name whose last word is one of these describes a secret rather than holding it:
// `password_file`, `token_path`, `key_name`, `AWS_ACCESS_KEY_ID` (an id, not the key; the
// aws-access-key pattern reports AKIA... values), `token_url`, `password_length`, `token_ttl`,
// `ssh_key_fingerprint`. Vault's `secret_id` is the exception: it is a credential.
const DESCRIPTIVE_LAST_WORD =
  /^(?:files?|paths?|dirs?|names?|ids?|types?|urls?|uris?|endpoints?|length|ttl|expires?|expiry|expiration|fingerprints?)$/;
// sudoers' `NOPASSWD: ALL` tag (in `users: sudo:`) names no password.
const NOT_SECRET_NAMES = new Set(["nopasswd"]);

/** The lower-case words of a name: split at `_`, `-`, `.` and camelCase humps. */
function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}

/** Whether a `secret-assignment` name holds a secret (see the comments above for why). */
export function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  const words = wordsOf(name);
  const last = words.at(-1);
  if (last === undefined || NOT_SECRET_NAMES.has(lower.replace(/^[-_.]+/, ""))) return false;
  if (words.some((word) => PUBLIC_WORDS.has(word))) return false;
  if (DESCRIPTIVE_LAST_WORD.test(last) && !(last === "id" && words.at(-2) === "secret")) {
    return false;
  }
  return (
    SECRET_SUBSTRING.test(lower) ||
    SECRET_LAST_WORDS.has(last) ||
    words.some((word, i) => (word === "key" && i > 0) || KEY_COMPOUNDS.has(word))
  );
}

// Values that are not a literal secret, tested on the value's first token (opening quote
// dropped): no value at all (a header such as `ssh_authorized_keys:`, or `""`); a reference
// (`$VAR`, `${VAR}`, `$(cmd)`, a backquoted command, `{{ var }}`, `<placeholder>`, a YAML `*alias`);
// a crypt hash (`$6$...`, `$2b$...`); a flow collection (`chpasswd: { ... }`, `[ ... ]`: its own
// items are scanned); a YAML comment; the words cloud-init and YAML use for "no password" or a
// boolean (`lock_passwd: false`, `password: RANDOM`, `~`); an SSH public key (`ssh-ed25519 ...`);
// a PEM block (`-----BEGIN`: private ones are the private-key pattern's); a file path with a
// directory (`/etc/ssl/private/web.key`, `~/.ssh/id_ed25519`).
const NOT_A_LITERAL =
  /^(?:$|[$`{[<*#]|(?:true|false|yes|no|on|off|null|none|~|random)$|ssh-(?:rsa|dss|ed25519)\b|ecdsa-sha2-|sk-(?:ssh|ecdsa)-|-----BEGIN|(?:~|\.{1,2})?\/(?:[\w.-]+\/)+[\w.-]*$)/i;

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
    what: "a password, secret, token or key assigned a literal value",
    regex: ASSIGNMENT,
    accept: (match) => isSecretName(match[2] ?? "") && isLiteralAssignment(match[3] ?? ""),
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

/** Whether `line` is a finding of `pattern`. */
function matchesLine(pattern: SecretPattern, line: string): boolean {
  const { accept, regex } = pattern;
  if (accept === undefined) return regex.exec(line) !== null;
  const all = new RegExp(regex.source, regex.flags.includes("g") ? regex.flags : `${regex.flags}g`);
  for (const match of line.matchAll(all)) if (accept(match)) return true;
  return false;
}

/**
 * Scans `text` line by line with `patterns`; one finding per pattern and line. A
 * `secret-assignment` counts only where a name that holds a secret gets a literal value, not a
 * reference (`$VAR`, `{{ var }}`), a crypt hash or a public key.
 */
export function findSecrets(text: string, patterns: readonly SecretPattern[]): SecretFinding[] {
  const findings: SecretFinding[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    for (const pattern of patterns) {
      if (matchesLine(pattern, line)) {
        findings.push({ pattern: pattern.name, what: pattern.what, line: i + 1 });
      }
    }
  });
  return findings;
}
