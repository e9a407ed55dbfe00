import { describe, expect, it } from 'vitest';
import { HTTP_ROUTES } from './http-routes.js';
import { operations } from './operations.js';

describe('the zod-free route table', () => {
  it('gives every operation the route of its own name, and names no other', () => {
    expect(Object.keys(HTTP_ROUTES).sort()).toEqual(Object.keys(operations).sort());
    for (const [name, operation] of Object.entries(operations)) {
      const { method, path, auth } = operation;
      expect({ method, path, auth }, name).toEqual(HTTP_ROUTES[name as keyof typeof HTTP_ROUTES]);
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
