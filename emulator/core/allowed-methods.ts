/**
 * Which methods the app serves on a path: every route is recorded as it is registered, so
 * that a request whose path is served but whose method is not can be answered 405 with an
 * `Allow` header (RFC 9110 §15.5.6) instead of "no such endpoint".
 */
import type { FastifyInstance } from "fastify";
import type { AnyEndpoint } from "../../api/endpoint";
import type { RouteConfig } from "./register-endpoints";

/** One registered route: its methods, the pattern of its paths and its endpoint, if any. */
interface RouteEntry {
  methods: string[];
  pattern: RegExp;
  endpoint: AnyEndpoint | undefined;
}

/** What the app serves on a path that does not take the request's method. */
export interface AllowedMethods {
  /** The methods the path takes, in a stable order (the `Allow` header's value). */
  methods: string[];
  /** An endpoint served on the path: its service's error shape answers the 405. */
  endpoint: AnyEndpoint | undefined;
}

/** Records the routes of an app (from when it is made) and answers what a path takes. */
export class RouteMethods {
  private readonly routes: RouteEntry[] = [];

  /** Records every route `app` registers from now on. */
  constructor(app: FastifyInstance) {
    app.addHook("onRoute", (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      this.routes.push({
        methods: methods.map((m) => m.toUpperCase()),
        pattern: routePattern(route.url ?? route.path),
        endpoint: (route.config as Partial<RouteConfig> | undefined)?.endpoint,
      });
    });
  }

  /** The methods `path` is served with (none: the path is not served at all). */
  allowed(path: string): AllowedMethods {
    const matching = this.routes.filter((route) => route.pattern.test(path));
    const methods = [...new Set(matching.flatMap((route) => route.methods))].sort(byMethod);
    return { methods, endpoint: matching.find((route) => route.endpoint)?.endpoint };
  }
}

/** The order the `Allow` header lists methods in: reads first, then changes. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

function byMethod(a: string, b: string): number {
  const rank = (m: string) => (ORDER.includes(m) ? ORDER.indexOf(m) : ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}

/** The paths a Fastify route URL (`/api/v1/vms/:vm_id`, `/docs/*`) matches. */
function routePattern(url: string): RegExp {
  const source = url
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      if (segment.startsWith(":")) return "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}$`);
}
