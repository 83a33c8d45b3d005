/**
 * Service errors whose generic hint would mislead (a 409 that is not a name clash, a 405 that
 * means "still in use") are re-thrown with advice for that exact code, keeping the service's
 * own code and message.
 */
import { ApiError } from "../../client";

/** Advice by service error code (or by HTTP status, as a number key). */
export type AdviceTable = Readonly<Record<string | number, string>>;

/**
 * Runs `work`; when it fails with an {@link ApiError} whose code (or status) has advice,
 * throws `"<advice> (service: <the error's message>)"` instead, with the original as cause.
 */
export async function withAdvice<T>(advice: AdviceTable, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const text =
      (error.code === undefined ? undefined : advice[error.code]) ?? advice[error.status];
    if (text === undefined) throw error;
    throw new Error(`${text} (service: ${error.message})`, { cause: error });
  }
}
