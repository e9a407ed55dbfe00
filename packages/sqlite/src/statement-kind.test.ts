import { describe, expect, it } from 'vitest';
import { statementKind } from './statement-kind.js';

describe('statementKind', () => {
  it('tells writes from reads, and writes that end in one step from those returning rows', () => {
    const kinds: [string, boolean, boolean][] = [
      ['SELECT 1', false, false],
      ['PRAGMA journal_mode', false, false],
      ['\n  insert INTO t VALUES (?)', true, true],
      ["UPDATE t SET state = 'leased'\n RETURNING seq", true, false],
      ['DELETE FROM t WHERE n = ? returning n', true, false],
      ['REPLACE INTO t VALUES (1)', true, true],
    ];
    for (const [sql, writes, endsInOneStep] of kinds)
      expect(statementKind(sql), sql).toEqual({ writes, endsInOneStep });
  });

  it('answers the same for a text asked again, past the texts it remembers', () => {
    const texts = Array.from({ length: 1200 }, (_, i) => `INSERT INTO t VALUES (${i})`);
    for (const sql of [...texts, ...texts]) expect(statementKind(sql).endsInOneStep).toBe(true);
    expect(statementKind(texts[0] as string)).toBe(statementKind(texts[0] as string));
  });
});
