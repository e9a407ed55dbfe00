import { z } from 'zod';
import { inputInQuery, pathParamNames } from '../contract/http-binding.js';
import type { HttpRoute } from '../contract/http-routes.js';
import type { JsonSchema, OpenApiParameter } from './types.js';

/**
 * A zod schema of the contract as JSON Schema draft 2020-12 (OpenAPI 3.1's dialect): `input`
 * for what a caller may send (coerced numbers, optional fields), `output` for what comes back.
 * Everything is inlined, so the schema is valid wherever it is placed in the document.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'throw',
    cycles: 'throw',
    reused: 'inline',
  }) as JsonSchema;
  if ('$defs' in json || JSON.stringify(json).includes('"$ref"')) {
    throw new Error('A contract schema made a $ref; the API document inlines every schema');
  }
  return json;
}

/** An operation's input as HTTP carries it: path segments, query string, JSON body. */
export interface HttpInput {
  parameters: OpenApiParameter[];
  /** The JSON body's schema for a POST or DELETE (an empty object when it takes no fields). */
  body: JsonSchema | null;
}

/**
 * Splits an operation's input schema (path params, query and body together) the way the
 * hosted routes and the web app's client read it: `:name` path segments by name, the other
 * fields in the query string of a GET, or in the JSON body of any other method.
 */
export function splitInput(
  route: HttpRoute,
  input: z.ZodType,
  example: object,
  words: Readonly<Record<string, string>> = {},
): HttpInput {
  const json = jsonSchemaOf(input, 'input');
  if (json.type !== 'object') throw new Error(`The input of ${route.path} is not an object`);
  // The docs entry's words for a field, where its schema has none of its own.
  const properties = Object.fromEntries(
    Object.entries(json.properties ?? {}).map(([name, field]) => [
      name,
      words[name] && !field.description ? { ...field, description: words[name] } : field,
    ]),
  );
  const described = (name: string): object => {
    const text = properties[name]?.description;
    return text ? { description: text } : {};
  };
  const required = new Set(json.required ?? []);
  const inPath = new Set(pathParamNames(route.path));
  for (const name of inPath) {
    if (!(name in properties)) throw new Error(`${route.path} has :${name}, its input does not`);
  }
  const fieldExample = (name: string): object =>
    name in example ? { example: (example as Record<string, unknown>)[name] } : {};
  const parameters: OpenApiParameter[] = [...inPath].map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? {},
    ...described(name),
    ...fieldExample(name),
  }));
  const rest = Object.keys(properties).filter((name) => !inPath.has(name));
  if (inputInQuery(route.method)) {
    for (const name of rest) {
      parameters.push({
        name,
        in: 'query',
        required: required.has(name),
        schema: properties[name] ?? {},
        ...described(name),
        ...fieldExample(name),
      });
    }
    return { parameters, body: null };
  }
  const bodyRequired = rest.filter((name) => required.has(name));
  const body: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(rest.map((name) => [name, properties[name] ?? {}])),
    ...(bodyRequired.length > 0 ? { required: bodyRequired } : {}),
    ...(json.additionalProperties !== undefined
      ? { additionalProperties: json.additionalProperties }
      : {}),
  };
  return { parameters, body };
}

/**
 * An example input: the operation's own (operation-docs.ts), else one made from the schema's
 * required fields (an enum's first value, a placeholder naming the field otherwise).
 */
export function exampleInput(
  input: z.ZodType,
  given: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  if (given) return { ...given };
  const json = jsonSchemaOf(input, 'input');
  const example: Record<string, unknown> = {};
  for (const name of json.required ?? []) {
    const field = json.properties?.[name] ?? {};
    if (field.enum && field.enum.length > 0) example[name] = field.enum[0];
    else if (field.type === 'integer' || field.type === 'number') example[name] = 1;
    else if (field.type === 'boolean') example[name] = false;
    else example[name] = `<${name}>`;
  }
  return example;
}
