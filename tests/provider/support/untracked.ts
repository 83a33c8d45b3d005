/**
 * The contract for an object the stack does not track that holds what a new resource asks for
 * (its name, its address): an interrupted `up`'s leftover, another stack's, or one made by
 * hand look the same to the provider, and none is taken over. `check` (preview) fails on it
 * where the kind can tell then, `create` refuses it before sending anything, both naming the
 * object's id and the commands that resolve it; the object is left as it was. Pulumi's own
 * recovery (`pulumi refresh --import-pending-creates '<urn>' --import-pending-creates <id>`) then reads it by id,
 * which {@link expectRecordable} shows.
 */
import { expect } from "vitest";
import { failureLine } from "./failures";
import type { ProviderHarness, Props } from "./provider-harness";

/** What the refusal must hold, by kind. */
export interface Refusal {
  /** The id of the untracked object. */
  id: string;
  /** The kind takes `adoptId`, so the advice offers it with this id. */
  adoptable: boolean;
  /** `check` can tell at preview (false where only create meets the object). */
  atCheck: boolean;
  /** Words the create's refusal must contain besides the id (e.g. `matches this resource`). */
  words?: RegExp;
}

/** The resolving commands every refusal gives for `id`. */
export function expectAdvice(message: string, refusal: Refusal): void {
  expect(message).toContain(refusal.id);
  expect(message).toMatch(
    new RegExp(`--import-pending-creates '[^']+' --import-pending-creates ${refusal.id}\\b`),
  );
  if (refusal.adoptable) expect(message).toContain(`set adoptId to "${refusal.id}"`);
  else expect(message).not.toContain("adoptId");
  expect(message).toContain("pulumi import");
}

/**
 * `check` then `create` of `inputs` as a new resource meet the untracked object: both refuse
 * it with the advice, only reads are sent, and nothing new is made.
 */
export async function expectRefused(
  provider: ProviderHarness,
  inputs: Props,
  refusal: Refusal,
): Promise<void> {
  await provider.clearRequests();
  const checked = await provider.check(inputs);
  if (refusal.atCheck) {
    expect(checked.failures.length, JSON.stringify(checked.failures)).toBeGreaterThan(0);
    const lines = checked.failures.map(failureLine);
    expect(lines.some((line) => line.includes(refusal.id))).toBe(true);
    for (const line of lines.filter((l) => l.includes(refusal.id))) expectAdvice(line, refusal);
  }
  // An `up` whose preview ran before the object existed reaches create: it refuses too.
  const error = await provider.create(checked.inputs).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error, "create must refuse the untracked object").toBeInstanceOf(Error);
  expect(error!.message).toContain("this stack does not track it");
  expectAdvice(error!.message, refusal);
  if (refusal.words !== undefined) expect(error!.message).toMatch(refusal.words);
  const changing = (await provider.requests()).filter((r) => r.method !== "GET");
  expect(changing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
}

/**
 * What the resolving command does: the engine reads the object by id with the program's
 * inputs (an import), then checks the program against it as its previous inputs; it passes,
 * and the diff shows no change, so the next `up` converges on that object.
 */
export async function expectRecordable(
  provider: ProviderHarness,
  id: string,
  inputs: Props,
): Promise<void> {
  const read = await provider.read(id, {});
  expect(read.id ?? id).toBe(id);
  expect(read.inputs).toBeDefined();
  const checked = await provider.check(inputs, read.inputs);
  expect(checked.failures).toEqual([]);
  expect(await provider.diff(id, read.props!, checked.inputs)).toMatchObject({ changes: false });
}
