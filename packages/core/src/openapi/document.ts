import type { z } from 'zod';
import { EXPORT_FORMATS } from '../contract/formats.js';
import { API_TOKEN_PREFIX, SESSION_COOKIE } from '../contract/http-auth.js';
import { openApiPath } from '../contract/http-binding.js';
import {
  OPERATION_DOCS,
  OPERATION_TAGS,
  type OperationDoc,
  type OperationTag,
} from '../contract/operation-docs.js';
import { type OperationName, operations } from '../contract/operations.js';
import { REPORT_FORMATS } from '../contract/report-schemas.js';
import { apiError } from '../contract/schemas.js';
import { SITE_REFUSED_CODE, siteAddressFields } from '../contract/site-address.js';
import { exporters } from '../export/registry.js';
import { API_TOKEN_REQUESTS_PER_HOUR } from '../plans.js';
import { REPORT_FILES } from '../report/export.js';
import { VERSION } from '../version.js';
import { exampleInput, jsonSchemaOf, splitInput } from './input.js';
import {
  callersOf,
  errorCodesOf,
  errorResponses,
  RESPONSE_HEADERS,
  successResponse,
} from './responses.js';
import type { JsonSchema, OpenApiDocument, OpenApiMethod, OpenApiOperation } from './types.js';

const TAG_TEXT: Record<OperationTag, string> = {
  Crawls: 'Start crawls, poll them to the end, see your history and usage.',
  'Crawl report': 'Every URL a crawl met and why it is or is not in the sitemap; SEO findings.',
  'Client reports':
    'A crawl’s report for a client: read-only share links anyone holding one can open (no account), revocable, with an optional expiry; and the same report as a PDF.',
  Sitemaps: 'Download the sitemaps of a crawl, fetch published ones, notify search engines.',
  'Bulk crawls': 'Pro: crawl a list of up to 100 sites at once and download one zip of them.',
  Schedules: 'Pro: crawls that run by themselves, daily, weekly or monthly, and what they publish.',
  Audits:
    'Pro: the live status of every URL a sitemap lists, and a site’s own sitemaps set beside its crawl.',
  Account: 'Sign-in and account calls, as the web app makes them.',
  'API tokens': 'Managing tokens is done from a signed-in session on the dashboard.',
  Billing: 'Payment for Pro, through PayPal.',
  Reference: 'This document.',
};

const DESCRIPTION = [
  'The Mapsmith API: crawl a site, follow the crawl to its end, read its URL table and download its sitemaps.',
  `Authenticate with a Pro API token: \`Authorization: Bearer ${API_TOKEN_PREFIX}…\` (create one on your dashboard; it is shown once). Each token may make ${API_TOKEN_REQUESTS_PER_HOUR} requests per rolling hour; every answer to a token carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` (epoch seconds), and a 429 carries \`Retry-After\`.`,
  'POST and DELETE calls send a JSON body (`Content-Type: application/json`), `{}` when they take no fields.',
  'Errors answer `{"error", "message", "code"}`: `code` is stable and is what programs switch on; `message` is a sentence for people.',
].join('\n\n');

/** Media types a download can answer with, bare (without `charset`). */
function downloadTypes(kind: NonNullable<OperationDoc['download']>): string[] {
  if (kind === 'zip') return ['application/zip'];
  if (kind === 'image') return ['image/png', 'image/jpeg', 'image/webp'];
  if (kind === 'pdf') return ['application/pdf'];
  if (kind === 'csv') return ['text/csv'];
  const types =
    kind === 'sitemap'
      ? [...EXPORT_FORMATS.map((format) => exporters[format].contentType), 'application/gzip']
      : REPORT_FORMATS.map((format) => REPORT_FILES[format].contentType);
  return [...new Set(types.map((type) => type.split(';')[0]?.trim() ?? type))];
}

function operationOf(name: OperationName, errorBody: JsonSchema): OpenApiOperation {
  const operation = operations[name];
  const doc = OPERATION_DOCS[name];
  const who = callersOf(operation, doc);
  const example = exampleInput(operation.input, doc?.example);
  const { parameters, body } = splitInput(operation, operation.input, example, doc?.fields);
  const output = doc?.download ? null : jsonSchemaOf(operation.output as z.ZodType, 'output');
  // An operation without a docs entry yet: its input is parsed, so a bad one answers 400.
  const takesInput = parameters.length > 0 || Object.keys(body?.properties ?? {}).length > 0;
  const own = doc?.errors ?? (takesInput ? (['input.invalid'] as const) : []);
  // The binders check every site address of an input at the entry (contract/site-address.ts).
  const site = siteAddressFields(operation.input).length > 0 ? [SITE_REFUSED_CODE] : [];
  const codes = errorCodesOf(operation, [...own, ...site], who);
  const description = [doc?.description, doc?.rateWindow].filter(Boolean).join(' ');
  const bodyExample = body
    ? Object.fromEntries(Object.entries(example).filter(([key]) => key in (body.properties ?? {})))
    : undefined;
  return {
    operationId: name,
    summary: doc?.summary ?? name,
    ...(description ? { description } : {}),
    tags: [doc?.tag ?? 'Reference'],
    security: !who.auth ? [] : who.token ? [{ apiToken: [] }, { session: [] }] : [{ session: [] }],
    parameters,
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: body, example: bodyExample } },
          },
        }
      : {}),
    responses: {
      ...successResponse(doc, output, doc?.download ? downloadTypes(doc.download) : [], who),
      ...errorResponses(operation, codes, who, errorBody),
    },
  };
}

/** Where the API is served; a relative `/` when the public address is not configured. */
export interface OpenApiOptions {
  serverUrl?: string | null;
}

/**
 * The OpenAPI 3.1 document of the whole contract, generated from its zod schemas, routes and
 * docs (operation-docs.ts, error-status.ts): the one description the server serves at
 * `/api/openapi.json` and the `/api-docs` page renders. Every operation of the contract is in
 * it, documented or not.
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const errorBody = jsonSchemaOf(apiError, 'output');
  const paths: OpenApiDocument['paths'] = {};
  for (const name of Object.keys(operations) as OperationName[]) {
    const { method, path } = operations[name];
    const key = openApiPath(path);
    paths[key] = {
      ...paths[key],
      [method.toLowerCase() as OpenApiMethod]: operationOf(name, errorBody),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Mapsmith API', version: VERSION, description: DESCRIPTION },
    servers: [{ url: options.serverUrl?.replace(/\/+$/, '') || '/' }],
    tags: OPERATION_TAGS.map((tag) => ({ name: tag, description: TAG_TEXT[tag] })),
    paths,
    components: {
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_TOKEN_PREFIX}…`,
          description: `A Pro API token, sent as \`Authorization: Bearer <token>\`. ${API_TOKEN_REQUESTS_PER_HOUR} requests per token per rolling hour; a token stops working when Pro ends.`,
          'x-requests-per-hour': API_TOKEN_REQUESTS_PER_HOUR,
          'x-plan': 'pro',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The web app’s sign-in session (set by the sign-in call).',
        },
      },
      headers: RESPONSE_HEADERS,
      schemas: { ApiError: errorBody },
    },
  };
}
