import { describe, expect, it } from 'vitest';
import { HTTP_ROUTES, httpAccess, type RoutedOperationName } from './http-routes.js';
import { OPERATION_DOCS } from './operation-docs.js';
import { operations } from './operations.js';

describe('the zod-free route table', () => {
  it('gives every operation the route of its own name, and names no other', () => {
    expect(Object.keys(HTTP_ROUTES).sort()).toEqual(Object.keys(operations).sort());
    for (const [name, operation] of Object.entries(operations)) {
      const { method, path, auth, maxBody } = operation;
      const route = { method, path, auth, ...(maxBody === undefined ? {} : { maxBody }) };
      expect(route, name).toEqual(HTTP_ROUTES[name as keyof typeof HTTP_ROUTES]);
    }
  });

  it('keeps the paths of spec §7', () => {
    expect(HTTP_ROUTES['crawl.get']).toEqual({
      method: 'GET',
      path: '/api/crawl/:jobId',
      auth: true,
    });
    expect(HTTP_ROUTES['export.generate'].path).toBe('/api/generate/:jobId/:format');
    expect(HTTP_ROUTES['sitemap.fetch']).toMatchObject({ path: '/api/fetch-sitemap', auth: false });
  });
});

// Who may call (issue 17): the server applies `httpAccess`; the API reference must say the same.
describe('the routes’ access', () => {
  it('is what the API reference documents: Pro routes list a Pro refusal, session-only ones say so', () => {
    for (const name of Object.keys(HTTP_ROUTES) as RoutedOperationName[]) {
      const access = httpAccess(name);
      const doc = OPERATION_DOCS[name];
      expect(doc, name).toBeDefined();
      expect({ name, sessionOnly: doc?.sessionOnly === true }).toEqual({
        name,
        sessionOnly: access === 'pro-session',
      });
      if (access === 'pro' || access === 'pro-session')
        expect(
          (doc?.errors ?? []).some((code) => code.endsWith('pro-required')),
          name,
        ).toBe(true);
      expect(access === 'public', name).toBe(!HTTP_ROUTES[name].auth);
    }
  });
});
