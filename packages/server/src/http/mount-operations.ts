import { AppError, proRequired, sessionRequired, signInRequired } from '@mapsmith/app';
import {
  type HttpRoute,
  httpAccess,
  inputInQuery,
  inputRefusal,
  OPERATION_DOCS,
  type OperationName,
  operations,
  refusedField,
  SITE_REFUSED_CODE,
  siteAddressRefusal,
  type UrlPolicy,
} from '@mapsmith/core';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { describeZodError } from './errors.js';
import { HttpResult } from './http-result.js';
import type { RouteCall, RouteSpec, RouteTable } from './operation-route.js';
import { bodyReader, LargeBodyGate } from './request-body.js';

type AnySpec = RouteSpec<OperationName>;
type AnyCall = RouteCall<never>;

/**
 * What is wrong with the route tables together: an operation of the contract without a
 * handler or with two, or a handler under a name the contract does not have. Empty when whole.
 */
export function routeTableProblems(tables: readonly Readonly<Record<string, unknown>>[]): string[] {
  const problems: string[] = [];
  const named = tables.flatMap((table) => Object.keys(table));
  for (const name of Object.keys(operations))
    if (!named.includes(name)) problems.push(`${name} has no handler`);
  for (const name of new Set(named)) {
    if (!Object.hasOwn(operations, name)) problems.push(`${name} names no operation`);
    else if (named.indexOf(name) !== named.lastIndexOf(name))
      problems.push(`${name} has two handlers`);
  }
  return problems;
}

/** The refusals a route gets unless it words its own (`RouteSpec`). */
function notPro(name: OperationName): AppError {
  // The operation's group in the reference names the feature: "Schedules", "Bulk crawls".
  return proRequired(OPERATION_DOCS[name]?.tag ?? 'These calls', {
    advice: 'Upgrade to use them.',
  });
}

function tokenRefused(): AppError {
  return sessionRequired(
    'An API token cannot do this: sign in to the Mapsmith dashboard and do it there.',
  );
}

/** Refuses a caller the contract's access does not admit, before the input is read. */
function admit(name: OperationName, spec: AnySpec, res: Response): void {
  const access = httpAccess(name);
  if (access === 'public') return;
  const user = res.locals.user;
  if (!user) throw spec.signedOut?.(res) ?? signInRequired();
  if (access === 'user') return;
  // A token cannot act for a browser session (tokens cannot mint tokens), whatever its plan.
  if (access === 'pro-session' && res.locals.apiTokenId !== undefined)
    throw (spec.tokenRefused ?? tokenRefused)();
  if (!user.isPro) throw spec.notPro?.() ?? notPro(name);
}

/** The Express router method of an HTTP method; the path is the route's own (`:name` segments). */
export function expressVerb(method: HttpRoute['method']): 'get' | 'post' | 'delete' {
  return method === 'GET' ? 'get' : method === 'POST' ? 'post' : 'delete';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The input as HTTP carries it (core's http-binding.ts, which the web client and the API
 * reference read too): `:name` path segments, and the query string of a GET or the JSON body of
 * any other method. A body that is not an object goes to the schema as it is, which says what
 * it expected.
 */
function rawInput(method: HttpRoute['method'], req: Request): unknown {
  if (inputInQuery(method)) return { ...req.query, ...req.params };
  const body: unknown = req.body ?? {};
  return isPlainObject(body) ? { ...body, ...req.params } : body;
}

/**
 * Fields the schema does not name are dropped, not refused: a cache-busting query parameter or
 * a body on a call without input was always ignored by the hosted routes.
 */
function lenient(schema: z.ZodType): z.ZodType {
  return schema instanceof z.ZodObject ? schema.strip() : schema;
}

/** Writes the handler's answer; every GET answer is a user's own data, never cached unless it says so. */
async function answer(res: Response, method: string, result: unknown): Promise<void> {
  if (method === 'GET') res.set('Cache-Control', 'no-store');
  if (!(result instanceof HttpResult)) {
    res.json(result);
    return;
  }
  res.status(result.status).set(result.headers);
  await result.send(res);
}

/**
 * Mounts every operation of the contract from the resources' `tables`: method and path from the route table
 * (http-routes.ts), the caller admitted by its access (`httpAccess`: public, signed in, Pro, a
 * Pro session), the input parsed with the operation's schema, every site address in it checked
 * by the URL policy (`siteAddressRefusal`), then the handler, whose output or `HttpResult`
 * becomes the answer. CSRF, sessions and API tokens run before, in the app (app.ts); the body is
 * read only once the caller is admitted, within the route's bound (`bodyReader`, with `bodies`
 * shared by every route of the router). Throws when the tables miss an operation, bind one
 * twice or name one the contract does not have, so a server with a route unbound does not start.
 */
export function mountOperations(
  tables: readonly RouteTable[],
  policy: UrlPolicy,
  bodies = new LargeBodyGate(),
): Router {
  const problems = routeTableProblems(tables);
  if (problems.length > 0) throw new Error(`The route table is not whole: ${problems.join('; ')}`);
  const table: RouteTable = Object.assign({}, ...tables);
  const router = Router();
  for (const name of Object.keys(operations) as OperationName[]) {
    const route = table[name] as AnySpec | AnySpec['handle'];
    const spec: AnySpec = typeof route === 'function' ? { handle: route } : route;
    const { method, path } = operations[name];
    const schema = lenient(spec.input ?? operations[name].input);
    const readBody = inputInQuery(method) ? null : bodyReader(operations[name], bodies);
    router[expressVerb(method)](path, async (req: Request, res: Response) => {
      admit(name, spec, res);
      await readBody?.(req, res);
      const left = new AbortController();
      res.once('close', () => left.abort());
      const call = { user: res.locals.user, req, res, signal: left.signal } as AnyCall;
      const parsed = schema.safeParse(rawInput(method, req));
      if (!parsed.success) {
        const refusal = inputRefusal(operations[name].input);
        const message = describeZodError(parsed.error);
        const field = refusedField(parsed.error);
        throw new AppError(refusal.code, refusal.error, message, { field });
      }
      const refused = siteAddressRefusal(policy, operations[name].input, parsed.data);
      if (refused) {
        throw new AppError(SITE_REFUSED_CODE, 'URL not allowed', refused.message, {
          field: refused.field,
        });
      }
      await answer(res, method, await spec.handle(parsed.data as never, call));
    });
  }
  return router;
}
