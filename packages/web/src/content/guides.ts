import { GUIDE_INFO, type GuideInfo, type GuideSlug, readMinutes } from '@mapsmith/core/browser';

/** What the guides list and a guide page show about a guide. */
export interface GuideMeta extends GuideInfo {
  /** Read time in minutes, from the guide's word count. */
  readMinutes: number;
  /** The call to action at the end of the guide. */
  cta: { label: string; to: '/' | '/subscribe'; hash?: 'generator' | 'checker' };
}

const CTAS: Record<GuideSlug, GuideMeta['cta']> = {
  'sitemap-generator-guide': { label: 'Generate your sitemap', to: '/', hash: 'generator' },
  'xml-sitemap-generator-seo': { label: 'Create an XML sitemap', to: '/', hash: 'generator' },
  'html-sitemap-creation': { label: 'Generate an HTML sitemap', to: '/', hash: 'generator' },
  'rss-feed-generator-guide': { label: 'Generate an RSS feed', to: '/', hash: 'generator' },
  'sitemap-validation-checker': { label: 'Check your sitemap now', to: '/', hash: 'checker' },
  'advanced-sitemap-strategies': { label: 'Go Pro for unlimited pages', to: '/subscribe' },
  'crawl-a-staging-site': { label: 'Crawl your staging site', to: '/', hash: 'generator' },
};

/** The guides (spec §2), in the order the home page lists them (facts from core). */
export const GUIDES: GuideMeta[] = GUIDE_INFO.map((g) => ({
  ...g,
  readMinutes: readMinutes(g.words),
  cta: CTAS[g.slug],
}));

/** The guide with this slug, if any. */
export function findGuide(slug: string): GuideMeta | undefined {
  return GUIDES.find((g) => g.slug === slug);
}
