import { describe, expect, it } from 'vitest';
import { compilePattern } from '../crawler/bounds.js';
import { crawlSettings, crawlSettingsOptions, describeCrawlSettings } from './crawl-settings.js';

describe('crawl settings', () => {
  it('maps globs so that a glob shaped like /x/ stays a glob, not a regex', () => {
    const options = crawlSettingsOptions({ exclude: ['/tag/', '/blog/*'] });
    const [exact, prefix] = (options.exclude ?? []).map(compilePattern);
    expect(exact?.test('/tag/')).toBe(true);
    expect(exact?.test('/xtagx/')).toBe(false);
    expect(prefix?.test('/blog/a?b=1')).toBe(true);
    expect(prefix?.test('/news/blog/a')).toBe(false);
  });

  it('refuses what it cannot run safely, in plain words', () => {
    const bad = crawlSettings.safeParse({ include: ['/a*b*c*d*e*f*'], maxDepth: 1.5, colour: 1 });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toContain('A pattern has at most 5 * wildcards');
    expect(messages).toContain('Max depth must be a whole number');
  });

  it('describes only what departs from the defaults', () => {
    expect(describeCrawlSettings({ maxDepth: 5, exclude: ['/tag/*'], scope: 'host' })).toEqual([
      'depth 5',
      'exclude /tag/*',
    ]);
    expect(describeCrawlSettings(undefined)).toEqual([]);
  });
});
