/**
 * What one lookup runs with: the client (the process's shared one unless given), the default
 * project, and calls whose failures become {@link LookupError}s naming the lookup. Who runs the
 * lookup says where the shared client and the default project come from: the TypeScript SDK
 * from the program's settings, the provider plugin from the provider's configuration.
 */
import type { z } from "zod";
import type { AnyEndpoint } from "../../api/endpoint";
import {
  ApiError,
  type CallInput,
  type CallOutput,
  type ItemOf,
  type PagedEndpoint,
  type VmCloudClient,
} from "../client";
import { argumentError } from "./args";
import { camelize, type Camelized } from "./camelize";
import { LookupError } from "./errors";

/**
 * What to do, for statuses where the status alone says it (the resources give the same
 * advice). A wrong endpoint needs none here: the client's message already names the URL and
 * the setting.
 */
const HINTS: Readonly<Record<number, string>> = {
  // A lookup runs in the program, with the stack's current config: no stored settings.
  401:
    "check the token: `pulumi config set --secret vmcloud:token <token>` (the stack's setting " +
    "wins over VMCLOUD_TOKEN, which counts only when the stack sets none)",
  403: "the token may not use this project: check vmcloud:projectId or the projectId argument",
};

/** Options of every lookup (plain and Output forms). */
export interface LookupOptions {
  /**
   * The client to call through. Default: the program's shared client, built from the stack
   * config (`vmcloud:endpoint`, `vmcloud:token`) or the `VMCLOUD_*` environment variables.
   */
  client?: VmCloudClient;
  /** Aborts the lookup's requests (and its retries). */
  signal?: AbortSignal;
}

/**
 * Where a lookup finds what its caller did not give: the process's shared client and its
 * default project (the program's in the SDK, the provider's in the plugin).
 */
export interface LookupDefaults {
  /** The shared client; throws a message naming the setting to set when it cannot be built. */
  client(): VmCloudClient;
  /** The configured project (`vmcloud:projectId` / `VMCLOUD_PROJECT_ID`), if any. */
  projectId(): string | undefined;
}

/** One running lookup. */
export class LookupRun {
  private cachedClient: VmCloudClient | undefined;

  /**
   * @param name  the lookup's public name, e.g. `getFlavors`; every error starts with it
   * @param options  the caller's options
   * @param defaults  where the shared client and the default project come from
   */
  constructor(
    readonly name: string,
    private readonly options: LookupOptions,
    private readonly defaults: LookupDefaults,
  ) {}

  /** The client; a missing endpoint or token fails here, naming the config to set. */
  get client(): VmCloudClient {
    if (this.cachedClient !== undefined) return this.cachedClient;
    if (this.options.client !== undefined) {
      this.cachedClient = this.options.client;
      return this.cachedClient;
    }
    try {
      this.cachedClient = this.defaults.client();
    } catch (error) {
      throw new LookupError({
        lookup: this.name,
        detail: error instanceof Error ? error.message : String(error),
        cause: error,
      });
    }
    return this.cachedClient;
  }

  /**
   * The project to use: `given`, else `vmcloud:projectId` / `VMCLOUD_PROJECT_ID`. Fails naming
   * `projectId` when neither is set or the value does not fit `schema` (the query field's).
   */
  projectId(given: string | undefined, schema: z.ZodType): string {
    const fromConfig = given === undefined;
    const value = given ?? this.defaults.projectId();
    if (value === undefined) {
      throw argumentError(
        this.name,
        "projectId",
        "no project given: pass projectId, or run `pulumi config set vmcloud:projectId <id>` " +
          "(or set VMCLOUD_PROJECT_ID)",
      );
    }
    const checked = schema.safeParse(value);
    if (!checked.success) {
      const where = fromConfig
        ? `the configured project "${value}" (vmcloud:projectId)`
        : `"${value}"`;
      throw argumentError(
        this.name,
        "projectId",
        `${where} is not a valid project id: ${checked.error.issues[0]?.message ?? "invalid"}`,
      );
    }
    return value;
  }

  /** Calls `endpoint`; a failure becomes a {@link LookupError} with the client's error as cause. */
  async call<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>): Promise<CallOutput<E>> {
    const client = this.client;
    return this.guard(() => client.call(endpoint, input, this.callOptions()));
  }

  /** Every item of a paged list, following the pages (100 items per request). */
  async listAll<E extends AnyEndpoint>(
    endpoint: PagedEndpoint<E>,
    input: CallInput<E>,
  ): Promise<Array<ItemOf<E>>> {
    const client = this.client;
    return this.guard(() => client.listAll(endpoint, input, this.callOptions()));
  }

  /**
   * {@link call}, answered with camelCase names: most lookups answer what the service sends
   * under the names the SDK's types use.
   */
  async read<E extends AnyEndpoint>(
    endpoint: E,
    input: CallInput<E>,
  ): Promise<Camelized<CallOutput<E>>> {
    return camelize(await this.call(endpoint, input));
  }

  /** {@link listAll}, each item with camelCase names (see {@link read}). */
  async readAll<E extends AnyEndpoint>(
    endpoint: PagedEndpoint<E>,
    input: CallInput<E>,
  ): Promise<Array<Camelized<ItemOf<E>>>> {
    return (await this.listAll(endpoint, input)).map((item) => camelize(item));
  }

  /** The client's per-call options: the caller's abort signal, when one was given. */
  private callOptions(): { signal?: AbortSignal } {
    return this.options.signal === undefined ? {} : { signal: this.options.signal };
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // The client's messages are already redacted; other errors (an abort) pass unchanged.
      if (error instanceof ApiError) {
        const hint = HINTS[error.status];
        throw new LookupError({
          lookup: this.name,
          detail: hint === undefined ? error.message : `${error.message} (${hint})`,
          cause: error,
        });
      }
      throw error;
    }
  }
}
