import type { OpenApiOperation } from '@mapsmith/core/browser';
import { describe, expect, it } from 'vitest';
import { curlExample } from './curl';
import { typeText } from './schema-text';

const base = { operationId: 'x', summary: 'x', tags: [], responses: {} };
const call = (method: string, path: string) => ({
  baseUrl: 'https://mapsmith.example/',
  method,
  path,
  sessionCookie: 'sid',
});

describe('the curl line of an operation', () => {
  it('fills path and query from the examples and sends the token', () => {
    const op: OpenApiOperation = {
      ...base,
      security: [{ apiToken: [] }, { session: [] }],
      parameters: [
        { name: 'jobId', in: 'path', required: true, schema: {}, example: 'j 1' },
        { name: 'limit', in: 'query', required: false, schema: {}, example: 100 },
        { name: 'cursor', in: 'query', required: false, schema: {} },
      ],
    };
    expect(curlExample(call('get', '/api/crawl/{jobId}/urls'), op)).toBe(
      `curl -H "Authorization: Bearer $MAPSMITH_TOKEN" 'https://mapsmith.example/api/crawl/j%201/urls?limit=100'`,
    );
  });

  it('posts the body example as JSON, quoted for the shell, and saves files by their name', () => {
    const post: OpenApiOperation = {
      ...base,
      security: [{ apiToken: [] }],
      parameters: [],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: {}, example: { name: "it's" } } },
      },
    };
    expect(curlExample(call('post', '/api/tokens'), post)).toBe(
      `curl -X POST -H "Authorization: Bearer $MAPSMITH_TOKEN" -H "Content-Type: application/json" -d '{"name":"it'\\''s"}' 'https://mapsmith.example/api/tokens'`,
    );
    const file: OpenApiOperation = {
      ...base,
      security: [{ session: [] }],
      parameters: [{ name: 'format', in: 'path', required: true, schema: {} }],
      responses: {
        '200': {
          description: 'file',
          content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
        },
      },
    };
    expect(curlExample(call('get', '/r/{format}'), file)).toBe(
      `curl --cookie "sid=$MAPSMITH_SESSION" -OJ 'https://mapsmith.example/r/%7Bformat%7D'`,
    );
  });
});

describe('the type words of a schema', () => {
  it('names enums, bounds, nullables and arrays', () => {
    expect(typeText({ enum: ['listed', 'excluded'] })).toBe('"listed" | "excluded"');
    expect(typeText({ type: 'integer', minimum: 1, maximum: 500 })).toBe('integer, 1 to 500');
    expect(
      typeText({ type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    ).toBe('integer, at least 1');
    expect(typeText({ type: ['string', 'null'] })).toBe('string or null');
    expect(typeText({ type: 'array', items: { type: 'string' } })).toBe('array of string');
    expect(typeText({ type: 'string', minLength: 1, maxLength: 64 })).toBe(
      'string, 1 to 64 characters',
    );
  });
});
