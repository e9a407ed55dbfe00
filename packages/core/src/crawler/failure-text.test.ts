import { describe, expect, it } from 'vitest';
import { failureTips, startUrlFailureText } from './failure-text.js';

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
