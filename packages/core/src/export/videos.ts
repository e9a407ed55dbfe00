import type { PageVideo } from '../crawler/types.js';
import { w3cDate } from './dates.js';
import { escapeXml, sitemapLoc } from './escape.js';
import type { Exporter } from './types.js';
import { openUrl, URLSET_END, urlsetHead, VIDEO_NS } from './urlset.js';

// Google's limits; check-sitemap.sh refuses longer values.
const MAX_TITLE = 100;
const MAX_DESCRIPTION = 2048;
const MAX_DURATION = 28800;

function clip(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

/** The missing required fields of a video (thumbnail_loc, title, description, a media URL). */
export function missingVideoFields(video: PageVideo): string[] {
  const missing: string[] = [];
  if (!video.thumbnailUrl || sitemapLoc(video.thumbnailUrl) === null) missing.push('thumbnail_loc');
  if (!video.title?.trim()) missing.push('title');
  if (!video.description?.trim()) missing.push('description');
  const content = video.contentUrl ? sitemapLoc(video.contentUrl) : null;
  const player = video.playerUrl ? sitemapLoc(video.playerUrl) : null;
  if (content === null && player === null) missing.push('content_loc or player_loc');
  return missing;
}

function videoElement(video: PageVideo): string {
  let out = `<video:video><video:thumbnail_loc>${sitemapLoc(video.thumbnailUrl ?? '')}</video:thumbnail_loc>`;
  out += `<video:title>${escapeXml(clip(video.title ?? '', MAX_TITLE))}</video:title>`;
  out += `<video:description>${escapeXml(clip(video.description ?? '', MAX_DESCRIPTION))}</video:description>`;
  const content = video.contentUrl ? sitemapLoc(video.contentUrl) : null;
  const player = video.playerUrl ? sitemapLoc(video.playerUrl) : null;
  if (content !== null) out += `<video:content_loc>${content}</video:content_loc>`;
  if (player !== null) out += `<video:player_loc>${player}</video:player_loc>`;
  const seconds = video.durationSeconds === null ? Number.NaN : Math.round(video.durationSeconds);
  if (seconds >= 1 && seconds <= MAX_DURATION) out += `<video:duration>${seconds}</video:duration>`;
  const published = w3cDate(video.publicationDate);
  if (published !== null) out += `<video:publication_date>${published}</video:publication_date>`;
  return `${out}</video:video>`;
}

/**
 * `videos`: a video-only sitemap: only URLs with at least one video that has Google's required
 * fields. A video missing one is left out and reported. No deprecated tag is written.
 */
export const videosExporter: Exporter = {
  format: 'videos',
  family: 'sitemap',
  contentType: 'application/xml',
  start(_options, skip) {
    return {
      head: urlsetHead({ video: VIDEO_NS }),
      entry(page) {
        if (page.videos.length === 0) return '';
        let videos = '';
        for (const video of page.videos) {
          const missing = missingVideoFields(video);
          if (missing.length === 0) {
            videos += videoElement(video);
            continue;
          }
          const id = video.contentUrl ?? video.playerUrl ?? video.title ?? 'without a URL';
          skip({ url: page.url, reason: `video ${id}: missing ${missing.join(', ')}` });
        }
        if (videos === '') return '';
        const open = openUrl(page, skip);
        return open === null ? '' : `${open}${videos}</url>\n`;
      },
      end: () => URLSET_END,
    };
  },
};
