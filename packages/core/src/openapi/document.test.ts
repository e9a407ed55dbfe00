import { compileErrors, validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../contract/error-codes.js';
import { ERROR_STATUS } from '../contract/error-status.js';
import { OPERATION_DOCS } from '../contract/operation-docs.js';
import { operations } from '../contract/operations.js';
import { buildOpenApiDocument } from './document.js';
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from './types.js';

const doc = buildOpenApiDocument({ serverUrl: 'https://mapsmith.example/' });

/** The validator's own document type is a union over Swagger 2 and OpenAPI 3.x; ours is 3.1. */
const check = (d: OpenApiDocument) => validate(d as unknown as Parameters<typeof validate>[0]);

function operation(path: string, method: 'get' | 'post' | 'delete'): OpenApiOperation {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`no ${method} ${path}`);
  return found;
}

function codesOf(op: OpenApiOperation, status: string): unknown[] {
  const schema = op.responses[status]?.content?.['application/json']?.schema;
  return schema?.properties?.code?.enum ?? [];
}

describe('the OpenAPI document generated from the contract', () => {
  it('is a valid OpenAPI 3.1 document, and the validator does refuse a broken one', async () => {
    const result = await check(structuredClone(doc));
    expect(result.valid, compileErrors(result)).toBe(true);
    const broken = structuredClone(doc) as OpenApiDocument;
    const start = broken.paths['/api/crawl']?.post;
    if (!start) throw new Error('no crawl start');
    (start as { responses?: unknown }).responses = 'none';
    expect((await check(broken)).valid).toBe(false);
  });

  it('lists stop, pause and resume (issue 30) with their 404 and their 409 codes', () => {
    const stops = {
      '/api/crawl/{jobId}/stop': ['crawl.not-found', ['crawl.ended']],
      '/api/crawl/{jobId}/pause': ['crawl.not-found', ['crawl.ended']],
      '/api/crawl/{jobId}/resume': ['crawl.not-found', ['crawl.ended', 'crawl.not-paused']],
      '/api/bulk/{bulkId}/stop': ['bulk.not-found', ['bulk.ended']],
      '/api/audit/{jobId}/stop': ['audit.not-found', ['audit.ended']],
    } as const;
    for (const [path, [missing, ended]] of Object.entries(stops)) {
      const op = operation(path, 'post');
      expect(codesOf(op, '404'), path).toContain(missing);
      expect(codesOf(op, '409'), path).toEqual([...ended]);
    }
  });

  it('holds every operation of the contract at its route, named as the contract names it', () => {
    const published = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${op.operationId} ${method} ${path}`),
    );
    const expected = Object.entries(operations).map(
      ([name, op]) =>
        `${name} ${op.method.toLowerCase()} ${op.path.replace(/:([A-Za-z]+)/g, '{$1}')}`,
    );
    expect(published.sort()).toEqual(expected.sort());
    expect(doc.servers).toEqual([{ url: 'https://mapsmith.example' }]);
  });

  it('splits a GET input into path and query parameters with the contract’s bounds', () => {
    const urls = operation('/api/crawl/{jobId}/urls', 'get');
    expect(urls.requestBody).toBeUndefined();
    const byName = Object.fromEntries(urls.parameters.map((p) => [p.name, p]));
    expect(byName.jobId).toMatchObject({ in: 'path', required: true });
    expect(byName.limit).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 500 },
    });
    expect(byName.verdict?.schema.enum).toEqual(['listed', 'excluded']);
    expect(byName.cursor?.in).toBe('query');
    expect(byName.cursor?.description).toMatch(/^The nextCursor of the previous page/);
    const download = operation('/api/generate/{jobId}/{format}', 'get');
    expect(download.parameters.map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:jobId',
      'path:format',
      'query:compress',
      'query:part',
    ]);
  });

  it('puts a POST input in a required JSON body, and the token’s errors and limits on it', () => {
    const start = operation('/api/crawl', 'post');
    const body = start.requestBody?.content['application/json'];
    expect(start.requestBody?.required).toBe(true);
    expect(body?.schema).toMatchObject({ type: 'object', required: ['url'] });
    expect(body?.schema.properties?.url?.description).toMatch(/^The start URL/);
    expect(body?.example).toEqual({ url: 'https://example.com/' });
    expect(start.security).toEqual([{ apiToken: [] }, { session: [] }]);
    expect(Object.keys(start.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '415', '429', '500', '503']),
    );
    expect(start.responses['200']).toBeUndefined();
    expect(codesOf(start, '429')).toEqual(
      expect.arrayContaining(['limit.hourly', 'limit.api-token']),
    );
    expect(codesOf(start, '401')).toEqual(['auth.required', 'auth.token-invalid']);
    expect(codesOf(start, '415')).toEqual(['input.encoding', 'input.invalid']);
    expect(codesOf(start, '429')).not.toContain('input.busy');
    expect(Object.keys(start.responses['429']?.headers ?? {})).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
    ]);
    expect(start.responses['201']?.headers).toHaveProperty('X-RateLimit-Remaining');
    expect(start.responses['401']?.headers).toBeUndefined();
  });

  it('lets a signed-out caller resend the confirmation by address (issue 26)', () => {
    const resend = operation('/api/resend-confirmation', 'post');
    expect(resend.security).toEqual([]);
    expect(resend.requestBody?.content['application/json']?.schema.properties).toHaveProperty(
      'email',
    );
    expect(resend.description).toMatch(/same whether or not that address has an account/);
    expect(codesOf(resend, '400')).toContain('input.invalid');
    expect(codesOf(resend, '429')).toContain('account.mail-throttled');
    expect(resend.responses['401']).toBeUndefined();
  });

  it('lists the bounds of a large upload: too large, compressed, too many at once', () => {
    const upload = operation('/api/audit', 'post');
    expect(codesOf(upload, '413')).toContain('input.too-large');
    expect(codesOf(upload, '415')).toEqual(['input.encoding', 'input.invalid']);
    expect(codesOf(upload, '429')).toContain('input.busy');
    expect(Object.keys(upload.responses['429']?.headers ?? {})).toContain('Retry-After');
  });

  it('lists the audit start’s hourly limit (60 an hour) beside the token’s', () => {
    expect(codesOf(operation('/api/audit', 'post'), '429')).toEqual(
      expect.arrayContaining(['limit.hourly', 'limit.api-token']),
    );
  });

  it('lists each code under the status the server answers it with, once per operation', () => {
    for (const methods of Object.values(doc.paths)) {
      for (const op of Object.values(methods)) {
        const seen: unknown[] = [];
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue;
          for (const code of codesOf(op, status)) {
            expect(ERROR_CODES, op.operationId).toContain(code);
            if (status !== '415')
              expect(ERROR_STATUS[code as 'internal'], `${code}`).toBe(Number(status));
            seen.push(code);
          }
          expect(response.description).toContain(String(codesOf(op, status)[0]));
        }
        expect(seen, op.operationId).toContain('internal');
      }
    }
  });

  it('describes downloads by their media types, and session-only calls without the token', () => {
    const sitemap = operation('/api/generate/{jobId}/{format}', 'get').responses['200'];
    expect(Object.keys(sitemap?.content ?? {})).toEqual(
      expect.arrayContaining(['application/xml', 'text/html', 'text/plain', 'application/gzip']),
    );
    expect(sitemap?.headers).toHaveProperty('Content-Disposition');
    const report = operation('/api/crawl/{jobId}/report', 'get').responses['200'];
    expect(Object.keys(report?.content ?? {})).toEqual(['text/csv', 'application/x-ndjson']);
    const tokens = operation('/api/tokens', 'get');
    expect(tokens.security).toEqual([{ session: [] }]);
    expect(codesOf(tokens, '401')).toEqual(['auth.required']);
    expect(operation('/api/config', 'get').security).toEqual([]);
    expect(operation('/api/openapi.json', 'get').responses['200']).toBeDefined();
  });

  it('carries the figures of the reference page’s tiles', () => {
    const token = doc.components.securitySchemes.apiToken;
    expect(token).toMatchObject({ type: 'http', scheme: 'bearer', 'x-plan': 'pro' });
    expect(token['x-requests-per-hour']).toBe(100);
    expect(doc.components.headers).toHaveProperty('X-RateLimit-Reset');
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    for (const ref of refs) expect(ref).toMatch(/"#\/components\/headers\/[A-Za-z-]+"/);
  });

  it('publishes an operation that has no docs entry yet, by its name and its input errors', () => {
    const docs = OPERATION_DOCS as Record<string, unknown>;
    const entry = docs['crawl.get'];
    delete docs['crawl.get'];
    try {
      const bare = buildOpenApiDocument().paths['/api/crawl/{jobId}']?.get;
      expect(bare).toMatchObject({ operationId: 'crawl.get', summary: 'crawl.get' });
      expect(bare?.tags).toEqual(['Reference']);
      expect(bare && codesOf(bare, '400')).toEqual(['input.invalid']);
      expect(bare?.parameters[0]?.example).toBe('<jobId>');
    } finally {
      docs['crawl.get'] = entry;
    }
  });

  it('makes an example from the schema for an operation without one of its own', () => {
    const reset = operation('/api/reset-password', 'post');
    const schema = reset.requestBody?.content['application/json'] as { example?: JsonSchema };
    expect(schema.example).toEqual({ token: '<token>', password: '<password>' });
  });
});
