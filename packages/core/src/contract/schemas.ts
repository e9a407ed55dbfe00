import { z } from 'zod';
import { crawlSettings } from './crawl-settings.js';
import { EXPORT_FORMATS } from './formats.js';
import { crawlLiveProgress, crawlOutcome } from './report-schemas.js';
import {
  hasOpaqueScheme,
  isSiteAddress,
  SITE_ADDRESS_HINT,
  withSiteScheme,
} from './site-scheme.js';

/**
 * Entity schemas of spec §3, shared by the server (which validates what it sends and
 * receives), the IPC handlers of the desktop app, and the web app's API clients.
 */

/**
 * A user-supplied site URL: http(s), at most 2,083 characters. A bare host name
 * (`example.com`, `www.example.com`) is read as https (site-scheme.ts); the crawler falls back
 * to http when https does not answer.
 */
export const siteUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2083, 'URL is too long (at most 2083 characters)')
  .refine((value) => {
    if (hasOpaqueScheme(value)) return false;
    try {
      return isSiteAddress(value, new URL(withSiteScheme(value)));
    } catch {
      return false;
    }
  }, SITE_ADDRESS_HINT)
  .overwrite(withSiteScheme);

/** Part N of a split sitemap export, from 1 (a query string's text is read as a number). */
export const exportPart = z.coerce
  .number({ error: 'part must be a whole number from 1' })
  .int('part must be a whole number from 1')
  .min(1, 'part must be a whole number from 1')
  .max(100_000, 'part is too large');

/** The signed-in user as `GET /api/user` returns it. */
export const user = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  isPro: z.boolean(),
  /** ISO date until which Pro is paid; null on the free plan. */
  proUntil: z.string().nullable(),
  emailConfirmed: z.boolean(),
  /**
   * The payment PayPal has not completed yet (a PENDING capture), if any: while it is set, Pro
   * has not started and a new PayPal order is refused (409 `payment.pending`). Absent where
   * there are no payments (desktop).
   */
  pendingPayment: z
    .object({
      /** "3.00" */
      amount: z.string(),
      /** "USD" */
      currency: z.string(),
      /** ISO time the payment was started. */
      since: z.string(),
    })
    .nullable()
    .optional(),
});
export type User = z.infer<typeof user>;

/**
 * Crawl job status (spec §3). Anything other than completed or failed is in progress; `paused`
 * (issue 30) holds its frontier without a worker until its owner resumes or stops it.
 */
export const crawlStatus = z.enum(['pending', 'crawling', 'paused', 'completed', 'failed']);
export type CrawlStatus = z.infer<typeof crawlStatus>;

/** One listed page in a job's results. */
export const resultItem = z.object({ url: z.string(), title: z.string().nullable() });
export type ResultItem = z.infer<typeof resultItem>;

/** Listed pages `crawl.get` carries at most; the URL table (`crawl.urls`) pages through the rest. */
export const MAX_POLL_RESULTS = 100;

/**
 * `GET /api/crawl/{jobId}`. The answer is bounded whatever the crawl's size: `results` holds
 * the first `MAX_POLL_RESULTS` listed pages, `resultsTotal` how many are listed in all.
 */
export const crawlJob = z.object({
  jobId: z.string(),
  status: crawlStatus,
  /** Pages that count against the plan: URLs that answered 2xx with HTML. */
  pagesCrawled: z.number(),
  createdAt: z.string(),
  error: z.string().nullable(),
  /**
   * The stable code of `error` when a program may act on it (issue 29): the staging site
   * refused the crawl's credentials, or asks for some. Absent for other failures.
   */
  errorCode: z.enum(['crawl.credentials-refused', 'crawl.credentials-required']).optional(),
  /** The first listed pages (at most `MAX_POLL_RESULTS`), in crawl order; empty while running. */
  results: z.array(resultItem),
  /** Listed pages in all (the length `results` would have unbounded). */
  resultsTotal: z.number().optional(),
  /** The start URL of the crawl. */
  url: z.string().optional(),
  /** ISO time the crawl ended, or null while it runs. */
  finishedAt: z.string().nullable().optional(),
  /** What the user should know about how the crawl ran (app shells left unrendered, caps). */
  notes: z.array(z.string()).optional(),
  /** Live progress while pending or crawling; null once it ended. */
  progress: crawlLiveProgress.nullable().optional(),
  /** How it ended, counts, and per-format availability; null while it runs. */
  outcome: crawlOutcome.nullable().optional(),
  /** The crawl settings it ran with (issue 13); null or absent: the defaults. */
  settings: crawlSettings.nullable().optional(),
  /**
   * What its owner asked while it runs (issue 30): `stop` (it is stopping and will complete
   * with what it stored) or `pause` (it is pausing, or `paused`); null otherwise.
   */
  control: z.enum(['stop', 'pause']).nullable().optional(),
});
export type CrawlJob = z.infer<typeof crawlJob>;

/** A crawl history item (spec §3). */
export const historyItem = z.object({
  id: z.string(),
  url: z.string(),
  status: crawlStatus,
  pagesCrawled: z.number(),
  createdAt: z.string(),
  completionTime: z.number().optional(),
  /**
   * Once the crawl ended and its outcome is known: URLs listed, and why nothing was (the crawl
   * page's sentence), so the list says "Nothing listed" where the crawl page does.
   */
  listed: z.number().optional(),
  nothingListed: z.string().nullable().optional(),
});
export type HistoryItem = z.infer<typeof historyItem>;

