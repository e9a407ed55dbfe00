/**
 * The sitemap-file options `mapsmith export` and `mapsmith crawl` share: declared once here, so
 * a crawl accepts every export option with the same meaning, checks and help line.
 */
import type { Changefreq, ExportOptions } from '@mapsmith/core';
import { EXPORT_FORMATS, type ExportFormat, isExportFormat } from '@mapsmith/core/formats';
import { type OptionSpecs, type OptionValues, oneOf, UsageError, wholeNumber } from '../args.js';

const CHANGEFREQ: readonly Changefreq[] = [
  'always',
  'hourly',
  'daily',
  'weekly',
  'monthly',
  'yearly',
  'never',
];

/** The file options of both commands (the output folder is named differently by each). */
export const exportFileOptions = {
  formats: {
    type: 'string',
    value: 'LIST',
    help: `comma-separated, from: ${EXPORT_FORMATS.join(', ')}\n(default xml)`,
  },
  gzip: { type: 'boolean', help: 'gzip xml, xml-images, images and videos (adds .gz)' },
  'base-url': {
    type: 'string',
    value: 'URL',
    help: "public URL of the folder, for sitemap index entries\n(default: the site's root)",
  },
  changefreq: {
    type: 'string',
    value: 'F',
    help: `write changefreq on every URL of the xml format:\n${CHANGEFREQ.join(', ')}`,
  },
  priority: {
    type: 'string',
    value: 'P',
    help: 'write priority on the xml format: a number 0.0-1.0, or "depth"',
  },
  'rss-limit': { type: 'string', value: 'N', help: 'keep only the N most recent RSS items' },
} as const satisfies OptionSpecs;

/** Parses the format list; unknown names are a usage error. */
export function parseFormats(list: string): ExportFormat[] {
  const names = list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isExportFormat(name));
  if (unknown.length > 0 || names.length === 0)
    throw new UsageError(
      `unknown format "${unknown.join('", "')}"; choose from ${EXPORT_FORMATS.join(', ')}`,
    );
  return [...new Set(names)] as ExportFormat[];
}

/** What the shared file options ask of `writeExports`, checked. */
export interface ExportChoice {
  /** The formats to write, without duplicates. */
  formats: ExportFormat[];
  /** Options passed on to `writeExports` (without the folder). */
  options: ExportOptions & { gzip: boolean; baseUrl?: string };
}

/** Checks the shared file options; throws a {@link UsageError} naming the bad one. */
export function exportChoice(values: OptionValues<typeof exportFileOptions>): ExportChoice {
  const options: ExportChoice['options'] = { gzip: values.gzip === true };
  if (values.changefreq !== undefined)
    options.changefreq = oneOf('changefreq', values.changefreq, CHANGEFREQ);
  const { priority } = values;
  if (priority !== undefined) {
    const value = Number(priority);
    if (priority !== 'depth' && !(priority.trim() !== '' && value >= 0 && value <= 1))
      throw new UsageError('--priority must be "depth" or a number from 0.0 to 1.0');
    options.priority = priority === 'depth' ? 'depth' : value;
  }
  const rssLimit = wholeNumber('rss-limit', values['rss-limit'], 1);
  if (rssLimit !== undefined) options.rssLimit = rssLimit;
  const baseUrl = values['base-url'];
  if (baseUrl !== undefined) {
    if (!/^https?:\/\/[^/]/.test(baseUrl))
      throw new UsageError('--base-url must be an absolute http(s) URL');
    options.baseUrl = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  }
  return { formats: parseFormats(values.formats ?? 'xml'), options };
}
