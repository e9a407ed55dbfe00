import type { HttpRoute } from './http-routes.js';

/**
 * How an operation binds to HTTP, said once and read by the server's mount, the web app's
 * client and the OpenAPI document: the method and path of its route (http-routes.ts), `:name`
 * path segments filled from the input's fields of that name, and the other fields in the query
 * string of a GET or in the JSON body of any other method. Zod-free, for the browser.
 */

/** A `:name` segment of a route's path: a letter, then letters, digits or `_`. */
const PATH_PARAM = /:([A-Za-z][A-Za-z0-9_]*)/g;

/** The `:name` segments of a route's path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(PATH_PARAM)].map((m) => m[1] ?? '');
}

/** `/api/crawl/:jobId` as OpenAPI writes it: `/api/crawl/{jobId}`. */
export function openApiPath(path: string): string {
  return path.replace(PATH_PARAM, '{$1}');
}

/** Whether the input's fields beyond the path travel in the query string (a GET) or the body. */
export function inputInQuery(method: HttpRoute['method']): boolean {
  return method === 'GET';
}

/**
 * Fills the `:name` segments of `path` from `input` (URI-encoded; a missing field is empty) and
 * returns the path with the fields left over for the query string or body.
 */
export function fillPath(
  path: string,
  input: Readonly<Record<string, unknown>>,
): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...input };
  const filled = path.replace(PATH_PARAM, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
}

/** The query string (with its `?`, or empty) of the fields left over, undefined ones left out. */
export function queryString(rest: Readonly<Record<string, unknown>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined) query.set(key, String(value));
  return query.size > 0 ? `?${query}` : '';
}
