import { describe, expect, it } from 'vitest';
import { toPostgresPlaceholders } from './placeholders.js';

describe('toPostgresPlaceholders', () => {
  it('numbers each ? in order', () => {
    expect(toPostgresPlaceholders('SELECT ? AS a, ? AS b WHERE x IN (?, ?)')).toBe(
      'SELECT $1 AS a, $2 AS b WHERE x IN ($3, $4)',
    );
  });

  it('leaves ? inside literals, quoted identifiers, comments and dollar quotes alone', () => {
    const sql = [
      "SELECT '?', 'it''s ?', E'\\'?', \"col?\", ?",
      '-- what? ?',
      '/* a ? /* nested ? */ still ? */ ?',
      '$$ ? $$, $tag$ ? $tag$, ?',
    ].join('\n');
    expect(toPostgresPlaceholders(sql)).toBe(
      [
        "SELECT '?', 'it''s ?', E'\\'?', \"col?\", $1",
        '-- what? ?',
        '/* a ? /* nested ? */ still ? */ $2',
        '$$ ? $$, $tag$ ? $tag$, $3',
      ].join('\n'),
    );
  });

  it('keeps $n already in the text and a bare $ untouched', () => {
    expect(toPostgresPlaceholders('SELECT price$ FROM t WHERE a = ?')).toBe(
      'SELECT price$ FROM t WHERE a = $1',
    );
  });
});
