/**
 * The parts of OpenAPI 3.1 that Mapsmith's published document uses, typed for the generator
 * and for the web app's `/api-docs` page, which renders the served document.
 */

/** A JSON Schema (draft 2020-12, the dialect OpenAPI 3.1 uses). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  format?: string;
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
  [keyword: string]: unknown;
}

/** A reference to a reusable part under `components`. */
export interface OpenApiRef {
  $ref: string;
}

/** A path or query parameter. */
export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
  example?: unknown;
}

/** A response header. */
export interface OpenApiHeader {
  description: string;
  schema: JsonSchema;
}

/** One media type of a body. */
export interface OpenApiMediaType {
  schema: JsonSchema;
  example?: unknown;
}

/** One answer of an operation. */
export interface OpenApiResponse {
  description: string;
  headers?: Record<string, OpenApiHeader | OpenApiRef>;
  content?: Record<string, OpenApiMediaType>;
}

/** One operation (a method on a path). */
export interface OpenApiOperation {
  /** The contract's operation name (`crawl.start`). */
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Alternatives: any one of them authenticates; `[]` means none is needed. */
  security: Record<string, string[]>[];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
}

/** The methods the contract's routes use, as OpenAPI keys them. */
export type OpenApiMethod = 'get' | 'post' | 'delete';

/** The API token's security scheme, with the figures the reference's tiles show. */
export interface OpenApiTokenScheme {
  type: 'http';
  scheme: 'bearer';
  bearerFormat: string;
  description: string;
  /** Requests one token may make per rolling hour. */
  'x-requests-per-hour': number;
  /** The plan that may hold tokens. */
  'x-plan': 'pro';
}

/** The whole document (open to extensions, as the contract's loose `openApiDocument` is). */
export interface OpenApiDocument {
  [extension: string]: unknown;
  openapi: '3.1.0';
  info: { [extension: string]: unknown; title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>>;
  components: {
    securitySchemes: {
      apiToken: OpenApiTokenScheme;
      session: { type: 'apiKey'; in: 'cookie'; name: string; description: string };
    };
    headers: Record<string, OpenApiHeader>;
    schemas: Record<string, JsonSchema>;
  };
}
