/**
 * `@vmcloud/pulumi/api`: the contract of the two services, one zod schema per request and
 * response, grouped in endpoint tables. The client, the provider, the emulator and the SDK all
 * use these tables; programs may use them to validate or build requests of their own.
 */
export { endpoint, fillPath, type AnyEndpoint, type Endpoint, type ServiceName } from "./endpoint";
export { iamEndpoints } from "./iam/endpoints";
export { operationsEndpoints } from "./operations/endpoints";
// Every table of the VM service, each slice's and the whole (pricing included).
export * from "./vm/endpoints";
