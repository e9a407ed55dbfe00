/**
 * Schemas of the change report (issue 13): how one crawl differs from the previous completed
 * crawl of the same site by the same user. Shared by the server, the desktop and the web app.
 */
import { z } from 'zod';

/**
 * What happened to a URL since the previous crawl: newly listed (`added`), listed both times
 * with another main text (`changed`) or the same (`unchanged`), or listed before and now kept
 * out of the sitemap (`newly-excluded`, its row says the new reason). Removed URLs are not met
 * by the new crawl, so they have no row: `crawl.changes` lists them.
 */
export const CHANGE_KINDS = ['added', 'changed', 'unchanged', 'newly-excluded'] as const;
/** One change kind of a row. */
export const changeKind = z.enum(CHANGE_KINDS);
/** A row's change kind. */
export type ChangeKind = z.infer<typeof changeKind>;

/** The figures of a change report: "12 added, 3 removed, 41 changed". */
export const changeSummary = z.object({
  /** The crawl this one was compared with. */
  previousJobId: z.string(),
  /** When that crawl started (ISO). */
  previousAt: z.string(),
  added: z.number(),
  /** URLs listed before and not met this time, with the same crawl settings both times. */
  removed: z.number(),
  /**
   * The settings that decide which URLs are met (depth, include, exclude, query URLs, scope,
   * rendering) and differ from the earlier crawl's, in words; empty when like is compared with
   * like. When not empty, URLs not met this time are counted in `leftOut`, never as removed.
   */
  settingsChanged: z.array(z.string()),
  /** URLs listed before and not met this time while the settings differ (`settingsChanged`). */
  leftOut: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  newlyExcluded: z.number(),
});
/** The figures of a change report. */
export type ChangeSummary = z.infer<typeof changeSummary>;

/** Most removed URLs `crawl.changes` lists (the summary counts them all). */
export const MAX_REMOVED_LISTED = 500;

/** `crawl.changes` output: the figures, and the URLs listed before that this crawl never met. */
export const crawlChanges = z.object({
  /** Null when there was no earlier completed crawl of the site to compare with. */
  summary: changeSummary.nullable(),
  /**
   * URLs listed by the previous crawl and not met by this one, at most 500: removed, or, when
   * the settings differ (`summary.settingsChanged`), left out by the new settings.
   */
  removed: z.array(z.object({ url: z.string(), title: z.string().nullable() })),
});
/** `crawl.changes` output. */
export type CrawlChanges = z.infer<typeof crawlChanges>;

/** The summary in words: "12 added, 3 removed, 41 changed" (kinds with none left out). */
export function changeSummaryWords(summary: ChangeSummary): string {
  const changed = summary.settingsChanged.join(', ');
  const parts = [
    [summary.added, 'added'],
    [summary.removed, 'removed'],
    [summary.leftOut, `left out by changed settings (${changed})`],
    [summary.changed, 'changed'],
    [summary.newlyExcluded, 'newly excluded'],
  ] as const;
  const said = parts
    .filter(([n]) => n > 0)
    .map(([n, word]) => `${n.toLocaleString('en-US')} ${word}`);
  if (said.length > 0) return said.join(', ');
  return changed ? `no changes (settings changed: ${changed})` : 'no changes';
}
