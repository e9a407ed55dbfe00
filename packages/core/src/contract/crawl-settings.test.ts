import { describe, expect, it } from 'vitest';
import { compilePattern } from '../crawler/bounds.js';
import { changeSummaryWords } from './change-schemas.js';
import {
  crawlSettings,
  crawlSettingsOptions,
  describeCrawlSettings,
  reachSettingsChanged,
} from './crawl-settings.js';

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

describe('reachSettingsChanged (issue 25 point 5)', () => {
  it('names the settings that decide which URLs are met, defaults written out', () => {
    expect(reachSettingsChanged(null, null)).toEqual([]);
    expect(
      reachSettingsChanged(null, { scope: 'host', render: 'auto', maxDepth: undefined }),
    ).toEqual([]);
    expect(
      reachSettingsChanged({ exclude: ['/a/*', '/b/*'] }, { exclude: ['/b/*', '/a/*'] }),
    ).toEqual([]);
    // A politer delay or another user agent meets the same URLs.
    expect(reachSettingsChanged(null, { politenessDelayMs: 500, userAgentSuffix: 'x' })).toEqual(
      [],
    );
    expect(
      reachSettingsChanged(null, { maxDepth: 1, exclude: ['/blog/*'], listQueryUrls: true }),
    ).toEqual(['depth', 'exclude', 'query URLs']);
    expect(
      reachSettingsChanged({ include: ['/docs/*'], render: 'never' }, { scope: 'domain' }),
    ).toEqual(['include', 'scope', 'rendering']);
  });

  it('the summary in words counts URLs left out by changed settings apart from removed ones', () => {
    const base = {
      previousJobId: 'j',
      previousAt: '2026-11-26T00:00:00.000Z',
      added: 0,
      removed: 0,
      changed: 0,
      unchanged: 9,
      newlyExcluded: 0,
    };
    expect(
      changeSummaryWords({ ...base, settingsChanged: ['depth', 'exclude'], leftOut: 47 }),
    ).toBe('47 left out by changed settings (depth, exclude)');
    expect(changeSummaryWords({ ...base, settingsChanged: ['scope'], leftOut: 0 })).toBe(
      'no changes (settings changed: scope)',
    );
    expect(changeSummaryWords({ ...base, removed: 2, settingsChanged: [], leftOut: 0 })).toBe(
      '2 removed',
    );
  });
});
