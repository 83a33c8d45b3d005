/**
 * The one mapping from settings to a client, for the provider process (provider/runtime/context.ts)
 * and the program process (sdk/program-client.ts), so that both refuse the same missing settings
 * with the same advice.
 */
import { OptionError, VmCloudClient } from "../client";
import { settingOf, type ProviderSettings } from "./settings";

/** Settings whose values are secrets, set with `pulumi config set --secret`. */
/**
 * A client built from the settings `s`. Throws an error saying which `pulumi config set` to run when
 * the endpoint or every kind of credential is missing, or when a value is invalid (the message
 * names the setting and the command that fixes it; only endpoint values ever appear in it,
 * never a credential).
 */
export function clientFromSettings(s: ProviderSettings): VmCloudClient {
  if (s.endpoint === undefined) {
    throw new Error(
      "vmcloud: no endpoint configured. Run `pulumi config set vmcloud:endpoint <url>` " +
        "(or set VMCLOUD_ENDPOINT); for the local emulator use the URL it prints, e.g. http://127.0.0.1:8443",
    );
  }
  // Any one kind of credential is enough here; each endpoint says what it needs when called
  // (the VM service takes a token, the operations services also take signed requests).
  if (s.token === undefined && s.keyId === undefined && s.accessKey === undefined) {
    throw new Error(
      "vmcloud: no credentials configured. Run `pulumi config set --secret vmcloud:token <token>` " +
        "(or set VMCLOUD_TOKEN), or set vmcloud:keyId and `pulumi config set --secret vmcloud:secret <secret>` " +
        "for a token exchange",
    );
  }
  try {
    // Unset options may be passed as undefined: the client treats them as absent.
    return new VmCloudClient({
      endpoint: s.endpoint,
      serviceEndpoints: s.serviceEndpoints,
      token: s.token,
      keyId: s.keyId,
      secret: s.secret,
      tokenUrl: s.tokenUrl,
      accessKey: s.accessKey,
      secretKey: s.secretKey,
      projectId: s.projectId,
    });
  } catch (error) {
    if (!(error instanceof OptionError)) throw error;
    // normalizeOptions names the option at fault; only endpoint values appear in its messages.
    const source = settingOf(error.option);
    if (source === undefined) {
      throw new Error(`vmcloud: invalid settings: ${error.message}`, { cause: error });
    }
    const secret = source.secret === true ? "--secret " : "";
    throw new Error(
      `vmcloud: invalid settings: ${source.config} (${source.env}): ${error.problem}. ` +
        `Fix it with \`pulumi config set ${secret}${source.config} <value>\` (or set ${source.env})`,
      { cause: error },
    );
  }
}
