import type { Logger } from '@mapsmith/core';

const SECRET_KEYS = /pass(word)?|token|secret|cookie|authorization|session/i;

/** Replaces values of secret-looking fields so they never reach a log. */
function redact(fields: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!fields) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = SECRET_KEYS.test(key) ? '[redacted]' : value;
  }
  return out;
}

/** A JSON-lines logger on stderr; `level` drops debug lines unless `debug`. */
export function createLogger(options: { debug?: boolean; quiet?: boolean } = {}): Logger {
  const write = (level: string, message: string, fields?: Record<string, unknown>) => {
    if (options.quiet && level !== 'error') return;
    const line = { time: new Date().toISOString(), level, message, ...redact(fields) };
    process.stderr.write(`${JSON.stringify(line)}\n`);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    debug: (m, f) => {
      if (options.debug) write('debug', m, f);
    },
  };
}
