import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './document.js';
import type { JsonSchema } from './types.js';

const doc = buildOpenApiDocument({ serverUrl: 'https://mapsmith.example/' });

/** Every sub-schema of `schema` at the property `name`, wherever it is nested. */
function propertiesNamed(schema: unknown, name: string, found: JsonSchema[] = []): JsonSchema[] {
  if (!schema || typeof schema !== 'object') return found;
  const record = schema as Record<string, unknown>;
  const properties = record.properties as Record<string, JsonSchema> | undefined;
  if (properties?.[name]) found.push(properties[name]);
  for (const value of Object.values(record)) propertiesNamed(value, name, found);
  return found;
}

describe('staging-site credentials in the OpenAPI document', () => {
  it('marks every password and header value write-only, in requests and answers alike', () => {
    const passwords = propertiesNamed(doc, 'password').filter((p) =>
      JSON.stringify(p).includes('500'),
    );
    const siteAuths = propertiesNamed(doc, 'siteAuth');
    // crawl.start, bulk.start, schedules.create, schedules.update, and the answers.
    expect(siteAuths.length).toBeGreaterThanOrEqual(4);
    expect(passwords.length).toBeGreaterThanOrEqual(4);
    for (const password of passwords)
      expect(JSON.stringify(password)).toContain('"writeOnly":true');
    const headerValues = siteAuths.flatMap((auth) =>
      propertiesNamed(auth, 'headers').flatMap((h) => propertiesNamed(h, 'value')),
    );
    expect(headerValues.length).toBeGreaterThanOrEqual(4);
    for (const value of headerValues) expect(JSON.stringify(value)).toContain('"writeOnly":true');
  });
});
