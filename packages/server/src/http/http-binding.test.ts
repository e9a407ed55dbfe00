import type { AddressInfo } from 'node:net';
import {
  fillPath,
  HTTP_ROUTES,
  inputInQuery,
  openApiPath,
  pathParamNames,
  queryString,
  type RoutedOperationName,
} from '@mapsmith/core';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expressVerb } from './mount-operations.js';

/**
 * Issue 27 point 4: one rule binds operations to HTTP (core's http-binding.ts). Over every route
 * of the contract, a path the web client fills is matched by Express as the mount registers it,
 * with every `:name` the API reference documents and the values the client put in.
 */
const names = Object.keys(HTTP_ROUTES) as RoutedOperationName[];
let base = '';
let close: () => Promise<void> = async () => undefined;

beforeAll(async () => {
  const app = express();
  for (const name of names) {
    const { method, path } = HTTP_ROUTES[name];
    app[expressVerb(method)](path, (req, res) => {
      res.json({ name, params: req.params, query: req.query });
    });
  }
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});

afterAll(async () => {
  await close();
});

describe('the one HTTP binding', () => {
  it('is read alike by the client, the server and the API reference, on every route', async () => {
    for (const name of names) {
      const { method, path } = HTTP_ROUTES[name];
      const params = pathParamNames(path);
      // Values a careless rule would split or mangle: a slash, a space, a non-ASCII letter.
      const values = Object.fromEntries(params.map((p, i) => [p, `${p}-${i} a/é`]));
      const filled = fillPath(path, { ...values, extra: 'x' });
      expect(filled.rest, name).toEqual({ extra: 'x' });
      const url = base + filled.path + (inputInQuery(method) ? queryString(filled.rest) : '');
      const res = await fetch(url, { method });
      expect(res.status, `${method} ${filled.path}`).toBe(200);
      const answer = (await res.json()) as { name: string; params: unknown; query: unknown };
      expect(answer.name, name).toBe(name);
      expect(answer.params, name).toEqual(values);
      if (inputInQuery(method)) expect(answer.query, name).toEqual({ extra: 'x' });
      // The reference names the same segments, in the same places.
      expect(openApiPath(path), name).toBe(
        params.reduce((p, param) => p.replace(`:${param}`, `{${param}}`), path),
      );
      expect(openApiPath(path), name).not.toContain(':');
    }
  });

  it('names every parameter the same way, letters and digits included', () => {
    const path = '/api/x/:jobId/:page2/:part_of';
    expect(pathParamNames(path)).toEqual(['jobId', 'page2', 'part_of']);
    expect(fillPath(path, { jobId: 'a', page2: 'b', part_of: 'c', q: 1 })).toEqual({
      path: '/api/x/a/b/c',
      rest: { q: 1 },
    });
    expect(openApiPath(path)).toBe('/api/x/{jobId}/{page2}/{part_of}');
  });
});
