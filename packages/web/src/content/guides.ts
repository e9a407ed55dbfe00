import type { GuideSlug } from '@mapsmith/core/browser';

/** What the guides list and a guide page show about a guide. */
export interface GuideMeta {
  slug: GuideSlug;
  title: string;
  description: string;
  /** Read time in minutes. */
  readMinutes: number;
  category: string;
  /** The call to action at the end of the guide. */
  cta: { label: string; to: '/' | '/subscribe'; hash?: 'generator' | 'checker' };
}

/** The six guides (spec §2), in the order the home page lists them. */
export const GUIDES: GuideMeta[] = [
  {
    slug: 'sitemap-generator-guide',
    title: 'How to Generate a Sitemap: A Complete Guide',
    description:
      'What a sitemap is, which pages belong in it, and how to generate, check and submit one in minutes.',
    readMinutes: 8,
    category: 'Getting Started',
    cta: { label: 'Generate your sitemap', to: '/', hash: 'generator' },
  },
  {
    slug: 'xml-sitemap-generator-seo',
    title: 'XML Sitemaps for SEO: What Search Engines Actually Read',
    description:
      'loc, lastmod, changefreq and priority: which tags Google uses, which it ignores, and the limits every file must respect.',
    readMinutes: 10,
    category: 'SEO',
    cta: { label: 'Create an XML sitemap', to: '/', hash: 'generator' },
  },
  {
    slug: 'html-sitemap-creation',
    title: 'HTML Sitemaps: When They Help and How to Build One',
    description:
      'An HTML sitemap is a page for people. When it is worth having, how to structure it and how to keep it useful.',
    readMinutes: 6,
    category: 'Usability',
    cta: { label: 'Generate an HTML sitemap', to: '/', hash: 'generator' },
  },
  {
    slug: 'rss-feed-generator-guide',
    title: 'RSS Feeds as Sitemaps: A Practical Guide',
    description:
      'How an RSS or Atom feed complements your XML sitemap by announcing new and changed pages quickly.',
    readMinutes: 7,
    category: 'Content',
    cta: { label: 'Generate an RSS feed', to: '/', hash: 'generator' },
  },
  {
    slug: 'sitemap-validation-checker',
    title: 'How to Validate a Sitemap and Fix Common Errors',
    description:
      'What a sitemap validator checks, what each error means, and how to fix namespaces, bad URLs and duplicates.',
    readMinutes: 9,
    category: 'Validation',
    cta: { label: 'Check your sitemap now', to: '/', hash: 'checker' },
  },
  {
    slug: 'advanced-sitemap-strategies',
    title: 'Advanced Sitemap Strategies for Large Sites',
    description:
      'Sitemap indexes past 50,000 URLs, image and video sitemaps after Google’s 2022 clean-up, hreflang, and IndexNow.',
    readMinutes: 20,
    category: 'Advanced',
    cta: { label: 'Go Pro for unlimited pages', to: '/subscribe' },
  },
];

/** The guide with this slug, if any. */
export function findGuide(slug: string): GuideMeta | undefined {
  return GUIDES.find((g) => g.slug === slug);
}
