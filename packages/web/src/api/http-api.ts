import {
  ApiCallError,
  type ApiClient,
  type ExportFile,
  fillPath,
  HTTP_ROUTES,
  type InputOf,
  inputInQuery,
  type OperationName,
  type OutputOf,
  queryString,
} from '@mapsmith/core/browser';

/**
 * The hosted address of a GET operation with its input as path segments and query: what a
 * plain link can point at when the browser itself should stream a large download to disk.
 */
export function httpGetUrl<N extends OperationName>(
  name: N,
  input: InputOf<N>,
  baseUrl = '',
): string {
  const { path, rest } = fillPath(HTTP_ROUTES[name].path, (input ?? {}) as Record<string, unknown>);
  return `${baseUrl}${path}${queryString(rest)}`;
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * The hosted app's API client: the spec §7 calls over HTTP, JSON both ways, cookies included.
 * A non-OK answer becomes `ApiCallError` with the message "{status}: {text}" (spec §7).
 */
export function createHttpApi(baseUrl = ''): ApiClient {
  async function call<N extends OperationName>(name: N, input: InputOf<N>): Promise<OutputOf<N>> {
    // The zod-free route table: the browser needs no schemas to make the call.
    const operation = HTTP_ROUTES[name];
    const init: RequestInit = {
      method: operation.method,
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    };
    let url: string;
    if (inputInQuery(operation.method)) {
      url = httpGetUrl(name, input, baseUrl);
    } else {
      const { path, rest } = fillPath(operation.path, (input ?? {}) as Record<string, unknown>);
      url = baseUrl + path;
      init.body = JSON.stringify(rest);
    }
    const response = await fetch(url, init);
    if (!response.ok) {
      const text = await response.text();
      let body: { error?: string; message?: string } | null = null;
      try {
        body = JSON.parse(text) as { error?: string; message?: string };
      } catch {
        body = null;
      }
      const retry = Number(response.headers.get('Retry-After'));
      throw new ApiCallError(
        response.status,
        text || response.statusText,
        body,
        Number.isFinite(retry) && retry > 0 ? retry : null,
      );
    }
    // Downloads answer a file, not JSON: a sitemap export or the crawl report.
    if (name === 'export.generate' || name === 'crawl.report') {
      const { format } = input as InputOf<'export.generate' | 'crawl.report'>;
      const fallback = name === 'crawl.report' ? `crawl-report.${format}` : `sitemap.${format}`;
      const parts = Number(response.headers.get('X-Sitemap-Parts'));
      const file: ExportFile = {
        fileName: fileNameFrom(response.headers.get('Content-Disposition'), fallback),
        contentType: response.headers.get('Content-Type') ?? 'application/octet-stream',
        bytes: new Uint8Array(await response.arrayBuffer()),
        ...(Number.isInteger(parts) && parts > 0 ? { parts } : {}),
      };
      return file as OutputOf<N>;
    }
    return (await response.json()) as OutputOf<N>;
  }
  return { call, shell: 'hosted' };
}
