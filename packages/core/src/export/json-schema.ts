import { z } from 'zod';

/**
 * The JSON export's schema, version 1, as a zod schema: the documentation of `sitemap.json`
 * that a consumer can also run (`jsonExport.parse(JSON.parse(text))`).
 */
export const jsonExport = z.object({
  /** Schema version; a consumer should refuse versions it does not know. */
  version: z.literal(1),
  /** "Mapsmith <version>". */
  generator: z.string(),
  /** One entry per listed URL, in crawl order. */
  urls: z.array(
    z.object({
      /** Absolute URL: punycode host, percent-encoded path and query. */
      url: z.string(),
      /** The page's `<title>`, or null. */
      title: z.string().nullable(),
      /** W3C Datetime from Last-Modified, or null when the server gave none. */
      lastmod: z.string().nullable(),
      /** Images on the page: absolute URL and alt text (null when the attribute is absent). */
      images: z.array(z.object({ loc: z.string(), alt: z.string().nullable() })),
      /** Videos on the page, fields as the crawler found them (each may be null). */
      videos: z.array(
        z.object({
          contentUrl: z.string().nullable(),
          playerUrl: z.string().nullable(),
          thumbnailUrl: z.string().nullable(),
          title: z.string().nullable(),
          description: z.string().nullable(),
          durationSeconds: z.number().nullable(),
          publicationDate: z.string().nullable(),
        }),
      ),
      /** hreflang alternates the page declares. */
      alternates: z.array(z.object({ hreflang: z.string(), href: z.string() })),
    }),
  ),
  /** Number of entries in `urls`. */
  count: z.number().int().nonnegative(),
});

/** A parsed `sitemap.json`. */
export type JsonExport = z.infer<typeof jsonExport>;
