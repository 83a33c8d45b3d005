/**
 * Output properties made when a program first reads them.
 *
 * Pulumi's Node.js SDK makes an `Output` for every property a resource registers, with four
 * promises, their leak-report labels and about forty closures each: about 7 KB per property,
 * 300 MB for a 500-VM stack whose VMs have 48 properties each, though a program reads a few of
 * them. Registering a property the program did not give sends nothing (its value is
 * `undefined`), so a resource registers only the inputs given, and each other property of its
 * class is an accessor on the class's prototype. The first read makes the property from the
 * resource's state as the engine recorded it: once the registration has finished (its `urn`
 * resolves), one read of that state by URN (Pulumi's `getResource`, served by the engine from
 * the resources of this deployment) gives every property of the resource at once. That state is
 * the one the registration answered with, so each property has the same value, secrecy and
 * (in a preview) unknownness as a registered one, and depends on the resource.
 */
import * as pulumi from "@pulumi/pulumi";

/** What a resource's lazy properties need: its type token, name and property names. */
interface LazyState {
  readonly resource: pulumi.CustomResource;
  readonly type: string;
  readonly name: string;
  readonly keys: readonly string[];
  /** The state read by URN, once a property was read. */
  recorded?: RecordedState;
  /** The properties made so far, by name. */
  readonly made: Map<string, pulumi.Output<unknown>>;
}

const lazyStates = new WeakMap<object, LazyState>();
/** The prototypes that have the accessors, with the names they cover. */
const prototypesDone = new WeakMap<object, Set<string>>();

/**
 * The resource's state as the engine recorded it, read by URN: a resource of the same type and
 * name that registers nothing (Pulumi's "get by URN"), whose registered properties are all of
 * the class's.
 */
class RecordedState extends pulumi.CustomResource {
  constructor(type: string, name: string, keys: readonly string[], urn: string) {
    super(type, name, Object.fromEntries(keys.map((key) => [key, undefined])), { urn });
  }
}

/** The property `key` of the resource of `state`, made on its first read. */
function propertyOf(state: LazyState, key: string): pulumi.Output<unknown> {
  let made = state.made.get(key);
  if (made === undefined) {
    // Through the resource's own `urn`, so that the property depends on the resource.
    made = state.resource.urn.apply((urn) => {
      state.recorded ??= new RecordedState(state.type, state.name, state.keys, urn);
      return (state.recorded as unknown as Record<string, pulumi.Output<unknown>>)[key];
    });
    state.made.set(key, made);
  }
  return made;
}

/**
 * Gives `resource` (of type token `type`, named `name`) the output properties `keys` that its
 * registration did not set: each is made on its first read (see the file comment). Call it
 * after the registration, which set the properties it registered as the resource's own.
 */
export function lazyOutputProperties(
  resource: pulumi.CustomResource,
  type: string,
  name: string,
  keys: readonly string[],
): void {
  lazyStates.set(resource, { resource, type, name, keys, made: new Map() });
  const prototype = Object.getPrototypeOf(resource) as object;
  let done = prototypesDone.get(prototype);
  if (done === undefined) {
    done = new Set();
    prototypesDone.set(prototype, done);
  }
  for (const key of keys) {
    if (done.has(key)) continue;
    done.add(key);
    Object.defineProperty(prototype, key, {
      configurable: true,
      enumerable: false,
      get(this: object): pulumi.Output<unknown> | undefined {
        const state = lazyStates.get(this);
        return state === undefined ? undefined : propertyOf(state, key);
      },
      // Pulumi sets a registered property on the resource itself.
      set(this: object, value: unknown) {
        Object.defineProperty(this, key, {
          configurable: true,
          enumerable: true,
          writable: true,
          value,
        });
      },
    });
  }
}
