import { describe, expect, it } from 'vitest';
import { scheduleRunMail } from './messages.js';

describe('the scheduled-run mail', () => {
  it('has a short subject; the changes, however long, are in the body (walkthrough defect 52)', () => {
    const changes = 'this was the first crawl of the site, so nothing to compare yet';
    const mail = scheduleRunMail('a@example.test', 'alice', {
      url: 'https://www.example-agency-client.com/',
      listed: 1,
      changes,
      link: 'https://mapsmith.test/crawls/x',
      sitemapUrl: null,
      indexNow: null,
      problem: null,
    });
    expect(mail.subject).toBe('Scheduled crawl of www.example-agency-client.com: 1 URL listed');
    expect(mail.subject.length).toBeLessThanOrEqual(78);
    expect(mail.text).toContain(`Since the previous crawl: ${changes}.`);
  });
});
