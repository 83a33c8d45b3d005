/**
 * A test-only emulated service ("widgets") registered next to the real ones, so the client
 * can be tested over HTTP on things the real endpoint tables may not offer (yet): a paged
 * list, a create with a unique name, every error body shape, a wrong response shape, and the
 * X-Auth-Token and signature schemes.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { Name, PageQuery, paginated } from "../../../api/common";
import { endpoint, type Endpoint, type ErrorShape } from "../../../api/endpoint";
import { registerEndpoints, type Handlers } from "../../../emulator/core/register-endpoints";
import {
  ServiceError,
  conflict,
  notFound,
  unprocessable,
} from "../../../emulator/core/service-error";
import type { ServiceModule } from "../../../emulator/core/service-module";

export const Widget = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  status: z.enum(["creating", "available", "error"]),
  error_message: z.string().optional(),
});
export type Widget = z.infer<typeof Widget>;

const WidgetId = z.object({ widget_id: z.uuid() });
const SHAPES: ErrorShape[] = ["vm", "fastapi", "aom", "css", "cce", "ecs", "dms"];

export const widgetEndpoints = {
  list: endpoint({
    id: "vm.widgets.list",
    service: "vm",
    method: "GET",
    path: "/api/v1/test/widgets",
    summary: "List widgets",
    query: PageQuery.extend({
      name: z.string().min(1).max(64).optional(),
      tag: z.array(z.string()).optional(),
    }),
    response: { status: 200, schema: paginated(Widget) },
    errors: {},
    auth: "bearer",
    errorShape: "vm",
  }),
  create: endpoint({
    id: "vm.widgets.create",
    service: "vm",
    method: "POST",
    path: "/api/v1/test/widgets",
    summary: "Create a widget",
    body: z.strictObject({
      name: Name,
      size: z.number().int().min(1).max(16384),
      password: z.string().min(8).optional(),
    }),
    response: { status: 201, schema: Widget },
    errors: { 409: ["a widget with this name exists"] },
    auth: "bearer",
    errorShape: "vm",
  }),
  get: endpoint({
    id: "vm.widgets.get",
    service: "vm",
    method: "GET",
    path: "/api/v1/test/widgets/{widget_id}",
    summary: "Get a widget",
    params: WidgetId,
    response: { status: 200, schema: Widget },
    errors: { 404: ["widget not found"] },
    auth: "bearer",
    errorShape: "vm",
  }),
  update: endpoint({
    id: "vm.widgets.update",
    service: "vm",
    method: "PUT",
    path: "/api/v1/test/widgets/{widget_id}",
    summary: "Resize a widget",
    params: WidgetId,
    body: z.strictObject({ size: z.number().int().min(1).max(16384) }),
    response: { status: 200, schema: Widget },
    errors: { 404: ["widget not found"], 422: ["size cannot be reduced"] },
    auth: "bearer",
    errorShape: "vm",
  }),
  remove: endpoint({
    id: "vm.widgets.delete",
    service: "vm",
    method: "DELETE",
    path: "/api/v1/test/widgets/{widget_id}",
    summary: "Delete a widget",
    params: WidgetId,
    response: { status: 204 },
    errors: { 404: ["widget not found"] },
    auth: "bearer",
    errorShape: "vm",
  }),
  badShape: endpoint({
    id: "vm.widgets.badShape",
    service: "vm",
    method: "GET",
    path: "/api/v1/test/bad-shape",
    summary: "Answers a widget whose size is a string",
    response: { status: 200, schema: Widget },
    errors: {},
    auth: "bearer",
    errorShape: "vm",
  }),
  echoPassword: endpoint({
    id: "vm.widgets.echoPassword",
    service: "vm",
    method: "POST",
    path: "/api/v1/test/echo-password",
    summary: "Refuses the password and echoes it in the error",
    body: z.strictObject({ user: z.string(), password: z.string() }),
    response: { status: 200 },
    errors: { 422: ["weak password"] },
    auth: "bearer",
    errorShape: "vm",
  }),
  whoami: endpoint({
    id: "vm.test.whoami",
    service: "vm",
    method: "GET",
    path: "/api/v1/test/whoami",
    summary: "Echoes the credentials headers it received",
    response: { status: 200, schema: z.object({ headers: z.record(z.string(), z.string()) }) },
    errors: {},
    auth: "bearer",
    errorShape: "vm",
  }),
  opsRead: endpoint({
    id: "events.test.read",
    service: "events",
    method: "GET",
    path: "/v2/{project_id}/test/ops",
    summary: "An operations-style read that takes X-Auth-Token",
    params: z.object({ project_id: z.string() }),
    response: {
      status: 200,
      schema: z.object({ ok: z.literal(true), headers: z.record(z.string(), z.string()) }),
    },
    errors: {},
    auth: "x-auth-token",
    errorShape: "aom",
  }),
  signed: endpoint({
    id: "containers.test.signed",
    service: "containers",
    method: "PUT",
    path: "/api/v3/projects/{project_id}/test/signed/{name}",
    summary: "Accepts a token or a signed request",
    params: z.object({ project_id: z.string(), name: z.string() }),
    query: z.object({ mode: z.string().optional(), tags: z.array(z.string()).optional() }),
    body: z.strictObject({ spec: z.object({ nodes: z.array(z.string()) }) }),
    response: { status: 200, schema: z.object({ accepted: z.number().int(), auth: z.string() }) },
    errors: {},
    auth: "x-auth-token-or-signature",
    errorShape: "cce",
  }),
} as const;

const FailBody = z.strictObject({ size: z.number().int().min(1) });

/** One endpoint per error shape, each failing with two fields at fault. */
export const failEndpoints = Object.fromEntries(
  SHAPES.map((shape) => [
    shape,
    endpoint({
      id: `vm.test.fail_${shape}`,
      service: "vm",
      method: "POST",
      path: `/api/v1/test/fail/${shape}`,
      summary: `Fails with a ${shape}-shaped error body`,
      body: FailBody,
      response: { status: 200 },
      errors: { 422: ["always"] },
      auth: "bearer",
      errorShape: shape,
    }),
  ]),
) as Record<ErrorShape, Endpoint<undefined, undefined, typeof FailBody, undefined>>;

