import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { purgeOutbox, recipients } from './outbox-purge.js';

describe('outbox purge', () => {
  it('reads To addresses from plain, named and folded headers, not from the body', () => {
    expect(recipients('From: a@x.test\r\nTo: Bob@Example.test\r\n\r\nbody to: c@x.test')).toEqual([
      'bob@example.test',
    ]);
    expect(recipients('To: "Bob" <bob@example.test>,\r\n  eve@example.test\r\n\r\n')).toEqual([
      'bob@example.test',
      'eve@example.test',
    ]);
    expect(recipients('Subject: no recipient\n\nTo: x@y.test')).toEqual([]);
  });

  it("removes only the address's .eml files and treats a missing folder as empty", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-outbox-'));
    try {
      fs.writeFileSync(path.join(dir, '1.eml'), 'To: gone@example.test\r\n\r\nlink');
      fs.writeFileSync(path.join(dir, '2.eml'), 'To: kept@example.test\r\n\r\ngone@example.test');
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'To: gone@example.test\r\n\r\n');
      expect(await purgeOutbox(dir, 'Gone@Example.test')).toBe(1);
      expect(fs.readdirSync(dir).sort()).toEqual(['2.eml', 'notes.txt']);
      expect(await purgeOutbox(path.join(dir, 'missing'), 'gone@example.test')).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
