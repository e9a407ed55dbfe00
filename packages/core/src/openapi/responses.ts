import type { ErrorCode } from '../contract/error-codes.js';
import { BODY_TYPE_REFUSAL, ERROR_STATUS } from '../contract/error-status.js';
import { type HttpRoute, LARGE_BODY, maxBodyOf } from '../contract/http-routes.js';
import type { OperationDoc } from '../contract/operation-docs.js';
import type { JsonSchema, OpenApiHeader, OpenApiRef, OpenApiResponse } from './types.js';

/** The rate-limit and retry headers, as `components.headers` of the document. */
export const RESPONSE_HEADERS: Record<string, OpenApiHeader> = {
  'X-RateLimit-Limit': {
    description: 'Requests the binding window allows (per API token: per rolling hour).',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Remaining': {
    description: 'Requests left in that window after this one.',
    schema: { type: 'integer' },
  },
  'X-RateLimit-Reset': {
    description: 'When the window frees its next request, in Unix epoch seconds.',
    schema: { type: 'integer' },
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer' },
  },
};

const ref = (name: string): OpenApiRef => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = {
  'X-RateLimit-Limit': ref('X-RateLimit-Limit'),
  'X-RateLimit-Remaining': ref('X-RateLimit-Remaining'),
  'X-RateLimit-Reset': ref('X-RateLimit-Reset'),
};

const REASONS: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  402: 'Payment refused',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Too large',
  415: 'Unsupported content type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Internal error',
  502: 'Upstream failure',
  503: 'Unavailable',
  504: 'Upstream timeout',
};

/** Who may call an operation, from its route and its docs entry. */
export interface Callers {
  /** A signed-in user is needed (session or token). */
  auth: boolean;
  /** API tokens are accepted (and counted: the rate-limit headers describe their window). */
  token: boolean;
  /** Its answers carry the rate-limit headers (a token's window, or the operation's own). */
  rated: boolean;
}

/** Who may call the operation: signed in or not, and whether API tokens are accepted. */
export function callersOf(route: HttpRoute, doc: OperationDoc | undefined): Callers {
  const token = route.auth && !doc?.sessionOnly;
  return { auth: route.auth, token, rated: token || doc?.rateWindow !== undefined };
}

/**
 * Every code the operation can answer with: its own (operation-docs.ts) and the shared ones
 * its route implies (sign-in, a bad or spent API token, a body that is not JSON, a fault).
 */
export function errorCodesOf(route: HttpRoute, own: readonly ErrorCode[], who: Callers) {
  const codes = new Set<ErrorCode>(own);
  if (who.auth) codes.add('auth.required');
  if (who.token) for (const code of TOKEN_CODES) codes.add(code);
  if (route.method !== 'GET') for (const code of BODY_CODES) codes.add(code);
  if (maxBodyOf(route) > LARGE_BODY) codes.add('input.busy');
  codes.add('internal');
  return [...codes];
}

const TOKEN_CODES: readonly ErrorCode[] = [
  'auth.token-invalid',
  'auth.pro-required',
  'limit.api-token',
];
const BODY_CODES: readonly ErrorCode[] = [
  'input.json',
  'input.too-large',
  'input.encoding',
  'auth.csrf',
];

/** The JSON error body, with `code` narrowed to the codes of one status. */
export function errorBodySchema(base: JsonSchema, codes: readonly string[]): JsonSchema {
  return {
    ...base,
    properties: {
      ...base.properties,
      code: { type: 'string', enum: [...codes], description: 'Stable error code: switch on it.' },
    },
    required: [...new Set([...(base.required ?? []), 'code'])],
  };
}

/**
 * The error answers of an operation, one per status, each listing its codes. Answers of a rated
 * operation carry the rate-limit headers (all but 401, where the token is unknown, and 500);
 * every 429 and 503 says when to come back.
 */
export function errorResponses(
  route: HttpRoute,
  codes: readonly ErrorCode[],
  who: Callers,
  errorBody: JsonSchema,
): Record<string, OpenApiResponse> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  if (route.method !== 'GET') {
    const { status, code } = BODY_TYPE_REFUSAL;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, OpenApiResponse> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status) ?? [];
    const headers: Record<string, OpenApiRef> = {
      ...(who.rated && status !== 401 && status !== 500 ? RATE_HEADERS : {}),
      ...(status === 429 || status === 503 ? { 'Retry-After': ref('Retry-After') } : {}),
    };
    responses[String(status)] = {
      description: `${REASONS[status] ?? 'Error'}: ${list.join(', ')}`,
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { 'application/json': { schema: errorBodySchema(errorBody, list) } },
    };
  }
  return responses;
}

/** The success answer: JSON of the output schema, or a file in one of `download` media types. */
export function successResponse(
  doc: OperationDoc | undefined,
  output: JsonSchema | null,
  downloadTypes: readonly string[],
  who: Callers,
): Record<string, OpenApiResponse> {
  const headers: Record<string, OpenApiHeader | OpenApiRef> = who.rated ? { ...RATE_HEADERS } : {};
  const status = doc?.created ? '201' : '200';
  if (output === null) {
    headers['Content-Disposition'] = {
      description: 'attachment; filename="…": the file name to save under.',
      schema: { type: 'string' },
    };
    const file = { schema: { type: 'string', format: 'binary' } };
    return {
      [status]: {
        description: `The file (${downloadTypes.join(', ')})`,
        headers,
        content: Object.fromEntries(downloadTypes.map((type) => [type, file])),
      },
    };
  }
  return {
    [status]: {
      description: status === '201' ? 'Created' : 'OK',
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
      content: { 'application/json': { schema: output } },
    },
  };
}
