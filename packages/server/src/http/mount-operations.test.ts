import {
  createUrlPolicy,
  fillPath,
  HTTP_ROUTES,
  httpAccess,
  type OperationName,
  operations,
  pathParamNames,
} from '@mapsmith/core';
import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../repos/test-support.js';
import { apiRouters, operationRoutes } from '../routes/index.js';
import { SPECIAL_ROUTES } from '../routes/special.js';
import { mountOperations, routeTableProblems } from './mount-operations.js';
import type { RouteTable } from './operation-route.js';
import { webAppRouter } from './web-app.js';

let t: TestServer;
let base: string;

beforeAll(async () => {
  t = await startTestServer();
  base = t.server.url;
});

afterAll(async () => {
  await t.close();
});

const names = Object.keys(operations) as OperationName[];

/** An operation's path with every `:name` segment filled with an id no record has. */
const pathOf = (name: OperationName) =>
  fillPath(
    HTTP_ROUTES[name].path,
    Object.fromEntries(pathParamNames(HTTP_ROUTES[name].path).map((p) => [p, 'x1'])),
  ).path;

/** `METHOD path` of every route an Express router holds, mounted routers included. */
function mountedRoutes(stack: unknown[]): string[] {
  const found: string[] = [];
  for (const layer of stack as Array<{
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: unknown[] };
  }>) {
    if (layer.route)
      for (const method of Object.keys(layer.route.methods))
        found.push(`${method.toUpperCase()} ${layer.route.path}`);
    else if (layer.handle?.stack) found.push(...mountedRoutes(layer.handle.stack));
  }
  return found;
}

const stackOf = (router: Router | { router: Router }) =>
  ('router' in router ? router.router : router).stack as unknown[];

describe('the route tables', () => {
  it('bind every operation of the contract once, and nothing else', () => {
    const tables = operationRoutes(t.server.context);
    expect(routeTableProblems(tables)).toEqual([]);

    const { 'crawl.get': _dropped, ...rest } = Object.assign({}, ...tables) as RouteTable;
    expect(routeTableProblems([rest])).toEqual(['crawl.get has no handler']);
    expect(() => mountOperations([rest], createUrlPolicy())).toThrow(/crawl\.get has no handler/);

    const extra = { 'crawl.nope': () => ({}) } as unknown as RouteTable;
    expect(routeTableProblems([...tables, extra])).toEqual(['crawl.nope names no operation']);

    const twice = { 'history.list': () => [] } as RouteTable;
    expect(routeTableProblems([...tables, twice])).toEqual(['history.list has two handlers']);
  });

  it('mount the contract’s method and path for each operation, and only the listed special routes besides', () => {
    const { config, logger, repos } = t.server.context;
    const app = createApp({
      config,
      sessions: repos.accounts.sessions,
      logger,
      routers: apiRouters(t.server.context),
    });
    const web = new Set(mountedRoutes(stackOf(webAppRouter(config.webDir, config.publicUrl))));
    const mounted = mountedRoutes(stackOf(app)).filter((route) => !web.has(route));
    const expected = [
      ...names.map((name) => `${HTTP_ROUTES[name].method} ${HTTP_ROUTES[name].path}`),
      ...SPECIAL_ROUTES.map((route) => `${route.method} ${route.path}`),
    ];
    expect(mounted.sort()).toEqual(expected.sort());
  });
});

describe('the contract’s access, over HTTP', () => {
  let free: TestUser;
  let pro: TestUser;
  let token: string;

  beforeAll(async () => {
    free = await createTestUser(t.server.context.db);
    pro = await createTestUser(t.server.context.db, { pro: true });
    const res = await call(base, pro, 'POST', '/api/tokens', { name: 'access test' });
    token = ((await res.json()) as { token: string }).token;
  });

  const send = (name: OperationName, user: TestUser | null, headers: Record<string, string> = {}) =>
    fetch(`${base}${pathOf(name)}`, {
      method: HTTP_ROUTES[name].method,
      headers: {
        ...(user ? { Cookie: user.cookie } : {}),
        ...(HTTP_ROUTES[name].method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(HTTP_ROUTES[name].method === 'GET' ? {} : { body: '{}' }),
    });

  const codeOf = async (res: Response) =>
    res.headers.get('content-type')?.includes('json')
      ? ((await res.json()) as { code?: string; message?: string })
      : {};

  it('answers every route (never the API’s 404 for unknown paths) and refuses a signed-out caller where the route needs a user', async () => {
    for (const name of names) {
      // An empty input: public calls that would act (a sign-up, a fetch) refuse it, and act on nothing.
      const res = await send(name, null);
      const body = await codeOf(res);
      expect(body.message ?? '', name).not.toMatch(/^No API route/);
      if (httpAccess(name) === 'public') expect(res.status, name).not.toBe(401);
      else
        expect({ name, status: res.status, code: body.code }).toEqual({
          name,
          status: 401,
          code: 'auth.required',
        });
    }
  });

  it('refuses a free user on Pro routes, an API token on session-only ones, and admits a Pro session', async () => {
    const guarded = names.filter((name) => httpAccess(name).startsWith('pro'));
    expect(guarded.length).toBeGreaterThan(10);
    for (const name of guarded) {
      const res = await send(name, free);
      const body = await codeOf(res);
      expect({ name, status: res.status }).toEqual({ name, status: 403 });
      expect(body.code, name).toMatch(/pro-required$/);

      const admitted = await send(name, pro);
      expect([401, 403], name).not.toContain(admitted.status);
      await admitted.body?.cancel();
    }
    for (const name of names.filter((n) => httpAccess(n) === 'pro-session')) {
      const res = await send(name, null, { Authorization: `Bearer ${token}` });
      expect({ name, status: res.status, code: (await codeOf(res)).code }).toEqual({
        name,
        status: 403,
        code: 'auth.session-required',
      });
    }
  });

  it('never lets a user’s data be cached: every GET answer of a signed-in route is no-store', async () => {
    const answered: string[] = [];
    for (const name of names.filter((n) => HTTP_ROUTES[n].method === 'GET')) {
      if (httpAccess(name) === 'public') continue;
      const res = await send(name, pro);
      await res.body?.cancel();
      if (res.status !== 200) continue;
      answered.push(name);
      expect(res.headers.get('cache-control'), name).toBe('no-store');
    }
    expect(answered).toEqual(expect.arrayContaining(['user.get', 'history.list', 'bulk.list']));
  });
});
