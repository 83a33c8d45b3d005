/**
 * Pulumi's Node.js dynamic-provider host, made able to serve the `import` resource option.
 *
 * The host finds a resource's provider in its `__provider` property. When the engine imports
 * a resource (the `import` option, `pulumi import`), it reads it with only its type and id —
 * no inputs, no state (pulumi/pulumi#3550) — so the stock host cannot load any provider and
 * the import fails with "code must be a string, not undefined". This wrapper runs the stock
 * host unchanged, except that a Read with no `__provider` for one of our types gets that
 * type's shim, and each provider call runs with its resource's URN, so that progress of long
 * waits is shown on the resource (see provider/runtime/engine-log.ts). The engine's launcher (`pulumi-resource-pulumi-nodejs` from
 * scripts/pulumi-engine.sh) starts this host when the project can resolve it.
 */
import { createRequire } from "node:module";
import { withResourceUrn } from "../runtime/engine-log";
import { providerShimForType } from "../shim";
import { deferUntilUsed } from "./deferred-modules";

interface ReadRequest {
  getType(): string;
  getUrn(): string;
  getProperties(): { toJavaScript(): Record<string, unknown> } | undefined;
  getInputs(): { toJavaScript(): Record<string, unknown> } | undefined;
  setInputs(inputs: unknown): void;
}
type Handler = (call: { request: ReadRequest }, callback: unknown) => unknown;

// The host's own copies of grpc and protobuf: a second copy would not match its messages.
const fromProject = createRequire(`${process.cwd()}/`);
const hostScript = fromProject.resolve("@pulumi/pulumi/cmd/dynamic-provider");
const fromHost = createRequire(hostScript);
const grpc = fromHost("@grpc/grpc-js") as {
  Server: { prototype: { addService(service: unknown, impl: Record<string, Handler>): void } };
};
const { Struct } = fromHost("google-protobuf/google/protobuf/struct_pb") as {
  Struct: { fromJavaScript(value: Record<string, unknown>): unknown };
};

/** Provider calls that carry the resource's URN, and whose progress is shown on it. */
const CALLS_WITH_URN = ["check", "diff", "create", "read", "update", "delete"];

const addService = grpc.Server.prototype.addService;
grpc.Server.prototype.addService = function (service, impl) {
  for (const name of CALLS_WITH_URN) {
    const handler = impl[name];
    if (typeof handler !== "function") continue;
    impl[name] = function (this: unknown, call, callback) {
      const urn = (call.request as { getUrn?: () => string }).getUrn?.() ?? "";
      return withResourceUrn(urn, () => handler.call(this, call, callback));
    };
  }
  const read = impl.read;
  if (typeof read === "function") {
    impl.read = function (this: unknown, call, callback) {
      const request = call.request;
      const inputs = request.getInputs()?.toJavaScript() ?? {};
      const props = request.getProperties()?.toJavaScript() ?? {};
      if (props.__provider === undefined && inputs.__provider === undefined) {
        // The URN's third part is the type when the request does not carry it.
        const type = request.getType() || (request.getUrn().split("::")[2] ?? "");
        const shim = providerShimForType(type);
        if (shim !== undefined)
          request.setInputs(Struct.fromJavaScript({ ...inputs, __provider: shim }));
      }
      return read.call(this, call, callback);
    };
  }
  return addService.call(this, service, impl);
};

// Closure serialization, which the host never uses: half a second of its start (see
// deferred-modules.ts).
deferUntilUsed(fromHost, [
  {
    specifier: "../../runtime/closure/serializeClosure",
    functions: ["serializeFunction", "serializeFunctionAsync"],
  },
  { specifier: "../../runtime/closure/codePaths", functions: ["computeCodePaths"] },
]);

fromProject(hostScript);
