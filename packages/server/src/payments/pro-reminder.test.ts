import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSqlAccountRepositories } from '@mapsmith/app';
import { silentLogger } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Database } from '../db/database.js';
import { migrate } from '../db/migrations/index.js';
import { createMailer } from '../mail/mailer.js';
import { sendProReminders } from './pro-reminder.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-22T12:00:00.000Z');

let dir: string;
let db: Database;
let outbox: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-reminder-'));
  outbox = path.join(dir, 'outbox');
  db = await Database.open(path.join(dir, 'db.sqlite'));
  await migrate(db);
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function addUser(name: string, proUntil: string | null) {
  await db.run(
    'INSERT INTO users (username, email, password_hash, pro_until) VALUES (?, ?, ?, ?)',
    [name, `${name}@example.test`, 'h', proUntil],
  );
}

function mails(): string[] {
  if (!fs.existsSync(outbox)) return [];
  // Undo quoted-printable soft line breaks so sentences can be matched whole.
  return fs
    .readdirSync(outbox)
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''));
}

describe('Pro reminder mail', () => {
  it('mails once per end date, only within 3 days of the end, and again after a renewal', async () => {
    const deps = {
      repos: { accounts: createSqlAccountRepositories(db) },
      mailer: createMailer({
        smtpUrl: null,
        from: 'x@y.test',
        outboxDir: outbox,
        logger: silentLogger,
      }),
      publicUrl: 'https://mapsmith.test',
    };
    const soon = new Date(NOW + 2 * DAY).toISOString();
    await addUser('soon', soon);
    await addUser('later', new Date(NOW + 10 * DAY).toISOString());
    await addUser('lapsed', new Date(NOW - DAY).toISOString());
    await addUser('free', null);

    expect(await sendProReminders(deps, NOW)).toBe(1);
    const [mail] = mails();
    expect(mail).toContain('To: soon@example.test');
    expect(mail).toContain('Subject: Your Mapsmith Pro ends on November 24, 2026');
    expect(mail).toContain('https://mapsmith.test/subscribe');
    expect(mail).toContain('Pro does not renew by itself');

    // The next pass (an hour later) sends nothing new for the same end date.
    expect(await sendProReminders(deps, NOW + 60 * 60 * 1000)).toBe(0);

    // Paying again moves the end date a month on: a new reminder comes near the new end only.
    const renewed = new Date(NOW + 32 * DAY).toISOString();
    await db.run('UPDATE users SET pro_until = ? WHERE username = ?', [renewed, 'soon']);
    expect(await sendProReminders(deps, NOW + DAY)).toBe(0);
    expect(await sendProReminders(deps, NOW + 8 * DAY)).toBe(1); // 'later', 2 days before its end
    expect(await sendProReminders(deps, NOW + 30 * DAY)).toBe(1); // 'soon', near its new end
    expect(mails()).toHaveLength(3);
  });
});
