/**
 * The emulated IAM service: trades a key id and secret for a token (`POST /api/v1/auth/token`)
 * and makes the emulator accept the tokens it issued until they expire.
 */
import { iamEndpoints } from "../../api/iam/endpoints";
import { contextOptions, registerEndpoints, type Handlers } from "../core/register-endpoints";
import type { ServiceContext, ServiceModule } from "../core/service-module";
import { initialIamState, issueToken, settleIam, type IamState } from "./tokens";

export { DEFAULT_API_KEY, type IamState } from "./tokens";

const handlers: Handlers<typeof iamEndpoints, ServiceContext<IamState>> = {
  createToken: ({ body, ctx }) => {
    const { token, expiresIn } = issueToken(ctx.state, body.keyId, body.secret, ctx.clock.now());
    return { access_token: token, token_type: "Bearer", expires_in: expiresIn };
  },
};

/** The IAM service module. */
export const iamService: ServiceModule<IamState> = {
  key: "iam",
  endpoints: iamEndpoints,
  initialState: initialIamState,
  settle: settleIam,
  fixtures: (state) => ({
    keyId: state.keys[0]?.keyId,
    secret: state.keys[0]?.secret,
    tokenPath: iamEndpoints.createToken.path,
  }),
  register(app, env) {
    env.settings.issuedTokenExpiry = (token) => env.state().tokens[token]?.expiresAt;
    registerEndpoints(app, iamEndpoints, handlers, contextOptions(env));
  },
};
