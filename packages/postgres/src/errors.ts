/**
 * How the adapter tells its errors apart: a lost or refused connection (reported as
 * `PostgresUnreachableError`, naming host and port only, never the password) versus a
 * serialization conflict a transaction retries.
 */

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENOENT',
]);

/** SQLSTATE classes 08 (connection exception) and 57P0x (the server shut down or restarts). */
const serverGoneCodes = /^(08\d\d\d|57P0[123])$/;

/** Postgres could not be reached (down, restarting, wrong address). */
export class PostgresUnreachableError extends Error {
  /** A stable code for callers that map errors to answers. */
  readonly code = 'postgres.unreachable';
  constructor(
    /** `host:port` (or the socket folder), never the credentials. */
    readonly target: string,
    reason: string,
  ) {
    super(`Postgres is unreachable at ${target}${reason ? ` (${reason})` : ''}`);
    this.name = 'PostgresUnreachableError';
  }
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `err` means the connection was refused or lost rather than the statement failed. */
export function isConnectionError(err: unknown): boolean {
  if (err instanceof PostgresUnreachableError) return true;
  const code = codeOf(err);
  if (code && (networkCodes.has(code) || serverGoneCodes.test(code))) return true;
  const message = err instanceof Error ? err.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}

/** Whether a SERIALIZABLE transaction failed on a conflict and may simply run again. */
export function isRetryableConflict(err: unknown): boolean {
  const code = codeOf(err);
  return code === '40001' || code === '40P01';
}

/** `err` as thrown to callers: connection trouble becomes a `PostgresUnreachableError`. */
export function translateError(err: unknown, target: string): unknown {
  if (err instanceof PostgresUnreachableError || !isConnectionError(err)) return err;
  const reason = codeOf(err) ?? (err instanceof Error ? err.message : String(err));
  const wrapped = new PostgresUnreachableError(target, reason);
  (wrapped as { cause?: unknown }).cause = err;
  return wrapped;
}

/** `host:port` of a connection string (or its socket folder), for messages and logs. */
export function describeTarget(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    const socket = url.searchParams.get('host');
    if (socket) return `${socket}:${url.searchParams.get('port') ?? (url.port || '5432')}`;
    return `${url.hostname || 'localhost'}:${url.port || '5432'}`;
  } catch {
    return 'the configured address';
  }
}
