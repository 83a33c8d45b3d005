/** Runs many engine operations a few at a time, for the e2e suites that run tables of them. */

/** A bounded pool: runs `work` over `items`, at most `limit` at once, keeping the order. */
export async function pooled<T, R>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]!);
      }
    }),
  );
  return results;
}

/**
 * Runs `work` over `items` on `stacks`, one item per stack at a time (a stack is reused: a new
 * program is only new config), keeping the order.
 */
export function onStacks<S, T, R>(
  stacks: readonly S[],
  items: T[],
  work: (stack: S, item: T) => Promise<R>,
): Promise<R[]> {
  const free = [...stacks];
  return pooled(items, stacks.length, async (item) => {
    const stack = free.pop()!;
    try {
      return await work(stack, item);
    } finally {
      free.push(stack);
    }
  });
}