const failHandlers = Object.fromEntries(
  SHAPES.map((shape) => [
    shape,
    () => {
      throw new ServiceError(422, "size_too_large", "size must not exceed 10", {
        field: "size",
        details: [
          { field: "size", message: "size must not exceed 10", code: "size_too_large" },
          { field: "spec.name", message: "name is required", code: "missing" },
        ],
      });
    },
  ]),
) as unknown as Handlers<typeof failEndpoints, unknown>;

/** The widgets state. */
export interface WidgetState {
  widgets: Record<string, Widget & { readyAt: number }>;
  /** Delay from create to `available` (or `error` for names starting with `fail`), in ms. */
  readyAfterMs: number;
}

const handlers: Handlers<typeof widgetEndpoints, { state: WidgetState; now: number }> = {
  list: ({ query, ctx }) => {
    const all = Object.values(ctx.state.widgets)
      .filter((w) => query.name === undefined || w.name === query.name)
      .map(present);
    return {
      items: all.slice(query.offset, query.offset + query.limit),
      offset: query.offset,
      limit: query.limit,
      total: all.length,
    };
  },
  create: ({ body, ctx }) => {
    if (Object.values(ctx.state.widgets).some((w) => w.name === body.name)) {
      throw conflict("widget_already_exists", `a widget named ${body.name} exists`, "name");
    }
    const id = randomUUID();
    ctx.state.widgets[id] = {
      id,
      name: body.name,
      size: body.size,
      status: "creating",
      readyAt: ctx.now + ctx.state.readyAfterMs,
    };
    return present(ctx.state.widgets[id]);
  },
  get: ({ params, ctx }) => present(must(ctx.state, params.widget_id)),
  update: ({ params, body, ctx }) => {
    const w = must(ctx.state, params.widget_id);
    if (body.size < w.size) {
      throw unprocessable(
        "disk_size_cannot_be_reduced",
        `size cannot be reduced from ${w.size} to ${body.size}`,
        "size",
      );
    }
    w.size = body.size;
    return present(w);
  },
  remove: ({ params, ctx }) => {
    must(ctx.state, params.widget_id);
    delete ctx.state.widgets[params.widget_id];
  },
  badShape: () => ({ id: "w", name: "w", size: "big", status: "available" }),
  echoPassword: ({ body }) => {
    throw unprocessable(
      "weak_password",
      `password '${body.password}' of user ${body.user} is too weak`,
      "password",
    );
  },
  whoami: ({ headers }) => ({
    headers: {
      "x-auth-token": String(headers["x-auth-token"] ?? ""),
      authorization: String(headers.authorization ?? ""),
    },
  }),
  opsRead: ({ headers }) => ({
    ok: true,
    headers: {
      "x-auth-token": String(headers["x-auth-token"] ?? ""),
      authorization: String(headers.authorization ?? ""),
    },
  }),
  signed: ({ body, headers }) => ({
    accepted: body.spec.nodes.length,
    auth:
      headers["x-auth-token"] !== undefined
        ? "token"
        : String(headers.authorization ?? "").split(" ")[0]!,
  }),
};

function present(w: Widget & { readyAt: number }): Widget {
  const { readyAt: _, ...rest } = w;
  return rest;
}

function must(state: WidgetState, id: string) {
  const w = state.widgets[id];
  if (w === undefined) throw notFound("widget", id);
  return w;
}

/** The widgets service module. */
export const widgetService: ServiceModule<WidgetState> = {
  key: "widgets",
  endpoints: { ...widgetEndpoints, ...failEndpoints },
  initialState: () => ({ widgets: {}, readyAfterMs: 300 }),
  settle(state, now) {
    for (const w of Object.values(state.widgets)) {
      if (w.status === "creating" && now >= w.readyAt) {
        if (w.name.startsWith("fail")) {
          w.status = "error";
          w.error_message = "no capacity left in the zone";
        } else {
          w.status = "available";
        }
      }
    }
  },
  fixtures: () => ({}),
  register(app, env) {
    registerEndpoints(app, widgetEndpoints, handlers, {
      context: () => ({ state: env.state(), now: env.clock.now() }),
      authenticate: env.authenticate,
      changed: env.changed,
    });
    registerEndpoints(app, failEndpoints, failHandlers, {
      context: () => undefined,
      authenticate: env.authenticate,
      changed: env.changed,
    });
  },
};
