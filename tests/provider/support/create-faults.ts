/**
 * Two checks every kind's provider suite makes of a create that does not go as planned: a
 * create whose wait ends before the object is ready leaves it for the next `up` to finish, and
 * a create retried after a 503 and after a lost answer makes one object, not two.
 */
import { expect } from "vitest";
import type { TestEmulator } from "../../support/emulator";
import { slowDown } from "./fixtures";
import type { Props, ProviderHarness } from "./provider-harness";

/**
 * Creates `inputs.name` with a 1 s create timeout while the emulator runs 500 times slower, so
 * the wait ends with the object still `creating`: the failure names the resource and the
 * timeout, its properties are the object's, the next `up` sees no change, and its update waits
 * until the object is `readyState`.
 */
export async function expectTimedOutCreateFinishedByNextUp(
  provider: ProviderHarness,
  emu: TestEmulator,
  kind: string,
  inputs: Props & { name: string },
  readyState: string,
): Promise<void> {
  const { name } = inputs;
  const checked = await provider.check({ ...inputs, timeouts: { create: "1s" } });
  const restore = slowDown(emu, 500);
  const error = (await provider
    .create(checked.inputs)
    .catch((e: unknown) => e)
    .finally(restore)) as Error & { id?: string; properties?: Props };
  expect(error.message).toMatch(
    new RegExp(`^${kind} "${name}": create failed: .*timed out.*raise timeouts\\.create`),
  );
  expect(error.properties).toMatchObject({ name, state: "creating", timeouts: { create: "1s" } });
  expect((await provider.diff(error.id!, error.properties!, checked.inputs)).changes).toBe(false);
  const { outs } = await provider.update(error.id!, error.properties!, checked.inputs);
  expect(outs).toMatchObject({ name, state: readyState });
}

/**
 * `up` of `inputs` while the create's first POST to `route` answers 503 and the second's answer
 * is lost: the provider posts twice and `ids()` (the objects of the name the service holds)
 * is the one it returned. The faults are cleared whatever happens.
 */
export async function expectOneObjectDespiteRetries(
  provider: ProviderHarness,
  route: string,
  inputs: Props,
  ids: () => Promise<string[]>,
): Promise<{ id: string; outs: Props }> {
  await provider.setFaults([
    { route, method: "POST", errorRates: { "503": 1 }, times: 1 },
    { route, method: "POST", dropResponseRate: 1, times: 1 },
  ]);
  await provider.clearRequests();
  try {
    const made = await provider.up(inputs);
    const posts = (await provider.requests()).filter((r) => r.method === "POST");
    expect(posts.map((r) => r.status)).toEqual([503, 0]);
    expect(await ids()).toEqual([made.id]);
    return made;
  } finally {
    await provider.setFaults([]);
  }
}
