import { describe, expect, it } from 'vitest';
import { endsInOneStep } from './statement-kind.js';

describe('endsInOneStep', () => {
  it('is true for writes without RETURNING only', () => {
    const kinds: [string, boolean][] = [
      ['SELECT 1', false],
      ['PRAGMA journal_mode', false],
      ['\n  insert INTO t VALUES (?)', true],
      ["UPDATE t SET state = 'leased'\n RETURNING seq", false],
      ['DELETE FROM t WHERE n = ? returning n', false],
      ['REPLACE INTO t VALUES (1)', true],
    ];
    for (const [sql, ends] of kinds) expect(endsInOneStep(sql), sql).toBe(ends);
  });

  it('answers the same for a text asked again, past the texts it remembers', () => {
    const texts = Array.from({ length: 1200 }, (_, i) => `INSERT INTO t VALUES (${i})`);
    const returning = texts.map((t) => `${t} RETURNING rowid`);
    for (const sql of [...texts, ...texts]) expect(endsInOneStep(sql)).toBe(true);
    for (const sql of [...returning, ...returning]) expect(endsInOneStep(sql)).toBe(false);
  });
});
