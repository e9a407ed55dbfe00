import type { GuideSlug } from '@mapsmith/core/browser';
import type { ComponentType } from 'react';
import { AdvancedStrategies } from './AdvancedStrategies';
import { HtmlSitemapCreation } from './HtmlSitemapCreation';
import { RssFeedGuide } from './RssFeedGuide';
import { SitemapGeneratorGuide } from './SitemapGeneratorGuide';
import { SitemapValidationGuide } from './SitemapValidationGuide';
import { StagingSiteGuide } from './StagingSiteGuide';
import { XmlSitemapSeo } from './XmlSitemapSeo';

/** The body of each guide, by slug. */
export const GUIDE_BODIES: Record<GuideSlug, ComponentType> = {
  'sitemap-generator-guide': SitemapGeneratorGuide,
  'xml-sitemap-generator-seo': XmlSitemapSeo,
  'html-sitemap-creation': HtmlSitemapCreation,
  'rss-feed-generator-guide': RssFeedGuide,
  'sitemap-validation-checker': SitemapValidationGuide,
  'advanced-sitemap-strategies': AdvancedStrategies,
  'crawl-a-staging-site': StagingSiteGuide,
};
