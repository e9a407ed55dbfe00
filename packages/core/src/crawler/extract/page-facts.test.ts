import { describe, expect, it } from 'vitest';
import { pageFacts, parseLinkHeader, parseRobotsHeader } from './page-facts.js';

const page = 'https://example.com/dir/page';

describe('page facts', () => {
  it('collects links from anchors, areas, link rels and iframes, honouring base href', () => {
    const facts = pageFacts(
      `<html><head><base href="/base/"><link rel="next" href="n"><link rel="alternate" media="print" href="/print">
<link rel="alternate" type="application/rss+xml" href="/feed.xml"><link rel="canonical" href="/c"></head>
<body><a href="a">a</a><a href="/nf" rel="nofollow">nf</a><a download href="/file">d</a>
<map><area href="/area"></map><iframe src="/frame"></iframe><a href="mailto:x@example.com">m</a></body></html>`,
      page,
      {},
    );
    const links = facts.links.map(
      (l) => `${l.via}:${l.url.replace('https://example.com', '')}${l.nofollow ? ':nofollow' : ''}`,
    );
    expect(links).toEqual([
      'rel:/base/n',
      'alternate:/print',
      'anchor:/base/a',
      'anchor:/nf:nofollow',
      'anchor:/area',
      'iframe:/frame',
      'anchor:mailto:x@example.com',
      'canonical:/c',
    ]);
    expect(facts.canonical).toBe('https://example.com/c');
  });

  it('reads robots directives for us, not for other bots', () => {
    expect(parseRobotsHeader('googlebot: noindex, nofollow')).toEqual(['nofollow']);
    expect(parseRobotsHeader('mapsmithbot: noindex')).toEqual(['noindex']);
    expect(parseRobotsHeader('unavailable_after: 2026-01-01')).toEqual([
      'unavailable_after: 2026-01-01',
    ]);
    const facts = pageFacts('<meta name="robots" content="none">', page, {});
    expect(facts.robots).toMatchObject({ noindex: true, nofollow: true });
  });

  it('reads canonical and hreflang from the Link header', () => {
    const parsed = parseLinkHeader(
      '</c>; rel="canonical", <https://example.com/de>; rel="alternate"; hreflang="de"',
      new URL(page),
    );
    expect(parsed).toEqual({
      canonical: 'https://example.com/c',
      hreflang: [{ hreflang: 'de', href: 'https://example.com/de' }],
    });
  });

  it('counts mixed content on https pages and survives broken JSON-LD', () => {
    const facts = pageFacts(
      '<img src="http://cdn.example.com/a.png"><script src="http://x.example.com/s.js"></script><script type="application/ld+json">{broken</script>',
      page,
      {},
    );
    expect(facts.mixedContent).toBe(2);
    expect(facts.structuredData.jsonLd).toBe(false);
  });
});
