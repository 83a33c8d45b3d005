/**
 * Reads that treat "gone" as an answer: refresh drops a resource the service no longer has,
 * delete counts it as deleted, and waits for a deletion end there. Only the service's 404 for
 * the object (never a wrong endpoint's 404, see RouteNotFoundError) means gone.
 */
import { NotFoundError } from "../../client";

/** Runs `read`; a 404 (or what `isGone` recognizes, e.g. the parent's 404) gives undefined. */
export async function getOrGone<T>(
  read: () => Promise<T>,
  isGone: (error: unknown) => boolean = () => false,
): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof NotFoundError || isGone(error)) return undefined;
    throw error;
  }
}
