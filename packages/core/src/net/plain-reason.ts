import type { FetchError } from '../ports/fetcher.js';

const TLS = /ssl routines|ssl3_|tls|certificate|wrong version number|ERR_SSL|ERR_TLS|CERT_/i;

/** The short phrases a fetch failure is told in (`plainFetchReason`), for whoever reads them back. */
export const FETCH_REASON = {
  refused: 'connection refused',
  notFound: 'host name not found',
  closed: 'connection closed by the server',
  timeout: 'no answer in time',
  undecodable: 'the answer could not be decoded',
  tls: 'the secure (HTTPS) connection failed',
  failed: 'the connection failed',
} as const;

/**
 * A fetch failure as a short phrase a site owner understands ("connection refused"), never an
 * OpenSSL or Node error string. Unknown failures get a general phrase; the raw text is for logs.
 */
export function plainFetchReason(err: Pick<FetchError, 'code' | 'message'>): string {
  const code = err.code;
  if (code === 'EBLOCKED') return err.message;
  if (code === 'ECONNREFUSED') return FETCH_REASON.refused;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return FETCH_REASON.notFound;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return FETCH_REASON.closed;
  }
  if (isTimeout(err)) return FETCH_REASON.timeout;
  if (code === 'EDECODE') return FETCH_REASON.undecodable;
  if (isTlsFailure(err)) return FETCH_REASON.tls;
  return FETCH_REASON.failed;
}

/** True for a failed HTTPS handshake (often an http-only server reached with https://). */
export function isTlsFailure(err: Pick<FetchError, 'code' | 'message'>): boolean {
  return TLS.test(err.code) || TLS.test(err.message);
}

/** A stored failure text made plain: OpenSSL and Node strings become a short phrase. */
export function plainFailureText(text: string): string {
  if (TLS.test(text)) return FETCH_REASON.tls;
  if (/ERR_|0x[0-9a-f]{4}|:error:|\bat \S+:\d+/i.test(text)) return FETCH_REASON.failed;
  return text;
}

/** Whether the fetch ended because the server did not answer in time (connect, headers, body). */
export function isTimeout(err: Pick<FetchError, 'code'>): boolean {
  return err.code === 'ETIMEDOUT' || err.code.includes('TIMEOUT');
}
