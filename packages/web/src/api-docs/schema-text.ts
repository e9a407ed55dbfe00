import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiHeader,
  OpenApiRef,
} from '@mapsmith/core/browser';
import { plural } from '../app/format';

/**
 * Plain words for the JSON Schemas of the published API document, as the `/api-docs` page
 * shows them in its tables: a type ("integer, 1 to 500"), and the fields of an object.
 */

const quote = (value: unknown) => JSON.stringify(value);

/** A schema's type in a few words: `"listed" | "excluded"`, `integer, 1 to 500`, `string or null`. */
export function typeText(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map(quote).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeText).join(' or ');
  if (schema.format === 'binary') return 'file';
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const named = types.map((type) =>
    type === 'array' && schema.items ? `array of ${typeText(schema.items)}` : type,
  );
  const words = named.length > 0 ? named.join(' or ') : 'any';
  const bounds = boundsText(schema);
  return bounds ? `${words}, ${bounds}` : words;
}

function boundsText(schema: JsonSchema): string {
  const low =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const high =
    schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER
      ? schema.maximum
      : undefined;
  if (low !== undefined && high !== undefined) return `${low} to ${high}`;
  if (low !== undefined) return `at least ${low}`;
  if (high !== undefined) return `at most ${high}`;
  if (schema.maxLength !== undefined) {
    return schema.minLength
      ? `${schema.minLength} to ${plural(schema.maxLength, 'character')}`
      : `at most ${plural(schema.maxLength, 'character')}`;
  }
  if (schema.pattern) return `matching ${schema.pattern}`;
  return '';
}

/** One field of an object schema, for a table row. */
export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

/** The top-level fields of an object schema (nested objects are shown by their type only). */
export function fieldRows(schema: JsonSchema | undefined): FieldRow[] {
  if (!schema?.properties) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, field]) => ({
    name,
    type: typeText(field),
    required: required.has(name),
    ...(field.description ? { description: field.description } : {}),
  }));
}

/** A header of a response, its `$ref` to `components.headers` followed. */
export function resolveHeader(
  doc: OpenApiDocument,
  header: OpenApiHeader | OpenApiRef,
): OpenApiHeader | undefined {
  if (!('$ref' in header)) return header;
  const name = header.$ref.replace('#/components/headers/', '');
  return doc.components.headers[name];
}
