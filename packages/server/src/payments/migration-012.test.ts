import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../db/database.js';
import { migrate, migrations } from '../db/migrations/index.js';

let dir: string;
let db: Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-m012-'));
  db = await Database.open(path.join(dir, 'db.sqlite'));
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Brings the database to the schema before migration 12, as a deployed server has it. */
async function migrateUpTo11() {
  await db.exec(
    'CREATE TABLE schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT)',
  );
  for (const m of migrations.filter((x) => x.id < 12)) {
    await db.exec(m.up);
    await db.run('INSERT INTO schema_migrations (id, name) VALUES (?, ?)', [m.id, m.name]);
  }
}

const ORDER =
  'INSERT INTO payment_orders (id, user_id, paypal_order_id, amount, currency, status, capture_id, failure, pro_until, created_at, captured_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)';

describe('migration 12 (payment order states)', () => {
  it('keeps every order, allows pending and refunded, still refuses other states', async () => {
    await migrateUpTo11();
    await db.run(
      "INSERT INTO users (id, username, email, password_hash) VALUES (7, 'u', 'u@x.test', 'h')",
    );
    const rows = [
      [
        'o1',
        7,
        'PP1',
        '3.00',
        'USD',
        'captured',
        'CAP1',
        null,
        '2026-12-21T10:00:00.000Z',
        '2026-11-01T00:00:00.000Z',
        '2026-11-21T10:00:00.000Z',
      ],
      [
        'o2',
        7,
        'PP2',
        '3.00',
        'USD',
        'rejected',
        null,
        'capture status is DECLINED',
        null,
        '2026-11-02T00:00:00.000Z',
        null,
      ],
      ['o3', 7, null, '3.00', 'USD', 'created', null, null, null, '2026-11-03T00:00:00.000Z', null],
    ];
    for (const row of rows) await db.run(ORDER, row);
    const before = await db.all('SELECT * FROM payment_orders ORDER BY id');

    expect((await migrate(db))[0]).toBe(12);
    const after = await db.all<Record<string, unknown>>('SELECT * FROM payment_orders ORDER BY id');
    expect(after.map(({ period_start, checked_at, refunded_at, ...rest }) => rest)).toEqual(before);
    expect(after.every((r) => r.period_start === null && r.checked_at === null)).toBe(true);

    await db.run("UPDATE payment_orders SET status = 'pending' WHERE id = 'o3'");
    await db.run("UPDATE payment_orders SET status = 'refunded' WHERE id = 'o1'");
    await expect(
      db.run("UPDATE payment_orders SET status = 'lost' WHERE id = 'o2'"),
    ).rejects.toThrow(/CHECK constraint/);
    await expect(
      db.run(ORDER, ['o4', 99, null, '3.00', 'USD', 'created', null, null, null, 'x', null]),
    ).rejects.toThrow(/FOREIGN KEY/);
    const indexes = await db.all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'payment_orders' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    expect(indexes.map((i) => i.name)).toEqual(['payment_orders_status', 'payment_orders_user']);
    await db.run('DELETE FROM users WHERE id = 7');
    expect(await db.all('SELECT id FROM payment_orders')).toEqual([]);
    expect(await migrate(db)).toEqual([]);
  });
});
