import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@rastro/shared/contract';
import { parseInput } from './api-errors';
import { refuseUnstorableStrings } from './unstorable-strings';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who a route's `authorize` admits, in the roles of SPEC §6 — the product API's own policy table.
 * The OpenAPI document publishes it (`x-rastro-callers`) and the hostile-request suite's role ×
 * credential matrix is generated from it: every role it does not name must be refused.
 * - `anyone`: public (login helpers, theme…);
 * - `signed-in`: any user with a session;
 * - `device-writer`: may add devices (not read-only, not device-read-only, not a share link or QR driver);
 * - `sharer`: may make share links (not read-only, not a share link or QR driver);
 * - `reseller`: administrators and resellers;
 * - `administrator`: administrators only;
 * - `qr-driver`: QR driver accounts only;
 * - `payment-provider`: no user at all, the payment provider's webhook secret.
 */
export const PRODUCT_CALLERS = ['anyone', 'signed-in', 'device-writer', 'sharer', 'reseller', 'administrator', 'qr-driver', 'payment-provider'] as const;
export type ProductCallers = (typeof PRODUCT_CALLERS)[number];

/**
 * One product API route, described once: its input and output schemas validate the request and
 * produce the OpenAPI document (GET /rastro/openapi.json), so the description cannot drift from
 * what the route accepts.
 */
export interface ProductRouteSpec<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Caller = unknown,
> {
  method: HttpMethod;
  /** Fastify path inside /rastro, e.g. `/shares/:id`. */
  path: string;
  summary: string;
  tag: string;
  params?: Params;
  query?: Query;
  body?: Body;
  /** The 200 answer; omit for routes that answer 204 with no body. */
  response?: Response;
  /** Answers without a session (theme, config…): the only routes without `authorize`. */
  public?: boolean;
  /**
   * Who may call, decided first, before the body is even read: a caller without a session gets 401
   * and one without the right 403, never a 400 about its input. Throws the refusal; its answer is
   * the handler's `caller`. Required unless the route is public.
   */
  authorize?: (request: FastifyRequest) => Promise<Caller>;
  /** Who `authorize` admits (see PRODUCT_CALLERS); required on writes that are not public. */
  callers?: ProductCallers;
}

export interface ProductRoutesOptions {
  /**
   * Asked before every write that is not public, once `authorize` admitted the caller: refusals
   * every write shares (a suspended account), thrown as the answer.
   */
  beforeWrite?: (request: FastifyRequest) => Promise<void>;
}

export interface ProductRouteInput<Params extends z.ZodType, Query extends z.ZodType, Body extends z.ZodType, Caller = unknown> {
  /** What the spec's `authorize` answered (undefined on public routes). */
  caller: Caller;
  params: z.output<Params>;
  query: z.output<Query>;
  body: z.output<Body>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Handler<Params extends z.ZodType, Query extends z.ZodType, Body extends z.ZodType, Response extends z.ZodType, Caller> = (
  input: ProductRouteInput<Params, Query, Body, Caller>,
) => Promise<z.input<Response> | undefined>;

type Anything = z.ZodUnknown;

/** Registers product routes on a Fastify scope and remembers them for the OpenAPI document. */
export class ProductRoutes {
  private readonly specs: ProductRouteSpec[] = [];
  /** Each request's authorised caller, from the onRequest hook to the handler. */
  private readonly callers = new WeakMap<FastifyRequest, unknown>();

  constructor(private readonly options: ProductRoutesOptions = {}) {}

  add<Params extends z.ZodType = Anything, Query extends z.ZodType = Anything, Body extends z.ZodType = Anything, Response extends z.ZodType = Anything, Caller = undefined>(
    app: FastifyInstance,
    spec: ProductRouteSpec<Params, Query, Body, Response, Caller>,
    handler: Handler<Params, Query, Body, Response, Caller>,
  ): void {
    const { authorize } = spec;
    if (!spec.public && !authorize) throw new Error(`${spec.method} /rastro${spec.path}: a route that is not public must say who may call it (authorize)`);
    const isWrite = spec.method !== 'GET';
    if (isWrite && !spec.public && !spec.callers) throw new Error(`${spec.method} /rastro${spec.path}: a write must name its callers, for the role matrix`);
    const { beforeWrite } = this.options;
    this.specs.push(spec as ProductRouteSpec);
    app.route({
      method: spec.method,
      url: spec.path,
      // onRequest runs before the body is read or parsed: refusals come before any 400 or 413.
      ...(authorize
        ? {
            onRequest: async (request: FastifyRequest) => {
              const caller = await authorize(request);
              if (isWrite && beforeWrite) await beforeWrite(request);
              this.callers.set(request, caller);
            },
          }
        : {}),
      handler: async (request, reply) => {
        // Strings no database column or UTF-8 text can hold are refused whole, before any schema:
        // otherwise one reaches PostgreSQL mid-write and half a change is left behind.
        refuseUnstorableStrings({ params: request.params, query: request.query, body: request.body });
        const input = {
          caller: this.callers.get(request),
          params: spec.params ? parseInput(spec.params, request.params, 'params') : request.params,
          query: spec.query ? parseInput(spec.query, request.query, 'query') : request.query,
          // No body at all reads as `{}`; a JSON `null` is a body, and a wrong one (it would read as
          // "no values" and reset a partial update).
          body: spec.body ? parseInput(spec.body, request.body === undefined ? {} : request.body, 'body') : request.body,
          request,
          reply,
        } as ProductRouteInput<Params, Query, Body, Caller>;
        const result = await handler(input);
        if (result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
        return result;
      },
    });
  }

  /** The OpenAPI 3.1 description of every route added so far. */
  openApi(info: { title: string; version: string }): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const spec of this.specs) {
      const path = `/rastro${spec.path.replace(/:(\w+)/g, '{$1}')}`;
      paths[path] ??= {};
      paths[path][spec.method.toLowerCase()] = operation(spec);
    }
    return { openapi: '3.1.0', info, paths, components: { schemas: { ApiError: jsonSchema(apiErrorSchema) } } };
  }
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const described = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(described.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (described.required ?? []).includes(name),
    schema: property,
  }));
}

function operation(spec: ProductRouteSpec): Record<string, unknown> {
  const error = { description: 'Refused: `code` says why (SPEC §8), `fields` names bad input', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
  return {
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.public ? { security: [] } : {}),
    ...(spec.public || spec.callers ? { 'x-rastro-callers': spec.public ? 'anyone' : spec.callers } : {}),
    parameters: [...parametersOf(spec.params, 'path'), ...parametersOf(spec.query, 'query')],
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body) } } } } : {}),
    responses: {
      ...(spec.response
        ? { 200: { description: 'OK', content: { 'application/json': { schema: jsonSchema(spec.response) } } } }
        : { 204: { description: 'Done, nothing to return' } }),
      400: error,
      ...(spec.public ? {} : { 401: error, 403: error }),
    },
  };
}
