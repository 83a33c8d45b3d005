/**
 * The program of tests/e2e/fixtures/preview-mistakes, given whole as the stack's `program`
 * config: a list of steps, each a resource class of @vmcloud/pulumi (or an action function)
 * with its name and args; an argument `{"$out": "<name>.<output>"}` is an output of an earlier
 * step's resource.
 */

/** One resource or action function call of such a program. */
export interface Step {
  kind: string;
  name: string;
  args: Record<string, unknown>;
}
