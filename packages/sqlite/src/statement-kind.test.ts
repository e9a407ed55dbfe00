import { describe, expect, it } from 'vitest';
import { statementKind } from './statement-kind.js';

describe('statementKind', () => {
  it('tells writes from reads, and writes that end in one step from those returning rows', () => {
    expect(statementKind('SELECT 1')).toEqual({ writes: false, endsInOneStep: false });
    expect(statementKind('PRAGMA journal_mode')).toEqual({ writes: false, endsInOneStep: false });
    expect(statementKind('\n  insert INTO t VALUES (?)')).toEqual({
      writes: true,
      endsInOneStep: true,
    });
    expect(statementKind("UPDATE t SET state = 'leased'\n RETURNING seq")).toEqual({
      writes: true,
      endsInOneStep: false,
    });
    expect(statementKind('DELETE FROM t WHERE n = ? returning n')).toEqual({
      writes: true,
      endsInOneStep: false,
    });
    expect(statementKind('REPLACE INTO t VALUES (1)')).toEqual({
      writes: true,
      endsInOneStep: true,
    });
  });

  it('answers the same for a text asked again, past the texts it remembers', () => {
    const texts = Array.from({ length: 1200 }, (_, i) => `INSERT INTO t VALUES (${i})`);
    for (const sql of [...texts, ...texts]) expect(statementKind(sql).endsInOneStep).toBe(true);
    expect(statementKind(texts[0] as string)).toBe(statementKind(texts[0] as string));
  });
});
