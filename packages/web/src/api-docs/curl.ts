import type { OpenApiOperation } from '@mapsmith/core/browser';

/** A shell word in single quotes (a quote inside becomes `'\''`). */
function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A curl line for an operation of the published document, made from the document alone: its
 * method and path, its parameters' examples (a `{name}` placeholder where there is none), its
 * body example, and the credential it takes (the API token from `$MAPSMITH_TOKEN`, or the
 * session cookie for session-only calls). Files are saved under the server's file name.
 */
export function curlExample(
  call: { baseUrl: string; method: string; path: string; sessionCookie: string },
  operation: OpenApiOperation,
): string {
  const { baseUrl, method, path, sessionCookie } = call;
  let filled = path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = parameter.example === undefined ? undefined : String(parameter.example);
    if (parameter.in === 'path') {
      filled = filled.replace(
        `{${parameter.name}}`,
        encodeURIComponent(value ?? `{${parameter.name}}`),
      );
    } else if (value !== undefined) {
      query.set(parameter.name, value);
    }
  }
  const url = `${baseUrl.replace(/\/+$/, '')}${filled}${query.size > 0 ? `?${query}` : ''}`;
  const words = ['curl'];
  const schemes = operation.security.flatMap((alternative) => Object.keys(alternative));
  if (schemes.includes('apiToken')) words.push('-H "Authorization: Bearer $MAPSMITH_TOKEN"');
  else if (schemes.includes('session')) words.push(`--cookie "${sessionCookie}=$MAPSMITH_SESSION"`);
  if (method !== 'get') {
    words.splice(1, 0, `-X ${method.toUpperCase()}`);
    const body = operation.requestBody?.content['application/json']?.example ?? {};
    words.push('-H "Content-Type: application/json"', `-d ${shellQuote(JSON.stringify(body))}`);
  }
  const success = Object.entries(operation.responses).find(([status]) => status.startsWith('2'));
  const isFile = Object.values(success?.[1].content ?? {}).some(
    (m) => m.schema.format === 'binary',
  );
  if (isFile) words.push('-OJ');
  words.push(shellQuote(url));
  return words.join(' ');
}
