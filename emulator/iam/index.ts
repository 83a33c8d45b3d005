/**
 * The emulated IAM service: trades a key id and secret for a token, as JSON
 * (`POST /api/v1/auth/token`) or as an OAuth2 client-credentials form
 * (`POST /auth/system/openid/token`), and makes the emulator accept the tokens it issued until
 * they expire.
 */
import { CLIENT_CREDENTIALS, iamEndpoints } from "../../api/iam/endpoints";
import { Answer, type Handlers } from "../core/register-endpoints";
import { ServiceError } from "../core/service-error";
import type { ServiceContext, ServiceModule } from "../core/service-module";
import { routesOf, tableService } from "../core/table-service";
import { initialIamState, issueToken, settleIam, type IamState } from "./tokens";

export { DEFAULT_API_KEY, type IamState } from "./tokens";

const handlers: Handlers<typeof iamEndpoints, ServiceContext<IamState>> = {
  createToken: ({ body, ctx }) => {
    const { token, expiresIn } = issueToken(ctx.state, body.keyId, body.secret, ctx.clock.now());
    return { access_token: token, token_type: "Bearer", expires_in: expiresIn };
  },
  oauthToken: ({ body, ctx }) => {
    if (body.grant_type !== CLIENT_CREDENTIALS) {
      throw new ServiceError(
        400,
        "unsupported_grant_type",
        `grant_type "${body.grant_type}" is not supported; send grant_type=${CLIENT_CREDENTIALS}`,
      );
    }
    const { token, expiresIn } = issueToken(
      ctx.state,
      body.client_id,
      body.client_secret,
      ctx.clock.now(),
    );
    // RFC 6749 §5.1: a token response must not be cached.
    return new Answer(
      200,
      { access_token: token, token_type: "Bearer", expires_in: expiresIn },
      { "cache-control": "no-store", pragma: "no-cache" },
    );
  },
};

/** The IAM service module. */
export const iamService: ServiceModule<IamState> = tableService({
  key: "iam",
  endpoints: iamEndpoints,
  initialState: initialIamState,
  settle: settleIam,
  fixtures: (state) => ({
    keyId: state.keys[0]?.keyId,
    secret: state.keys[0]?.secret,
    tokenPath: iamEndpoints.createToken.path,
    oauthTokenPath: iamEndpoints.oauthToken.path,
  }),
  routes: [routesOf(iamEndpoints, handlers)],
  registerOwn(_app, env) {
    env.settings.issuedTokenExpiry = (token) => env.state().tokens[token]?.expiresAt;
  },
});
