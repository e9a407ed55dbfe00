import { describe, expect, it } from 'vitest';
import {
  crawlFailureCode,
  credentialsFailureText,
  failureTips,
  startUrlFailureText,
} from './failure-text.js';

describe('failure tips (walkthrough defect 30)', () => {
  const tipsFor = (error: string) => failureTips(startUrlFailureText(error)).join(' ');

  it('say what is true for this failure, and never that Pro would have crawled it', () => {
    expect(tipsFor('host name not found')).toMatch(/typing mistakes/);
    expect(tipsFor('connection refused')).toMatch(/allow the user agent MapsmithBot/);
    expect(tipsFor('no answer in time')).toMatch(/too slowly/);
    expect(tipsFor('robots.txt unreachable: connection refused')).toBe(
      tipsFor('connection refused'),
    );
    expect(tipsFor('SSL routines:ssl3_get_record:wrong version number')).toMatch(/http:\/\//);
    for (const error of ['host name not found', 'connection refused', 'no answer in time', '']) {
      expect(tipsFor(error)).not.toMatch(/\bPro\b|script-heavy|render/i);
      expect(failureTips(null).length).toBeGreaterThan(0);
    }
  });

  it('do not blame bot protection for a name that does not exist', () => {
    expect(tipsFor('host name not found')).not.toMatch(/firewall/);
  });
});

describe('a start page that refuses (issue 29)', () => {
  it('says the credentials were refused, or are needed, with its code and tips', () => {
    const refused = credentialsFailureText(401, true);
    expect(refused).toMatch(
      /^The site refused the credentials given for this crawl: its start page answered 401 \(Unauthorized\)\./,
    );
    expect(credentialsFailureText(403, true)).toMatch(/answered 403 \(Forbidden\)/);
    expect(crawlFailureCode(refused)).toBe('crawl.credentials-refused');
    expect(failureTips(refused).join(' ')).toMatch(/user name and password/);
    const needed = credentialsFailureText(401, false);
    expect(crawlFailureCode(needed)).toBe('crawl.credentials-required');
    expect(failureTips(needed).join(' ')).toMatch(/crawl settings \(Pro\)/);
    // A 403 without credentials is a site turning crawlers away, not a login: no failure here.
    expect(credentialsFailureText(403, false)).toBeNull();
    expect(credentialsFailureText(200, true)).toBeNull();
    expect(crawlFailureCode(startUrlFailureText('connection refused'))).toBeNull();
  });
});
