import {
  openTestDatabase,
  type TestDatabase,
  type TestDatabaseKind,
  testDatabaseKinds,
} from '@mapsmith/app/testing';
import type { SqlDatabase, SqlDialect } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every fragment of `SqlDialect`, run on the same rows in each database: SQLite's and
 * Postgres' fragments must give the same answers, so repositories written once with
 * `db.dialect.*` behave alike on both.
 */

const ROWS: Array<[id: number, name: string, doc: string]> = [
  [1, 'Alpha', '{"status":200,"ok":true,"tags":["a","b"],"chain":[{"status":301}],"title":"A"}'],
  [2, 'beta_x', '{"status":404,"ok":false,"tags":[],"title":"B"}'],
  [3, 'GAMMA', '{"status":500,"title":null}'],
];

const setup = `CREATE TABLE frag (id BIGINT PRIMARY KEY, name TEXT NOT NULL, doc TEXT NOT NULL)`;

/** One fragment's query and the answer both databases must give (rows ordered by id). */
interface Case {
  name: string;
  sql: (d: SqlDialect) => string;
  expected: unknown[];
  /** Normalises a cell before comparing (JSON text is spaced differently by each). */
  read?: (value: unknown) => unknown;
}

const perRow = (expr: (d: SqlDialect) => string) => (d: SqlDialect) =>
  `SELECT ${expr(d)} AS v FROM frag ORDER BY id`;
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
const asText = (v: unknown) => (v === null ? null : String(v));

const CASES: Case[] = [
  {
    name: 'jsonText',
    sql: perRow((d) => d.jsonText('doc', ['title'])),
    expected: ['A', 'B', null],
  },
  {
    name: 'jsonText (nested, array index)',
    sql: perRow((d) => d.jsonText('doc', ['chain', 0, 'status'])),
    expected: ['301', null, null],
    // SQLite's json_extract hands a JSON number back as a number, Postgres' #>> as text.
    read: asText,
  },
  {
    name: 'jsonNumber',
    sql: perRow((d) => d.jsonNumber('doc', ['status'])),
    expected: [200, 404, 500],
  },
  { name: 'jsonFlag', sql: perRow((d) => d.jsonFlag('doc', ['ok'])), expected: [1, 0, null] },
  {
    name: 'jsonArrayLength',
    sql: perRow((d) => d.jsonArrayLength('doc', ['tags'])),
    expected: [2, 0, 0],
  },
  {
    name: 'jsonSetText',
    sql: perRow((d) => d.jsonSetText('doc', 'title', 'name')),
    expected: ROWS.map(([, name, doc]) => ({ ...JSON.parse(doc), title: name })),
    read: json,
  },
  {
    name: 'jsonSetText (NULL value: JSON null, the rest kept)',
    sql: perRow((d) => d.jsonSetText('doc', 'title', 'NULL')),
    expected: ROWS.map(([, , doc]) => ({ ...JSON.parse(doc), title: null })),
    read: json,
  },
  {
    name: 'jsonGroupArray',
    sql: (d) => `SELECT ${d.jsonGroupArray('name', 'id DESC')} AS v FROM frag`,
    expected: [['GAMMA', 'beta_x', 'Alpha']],
    read: json,
  },
  {
    name: 'jsonGroupArray (no rows)',
    sql: (d) => `SELECT ${d.jsonGroupArray('name', 'id')} AS v FROM frag WHERE id < 0`,
    expected: [[]],
    read: json,
  },
  {
    name: 'stringAgg',
    sql: (d) => `SELECT ${d.stringAgg('name', "', '", 'id')} AS v FROM frag`,
    expected: ['Alpha, beta_x, GAMMA'],
  },
  { name: 'greatest', sql: perRow((d) => d.greatest('id', '2')), expected: [2, 2, 3] },
  { name: 'least', sql: perRow((d) => d.least('id', '2')), expected: [1, 2, 2] },
  {
    name: 'likeNoCase',
    sql: (d) => `SELECT id AS v FROM frag WHERE ${d.likeNoCase('name', "'%a%'")} ORDER BY id`,
    expected: [1, 2, 3],
  },
  {
    name: 'likeNoCase (escaped _)',
    sql: (d) => `SELECT id AS v FROM frag WHERE ${d.likeNoCase('name', "'BETA\\_%'")} ORDER BY id`,
    expected: [2],
  },
  {
    name: 'utf8Bytes',
    sql: (d) => `SELECT ${d.utf8Bytes("'é' || name")} AS v FROM frag WHERE id = 1`,
    expected: [[0xc3, 0xa9, 65, 108, 112, 104, 97]],
    read: (v) => [...(v as Uint8Array)],
  },
  {
    name: 'jsonArrayRows and jsonRowText (in the array order, text kept as is)',
    sql: (d) =>
      `SELECT ${d.jsonRowText('e', 1)} AS v FROM ${d.jsonArrayRows(`'[["a","z"],["b","é \\"x\\""],["c",null]]'`, 'e')}`,
    expected: ['z', 'é "x"', null],
  },
];

describe('dialect fragments give the same answers on SQLite and Postgres', () => {
  const opened = new Map<TestDatabaseKind, TestDatabase>();
  beforeAll(async () => {
    for (const kind of testDatabaseKinds) {
      const t = await openTestDatabase(kind);
      await t.db.exec(setup);
      for (const row of ROWS) await t.db.run('INSERT INTO frag VALUES (?, ?, ?)', row);
      opened.set(kind, t);
    }
  });
  afterAll(async () => {
    for (const t of opened.values()) await t.close();
  });

  describe.each(testDatabaseKinds)('%s', (kind) => {
    it.each(CASES)('$name', async ({ sql, expected, read }) => {
      const db = opened.get(kind)?.db as SqlDatabase;
      const rows = await db.all<{ v: unknown }>(sql(db.dialect));
      expect(rows.map((r) => (read ? read(r.v) : r.v))).toEqual(expected);
    });
  });
});
