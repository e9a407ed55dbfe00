// Issue 29 point 3: a schedule's client addresses on SQLite and Postgres alike: a list replaced
// as given, an unsubscribed address kept and never mailed again, rows gone with the schedule.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqlScheduleRepository } from '../schedules/schedule-sql.js';
import { seedUser } from '../testing/pro-contract-support.js';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlReportRecipientRepository } from './sql-report-recipients.js';

describe.each(testDatabaseKinds)('the report recipients on %s', (kind) => {
  let t: TestDatabase;
  let recipients: SqlReportRecipientRepository;
  let scheduleId: string;
  let user: number;
  let n = 0;
  const token = () => `tok-${++n}`.padEnd(32, 'x');

  beforeEach(async () => {
    t = await openTestDatabase(kind);
    recipients = new SqlReportRecipientRepository(t.db);
    user = await seedUser(t.db, 'report-owner');
    const schedule = await new SqlScheduleRepository(t.db).create(
      user,
      {
        url: 'https://client.example/',
        frequency: 'daily',
        time: '06:00',
        timeZone: 'UTC',
        after: { publish: false, mail: false, indexNow: false },
      },
      'schedule-token',
      0,
    );
    scheduleId = schedule.id;
  });
  afterEach(() => t.close());

  it('replaces the list, keeps tokens of kept addresses, and keeps who unsubscribed', async () => {
    await recipients.set(scheduleId, ['a@x.test', 'b@x.test'], token, '2026-11-01T00:00:00Z');
    const first = await recipients.list(scheduleId);
    expect(first.map((r) => [r.email, r.unsubscribedAt])).toEqual([
      ['a@x.test', null],
      ['b@x.test', null],
    ]);
    const bToken = first[1]?.token ?? '';
    expect(await recipients.byToken(bToken)).toMatchObject({
      email: 'b@x.test',
      url: 'https://client.example/',
      userId: user,
    });

    await recipients.unsubscribe(bToken, '2026-11-02T00:00:00Z');
    await recipients.unsubscribe(bToken, '2026-11-03T00:00:00Z');
    // b left the list and a was removed: a goes, b stays unsubscribed (the first time kept).
    await recipients.set(scheduleId, ['c@x.test'], token, '2026-11-04T00:00:00Z');
    expect((await recipients.list(scheduleId)).map((r) => [r.email, r.unsubscribedAt])).toEqual([
      ['b@x.test', '2026-11-02T00:00:00Z'],
      ['c@x.test', null],
    ]);
    // Listing b again does not subscribe it again.
    await recipients.set(scheduleId, ['b@x.test', 'c@x.test'], token, '2026-11-05T00:00:00Z');
    expect((await recipients.byToken(bToken))?.unsubscribedAt).toBe('2026-11-02T00:00:00Z');

    await new SqlScheduleRepository(t.db).delete(scheduleId, user);
    expect(await recipients.list(scheduleId)).toEqual([]);
    expect(await recipients.byToken(bToken)).toBeUndefined();
  });
});
