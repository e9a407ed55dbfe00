import type { Logger } from '@mapsmith/core';

function line(level: string, message: string, fields?: Record<string, unknown>): void {
  process.stderr.write(
    `${JSON.stringify({ level, message, ...fields, at: new Date().toISOString() })}\n`,
  );
}

/**
 * The main process's logger: warnings and errors as JSON lines on stderr (debug lines only with
 * `MAPSMITH_DEBUG=1`). Callers never pass tokens; the vault never logs what it stores.
 */
export const stderrLogger: Logger = {
  info: (message, fields) => line('info', message, fields),
  warn: (message, fields) => line('warn', message, fields),
  error: (message, fields) => line('error', message, fields),
  debug: (message, fields) => {
    if (process.env.MAPSMITH_DEBUG === '1') line('debug', message, fields);
  },
};
