import {
  deprecatedTag,
  EMPTY_NEWS_NAME,
  MISSING_NEWS_PUBLICATION,
  MISSING_NEWS_PUBLICATION_DATE,
  oldNews,
  tooManyImages,
  videoMissingFields,
} from '../messages.js';
import type { Entry, Field } from '../types.js';
import { w3cTime } from '../values.js';
import { childrenOf, type RuleContext } from './context.js';

const DEPRECATED = new Set([
  'image:caption',
  'image:title',
  'image:license',
  'image:geo_location',
  'video:category',
  'video:gallery_loc',
  'video:price',
  'video:tvshow',
]);

const TWO_DAYS = 2 * 86_400_000;

/** Image, video and news extension checks, and Google's 2022 deprecations. */
export class ExtensionRules {
  private readonly deprecated = new Map<string, { count: number; line: number }>();
  private old = 0;
  private oldLine: number | undefined;

  constructor(
    private readonly ctx: RuleContext,
    private readonly news: boolean,
  ) {}

  /** Checks one url entry's extension elements. */
  check(entry: Entry): void {
    let images = 0;
    let hasNews = false;
    for (const field of entry.fields) {
      const key = field.key;
      if (key === 'image:image') images++;
      else if (key === 'video:video') this.video(entry, field);
      else if (key === 'news:news') {
        hasNews = true;
        this.newsEntry(entry, field);
      } else if (
        key === 'video:player_loc' &&
        ('allow_embed' in field.attrs || 'autoplay' in field.attrs)
      ) {
        this.note('attribute video:player_loc allow_embed/autoplay', field.line);
      }
      if (DEPRECATED.has(key)) this.note(`tag ${key}`, field.line);
    }
    if (images > 1000) this.ctx.warning(tooManyImages(images), entry.line);
    if (this.news && !hasNews) {
      this.ctx.warning(MISSING_NEWS_PUBLICATION, entry.line);
      this.ctx.warning(MISSING_NEWS_PUBLICATION_DATE, entry.line);
    }
  }

  private note(what: string, line: number): void {
    const seen = this.deprecated.get(what);
    if (seen) seen.count++;
    else this.deprecated.set(what, { count: 1, line });
  }

  private video(entry: Entry, video: Field): void {
    const keys = new Set(childrenOf(entry, video).map((f) => (f.text ? f.key : '')));
    const missing: string[] = [];
    for (const key of ['thumbnail_loc', 'title', 'description'])
      if (!keys.has(`video:${key}`)) missing.push(key);
    if (!keys.has('video:content_loc') && !keys.has('video:player_loc'))
      missing.push('content_loc or player_loc');
    if (missing.length > 0) this.ctx.warning(videoMissingFields(missing), video.line);
  }

  private newsEntry(entry: Entry, news: Field): void {
    const children = childrenOf(entry, news);
    const publication = children.find((f) => f.key === 'news:publication');
    if (!publication) this.ctx.warning(MISSING_NEWS_PUBLICATION, news.line);
    else {
      const name = childrenOf(entry, publication).find((f) => f.key === 'news:name');
      if (name && !name.text) this.ctx.error(EMPTY_NEWS_NAME, name.line);
    }
    const date = children.find((f) => f.key === 'news:publication_date');
    if (!date) {
      this.ctx.warning(MISSING_NEWS_PUBLICATION_DATE, news.line);
      return;
    }
    const time = w3cTime(date.text);
    if (time !== null && time < this.ctx.now - TWO_DAYS && this.old++ === 0)
      this.oldLine = date.line;
  }

  /** The summary warnings (deprecated tags, old news). */
  finish(): void {
    for (const [what, { count, line }] of this.deprecated)
      this.ctx.warning(deprecatedTag(what, count), line);
    if (this.old > 0) this.ctx.warning(oldNews(this.old), this.oldLine);
  }
}
