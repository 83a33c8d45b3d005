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

/** `{ $out: "<name>.id" }`: the id of the program's resource `name`, unknown at preview. */
export const idOf = (name: string): { $out: string } => ({ $out: `${name}.id` });

/** The step that makes a `kind` named `name` from `args`. */
export function step(kind: string, name: string, args: Record<string, unknown>): Step {
  return { kind, name, args };
}

/**
 * What makes the smallest VM step of a suite: its VM is named `<prefix>-<name>`, so that the
 * suites' resources never clash in one emulator; `extra` adds or overrides args.
 */
export function vmStep(prefix: string): (name: string, extra?: Record<string, unknown>) => Step {
  return (name, extra = {}) =>
    step("Vm", name, {
      name: `${prefix}-${name}`,
      flavor: "burst-1-1",
      image: "ubuntu-22.04",
      bootDisk: { size: 10 },
      ...extra,
    });
}

/** The zone of most of a program's resources. */
export const AZ1 = { availabilityZone: "ru.AZ-1" };
/** The other zone, where a mistake puts the one resource that does not belong. */
export const AZ2 = { availabilityZone: "ru.AZ-2" };