/** Dashboard analytics (spec §3). */
export const analytics = z.object({
  totalCrawls: z.number(),
  totalPages: z.number(),
  successRate: z.number(),
  avgCrawlTime: z.number(),
  monthlyUsage: z.array(z.object({ month: z.string(), pages: z.number() })),
  /** Pages used this calendar month and the quota; quota null for Pro (no meter). */
  usage: z.object({ used: z.number(), limit: z.number().nullable(), resetsAt: z.string() }),
});
export type Analytics = z.infer<typeof analytics>;

/** SEO issue severity; anything else is treated as info by the UI. */
export const severity = z.enum(['critical', 'warning', 'info']);

/** `GET /api/seo-analysis/{jobId}`. */
export const seoAnalysis = z.object({
  score: z.number(),
  stats: z.object({
    totalPages: z.number(),
    pagesWithImages: z.number(),
    pagesWithStructuredData: z.number(),
    /** Mean response time (ms) over URLs that answered and URLs that timed out (at the limit). */
    avgResponseTime: z.number(),
    /** 95th percentile (nearest rank) over the same URLs, ms; absent on older analyses. */
    p95ResponseTime: z.number().optional(),
    /** URLs that gave no answer within the crawl's time limit. */
    timedOutUrls: z.number().optional(),
    /** How those figures were counted ("Over 14 URLs, with the 2 that timed out counted at ..."). */
    responseTimeNote: z.string().optional(),
    brokenLinks: z.number(),
    /** Listed URLs, shown beside `totalPages` ("73 pages, 68 listed"). */
    listedPages: z.number().optional(),
  }),
  issues: z.array(
    z.object({
      severity,
      message: z.string(),
      rule: z.string().optional(),
      /** The first affected URLs (at most 50); `count` has them all. */
      urls: z.array(z.string()).optional(),
      /**
       * What is wrong on each of `urls`, in the same order, for rules that say it: the title or
       * description with its length ("“Home” (4 characters, under 10)").
       */
      notes: z.array(z.string()).optional(),
      /** Affected URLs in all ("and N more" links to the URL table filtered by `rule`). */
      count: z.number().optional(),
      /** Score points this issue cost (of 100), so the UI can show why the score is what it is. */
      points: z.number().optional(),
    }),
  ),
  recommendations: z.array(z.string()),
});
export type SeoAnalysis = z.infer<typeof seoAnalysis>;

/**
 * One engine's line of a notification. `submission` lines are real submissions (IndexNow) and
 * are what the summary counts; `information` lines (Google, Bing) only say what to do instead:
 * nothing was sent to them, so they are neither successes nor failures.
 */
export const engineOutcome = z.object({
  name: z.string(),
  kind: z.enum(['submission', 'information']),
  ok: z.boolean(),
  status: z.number().nullable(),
  message: z.string(),
});

/** The site's IndexNow key: the text file the site must publish before a submission. */
export const pingKey = z.object({
  host: z.string(),
  key: z.string(),
  /** Where the key file must be served: `{origin}/{key}.txt`, containing exactly the key. */
  keyLocation: z.string(),
});
export type PingKey = z.infer<typeof pingKey>;

/**
 * `POST /api/ping-search-engines`. `summary` counts submission lines only; `keyFound` says
 * whether the key file was live (false: nothing was submitted, publish the file first).
 */
export const pingResult = z.object({
  summary: z.object({ successful: z.number(), total: z.number() }),
  engines: z.array(engineOutcome),
  keyFound: z.boolean(),
  /** When this notification was made (ISO); the answer is kept and `ping.last` reads it back. */
  at: z.string(),
  /** URLs of the crawl offered to IndexNow (the sitemap's host only). */
  urls: z.number(),
  /**
   * When IndexNow last accepted this same set of URLs for the site before this notification
   * (ISO); null when it never did. A second submission of the same URLs says so.
   */
  lastSentAt: z.string().nullable(),
});
export type PingResult = z.infer<typeof pingResult>;

/** The checker's result (spec §3 "Validation result"), each message with its line if known. */
export const validationMessage = z.object({ message: z.string(), line: z.number().optional() });
export const validationResult = z.object({
  isValid: z.boolean(),
  errors: z.array(validationMessage),
  warnings: z.array(validationMessage),
  stats: z.object({ totalUrls: z.number(), validUrls: z.number(), duplicateUrls: z.number() }),
  /** Which kind of file it was. */
  kind: z.enum([
    'urlset',
    'sitemapindex',
    'rss',
    'atom',
    'news',
    'image',
    'video',
    'text',
    'unknown',
  ]),
});
export type ValidationResult = z.infer<typeof validationResult>;

/** Public configuration the web app reads at start. */
export const appConfig = z.object({
  paypal: z.object({
    clientId: z.string().nullable(),
    environment: z.enum(['sandbox', 'production']),
    scriptUrl: z.string(),
  }),
  shell: z.enum(['hosted', 'desktop']),
  supportEmail: z.string(),
});
export type AppConfig = z.infer<typeof appConfig>;

/** An export format parameter. */
export const exportFormat = z.enum(EXPORT_FORMATS);

// Published API (issue 14).

/** `GET /api/openapi.json`: an OpenAPI 3.1 document (its parts are checked by OpenAPI tools). */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});

/**
 * The JSON error body of every failed call: `{error, message, code}`. `error` is a short title
 * and `message` a sentence for people; `code` (error-codes.ts) is what programs switch on.
 */
export const apiError = z.object({
  error: z.string(),
  message: z.string().optional(),
  code: z.string().optional(),
  /** The input field the refusal is about (`url`, `settings.maxDepth`), when it is about one. */
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;
