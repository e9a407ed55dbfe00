import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '../contract/formats.js';
import { makePage } from './make-page.js';
import { renderExport } from './render.js';
import { hasUniformLastmod } from './uniform-lastmod.js';

const at = (date: string | null, path: string) =>
  makePage(`https://a.example${path}`, { lastModified: date });

describe('lastmod of a site deployed at once', () => {
  const deployed = ['/', '/a', '/b'].map((p) => at('2026-11-10T08:00:00.000Z', p));

  it('is uniform only with three or more listed pages that all share one date', async () => {
    expect(await hasUniformLastmod(deployed)).toBe(true);
    expect(await hasUniformLastmod(deployed.slice(0, 2))).toBe(false);
    expect(await hasUniformLastmod([...deployed, at('2026-11-11T08:00:00.000Z', '/c')])).toBe(
      false,
    );
    expect(await hasUniformLastmod([...deployed, at(null, '/c')])).toBe(false);
    const excluded = makePage('https://a.example/x', {
      lastModified: '2020-01-01T00:00:00.000Z',
      verdict: { included: false, code: 'status', reason: '404' },
    });
    expect(await hasUniformLastmod([...deployed, excluded])).toBe(true);
  });

  it('is left out of every format when asked, or kept in every format (issue 25 point 6)', () => {
    // The image and video formats have nothing to list here (no media): the other six.
    for (const format of EXPORT_FORMATS.filter((f) => f !== 'images' && f !== 'videos')) {
      const omitted = renderExport(format, deployed, { omitLastmod: true });
      expect(omitted, format).not.toMatch(/2026-11-10|10 Nov 2026/);
    }
    expect(renderExport('xml', deployed)).toContain('<lastmod>2026-11-10');
    expect(renderExport('json', deployed)).toContain('2026-11-10');
    expect(renderExport('rss', deployed)).toContain('<pubDate>Tue, 10 Nov 2026');
  });
});
