/** Structured logging. Implementations must never write secrets (tokens, passwords, cookies). */
export interface Logger {
  /** Routine events worth keeping. */
  info(message: string, fields?: Record<string, unknown>): void;
  /** Something went wrong but the work goes on. */
  warn(message: string, fields?: Record<string, unknown>): void;
  /** Something failed. */
  error(message: string, fields?: Record<string, unknown>): void;
  /** Detail for debugging; may be dropped. */
  debug(message: string, fields?: Record<string, unknown>): void;
}

/** A logger that drops everything, for callers that want silence. */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
  debug() {},
};
