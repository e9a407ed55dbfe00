import { useEffect } from 'react';

/** What a route says about itself in the document head (core PAGE_META; the server sends the same). */
export interface PageMeta {
  /** The document title. */
  title: string;
  /** The meta description (also og:description and twitter:description). */
  description: string;
  /** Path of the canonical URL; the current path when omitted. */
  canonicalPath?: string;
  /** Keeps the page out of search results (account pages). */
  noindex?: boolean;
}

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.append(el);
  }
  el.content = content;
}

/** Sets title, description, canonical, Open Graph and Twitter tags for the current page. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, canonicalPath, noindex } = meta;
  useEffect(() => {
    document.title = title;
    const canonical = new URL(canonicalPath ?? window.location.pathname, window.location.origin)
      .href;
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.append(link);
    }
    link.href = canonical;
    setMeta('name', 'description', description);
    setMeta('property', 'og:title', title);
    setMeta('property', 'og:description', description);
    setMeta('property', 'og:url', canonical);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:site_name', 'Mapsmith');
    setMeta('name', 'twitter:card', 'summary');
    setMeta('name', 'twitter:title', title);
    setMeta('name', 'twitter:description', description);
    setMeta('name', 'robots', noindex ? 'noindex' : 'index, follow');
  }, [title, description, canonicalPath, noindex]);
}
