/**
 * A service module whose routes come from endpoint tables: each table is registered with its
 * handlers and the service's context, in the order given, then any routes of its own.
 */
import type { FastifyInstance } from "fastify";
import type { AnyEndpoint } from "../../api/endpoint";
import { contextOptions, registerEndpoints } from "./register-endpoints";
import type { Handlers, RegisterOptions } from "./register-endpoints";
import type { ServiceContext, ServiceEnv, ServiceModule } from "./service-module";

/** One endpoint table bound to its handlers, registered with the options of a service. */
export type TableRoutes<C> = (app: FastifyInstance, options: RegisterOptions<C>) => void;

/** Binds `table` to `handlers`, checked against each other, for {@link tableService}. */
export function routesOf<T extends Record<string, AnyEndpoint>, C>(
  table: T,
  handlers: Handlers<T, C>,
): TableRoutes<C> {
  return (app, options) => registerEndpoints(app, table, handlers, options);
}

/** A service module without `register`: its tables and any routes of its own instead. */
export interface TableServiceParts<S> extends Omit<ServiceModule<S>, "register"> {
  /** The endpoint tables with their handlers, registered in this order. */
  readonly routes: ReadonlyArray<TableRoutes<ServiceContext<S>>>;
  /** Routes outside the tables (such as admin routes), registered after them. */
  registerOwn?(app: FastifyInstance, env: ServiceEnv<S>): void;
}

/** The service module that registers `parts.routes` with the service's context. */
export function tableService<S>(parts: TableServiceParts<S>): ServiceModule<S> {
  const { routes, registerOwn, ...module } = parts;
  return {
    ...module,
    register(app, env) {
      const options = contextOptions(env);
      for (const register of routes) register(app, options);
      registerOwn?.(app, env);
    },
  };
}
