/**
 * The node login password policy of the container service (node migration): 8–26 characters
 * from four classes, at least three classes used, and neither the user name nor the user name
 * reversed inside it.
 */

/** The special characters a node password may contain. */
export const PASSWORD_SPECIAL_CHARACTERS = "!@$%^-_=+[{}]:,./?~#*";

/** Shortest and longest node password. */
export const PASSWORD_MIN_LENGTH = 8;
/** See {@link PASSWORD_MIN_LENGTH}. */
export const PASSWORD_MAX_LENGTH = 26;

/** The user name used when a login gives none. */
export const DEFAULT_NODE_USERNAME = "root";

/**
 * Every rule `password` breaks for `username` (default `root`), as messages that say how to
 * fix it; empty when the password is acceptable. The user-name check ignores case.
 */
export function passwordProblems(
  password: string,
  username: string = DEFAULT_NODE_USERNAME,
): string[] {
  const problems: string[] = [];
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    problems.push(
      `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long (it has ${length})`,
    );
  }
  // The offending characters are not named: they are part of a secret.
  if (
    [...password].some((c) => !/[A-Za-z0-9]/.test(c) && !PASSWORD_SPECIAL_CHARACTERS.includes(c))
  ) {
    problems.push(
      `may contain only letters, digits and the special characters ${PASSWORD_SPECIAL_CHARACTERS}`,
    );
  }
  const classes =
    [/[A-Z]/, /[a-z]/, /[0-9]/].filter((re) => re.test(password)).length +
    ([...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)) ? 1 : 0);
  if (classes < 3) {
    problems.push(
      "must use at least three of: uppercase letters, lowercase letters, digits, special characters",
    );
  }
  if (username !== "") {
    const lower = password.toLowerCase();
    const name = username.toLowerCase();
    const reversed = [...name].reverse().join("");
    if (lower.includes(name)) problems.push(`must not contain the user name "${username}"`);
    else if (lower.includes(reversed))
      problems.push(`must not contain the user name "${username}" reversed`);
  }
  return problems;
}
