// Issue 30 point 6: a failure repeating every second is logged once, then counted.
import { describe, expect, it } from 'vitest';
import type { Logger } from '../ports/logger.js';
import { RepeatedFailureLog } from './repeated-failure.js';

function recorder() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  const logger: Logger = {
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    debug: at('debug'),
  };
  return { lines, logger };
}

describe('RepeatedFailureLog', () => {
  it('writes the first failure, then one line a minute with the count, then the recovery', () => {
    const { lines, logger } = recorder();
    let now = 0;
    const log = new RepeatedFailureLog(logger, 'error', 'could not claim a job', () => now);
    for (let s = 0; s < 125; s++) {
      now = s * 1000;
      log.failed({ error: 'SQLITE_FULL' });
    }
    expect(lines).toEqual([
      {
        level: 'error',
        message: 'could not claim a job',
        fields: { error: 'SQLITE_FULL', failures: 1 },
      },
      {
        level: 'error',
        message: 'could not claim a job',
        fields: { error: 'SQLITE_FULL', repeated: 59, failures: 61 },
      },
      {
        level: 'error',
        message: 'could not claim a job',
        fields: { error: 'SQLITE_FULL', repeated: 59, failures: 121 },
      },
    ]);
    log.succeeded();
    log.succeeded();
    expect(lines.slice(3)).toEqual([
      { level: 'info', message: 'could not claim a job: recovered', fields: { failures: 125 } },
    ]);
    expect(log.count).toBe(0);
    log.failed();
    expect(lines).toHaveLength(5);
  });
});
