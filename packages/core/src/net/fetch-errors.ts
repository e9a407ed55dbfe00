/** Maps undici, Node and zlib errors to FetchError with a stable code and retryability. */
import { FetchError } from '../ports/fetcher.js';

const RETRYABLE = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

const MESSAGES: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'body timeout',
  UND_ERR_SOCKET: 'connection closed by the server',
  ENOTFOUND: 'host not found',
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
};

/** Converts any thrown value to a FetchError (an existing FetchError, also as a cause, is kept). */
export function toFetchError(err: unknown): FetchError {
  if (err instanceof FetchError) return err;
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof FetchError) return cause;
  const code = String(
    (err as { code?: unknown })?.code ?? (cause as { code?: unknown })?.code ?? 'EFETCH',
  );
  if ((err as { name?: string })?.name === 'AbortError')
    return new FetchError('cancelled', 'EABORTED', false);
  if (code.startsWith('Z_') || code === 'ERR__ERROR_FORMAT_PADDING_1')
    return new FetchError('the response body could not be decoded', 'EDECODE', false);
  const message = MESSAGES[code] ?? (err instanceof Error ? err.message : String(err));
  return new FetchError(message, code, RETRYABLE.has(code));
}
