/**
 * Service errors whose generic hint would mislead (a 409 that is not a name clash, a 405 that
 * means "still in use") are re-thrown with advice for that exact code, keeping the service's
 * own code and message.
 */
import { ApiError } from "../../client";

/**
 * What to tell the user about one refusal: a text, or one made when it happens from what the
 * service can tell about it (e.g. which VMs still use a subnet).
 */
export type Advice = string | ((error: ApiError) => Promise<string>);

/** Advice by service error code (or by HTTP status, as a number key). */
export type AdviceTable = Readonly<Record<string | number, Advice>>;

/**
 * Runs `work`; when it fails with an {@link ApiError} whose code (or status) has advice,
 * throws `"<advice> (service: <the error's message>)"` instead, with the original as cause.
 */
export async function withAdvice<T>(advice: AdviceTable, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const found =
      (error.code === undefined ? undefined : advice[error.code]) ?? advice[error.status];
    if (found === undefined) throw error;
    const text = typeof found === "string" ? found : await found(error);
    throw new Error(`${text} (service: ${error.message})`, { cause: error });
  }
}
