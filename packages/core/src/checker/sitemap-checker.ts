import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { ValidationResult } from '../contract/schemas.js';
import { FastScanner, type ScanHandler } from './fast-scan.js';
import {
  ATOM_FEED,
  ENTITY_DECLARATION,
  inputTooLarge,
  MISSING_NAMESPACE,
  MISSING_XML_DECLARATION,
  parseError,
  RSS_FEED,
  SITEMAP_INDEX,
  tooDeep,
  tooLarge,
  UNKNOWN_FORMAT,
  undeclaredPrefix,
  wrongNamespace,
} from './messages.js';
import { IMAGE_NS, Names, NEWS_NS, SITEMAP_NS, VIDEO_NS } from './names.js';
import { Report } from './report.js';
import { RuleContext } from './rules/context.js';
import { FeedRules, linkOf } from './rules/feed.js';
import { SitemapIndexRules } from './rules/sitemap-index.js';
import { TextRules } from './rules/text.js';
import { UrlsetRules } from './rules/urlset.js';
import type { CheckOptions, Entry, Field, KindRules } from './types.js';

/** The sitemaps.org size limit per file, uncompressed. */
export const MAX_SITEMAP_BYTES = 52_428_800;
/** Default hard cap on what the checker reads at all. */
export const MAX_INPUT_BYTES = 104_857_600;
/** Deeper nesting than this is refused (a sitemap needs 4 levels). */
export const MAX_DEPTH = 64;

/** Thrown inside saxes handlers to stop parsing at the first fatal problem. */
class Stop extends Error {}

/** UTF-8 length of a string, without allocating (browser-safe). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * A streaming sitemap checker (spec §5): feed it text with {@link write}, then {@link end}.
 * Browser-safe: saxes parses without building a tree, so memory follows one entry at a time.
 * DTD entities are never expanded or fetched: a DOCTYPE that declares any stops the check.
 */
export class SitemapChecker {
  private readonly parser = new SaxesParser({ position: true });
  private readonly report: Report;
  private readonly ctx: RuleContext;
  private readonly names = new Names();
  private readonly maxInput: number;
  private rules: KindRules | null = null;
  private entryName = '';
  private entryDepth = 0;
  private entry: Entry | null = null;
  private readonly open: Field[] = [];
  private depth = 0;
  private sawDeclaration = false;
  /** UTF-8 bytes read so far: the input cap and the 50 MB rule are both in bytes. */
  private bytesRead = 0;
  private stopped = false;
  /** Whether anything but white space was read yet (a text sitemap is told apart there). */
  private started = false;
  /** A text sitemap's rules, its line count and the line still being read. */
  private textRules: TextRules | null = null;
  private textLine = 0;
  private textRest = '';
  private readonly onUrl: CheckOptions['onUrl'];
  /** Where the current line is read: saxes, or the fast scanner while it reads. */
  private position: { readonly line: number } = this.parser;
  /** The checker's side of the fast scanner. */
  private readonly events: ScanHandler = {
    declaration: () => {
      this.sawDeclaration = true;
    },
    openTag: (name, attrs) => this.openTag(name, attrs),
    closeTag: () => this.closeTag(),
    text: (text) => this.text(text),
    wantsText: () => this.open.length > 0,
  };

  constructor(options: CheckOptions = {}) {
    this.onUrl = options.onUrl;
    this.report = new Report(options.maxMessages ?? 1000);
    this.ctx = new RuleContext(this.report, options.now ?? Date.now(), options.sitemapUrl);
    this.maxInput = options.maxInputBytes ?? MAX_INPUT_BYTES;
    const p = this.parser;
    p.on('xmldecl', () => {
      this.sawDeclaration = true;
    });
    p.on('doctype', (doctype) => {
      if (/<!ENTITY/i.test(doctype)) this.fatal(ENTITY_DECLARATION);
    });
    p.on('error', (err) => this.fatal(parseError(err.message)));
    p.on('opentag', (tag) => this.openTag(tag.name, (tag as SaxesTagPlain).attributes));
    p.on('closetag', () => this.closeTag());
    p.on('text', (text) => this.text(text));
    p.on('cdata', (text) => this.text(text));
  }

  /** The lines a parse error refers to come from saxes ("3:14: ..."); others use its line. */
  private get line(): number {
    return this.position.line;
  }

  private fatal(message: string): never {
    this.report.error(message, this.line);
    this.stopped = true;
    throw new Stop(message);
  }

  private openTag(name: string, attrs: Record<string, string>): void {
    if (++this.depth > MAX_DEPTH) this.fatal(tooDeep(MAX_DEPTH));
    for (const _ in attrs) {
      this.names.declare(attrs);
      break;
    }
    if (this.depth === 1) {
      this.root(name);
      return;
    }
    const undeclared = this.names.undeclared.length;
    const key = this.names.key(name);
    if (this.names.undeclared.length > undeclared)
      this.report.error(undeclaredPrefix(this.names.undeclared.at(-1) ?? ''), this.line);
    const entry = this.entry;
    if (entry === null) {
      if (key === this.entryName && (this.entryDepth === 0 || this.depth === this.entryDepth)) {
        this.entry = { line: this.line, fields: [] };
        this.entryDepth = this.depth;
      }
      return;
    }
    const field: Field = {
      key,
      text: '',
      attrs,
      line: this.line,
      parent: this.open.at(-1) ?? null,
    };
    entry.fields.push(field);
    this.open.push(field);
  }

  private closeTag(): void {
    const entry = this.entry;
    if (entry !== null) {
      if (this.depth === this.entryDepth) {
        this.entry = null;
        this.rules?.entry(entry);
        if (this.onUrl) this.handOut(entry);
      } else {
        const field = this.open.pop();
        if (field) field.text = field.text.trim();
      }
    }
    this.depth--;
  }

  /** Gives the entry's URL to `onUrl`; stops reading when it says so. */
  private handOut(entry: Entry): void {
    const kind = this.report.kind;
    const url =
      kind === 'rss' || kind === 'atom'
        ? linkOf(entry, kind === 'atom')?.url
        : entry.fields.find((f) => f.parent === null && f.key === 'loc')?.text;
    const lastmod = entry.fields.find((f) => f.parent === null && f.key === 'lastmod')?.text;
    if (url && this.onUrl?.(url, kind, lastmod || undefined) === false) {
      this.stopped = true;
      throw new Stop('enough URLs');
    }
  }

  private text(text: string): void {
    const field = this.open.at(-1);
    if (field !== undefined) field.text += text;
  }

  private root(qname: string): void {
    const { ctx } = this;
    if (!this.sawDeclaration) this.report.warning(MISSING_XML_DECLARATION, 1);
    const local = qname.slice(qname.indexOf(':') + 1);
    const sitemapNs = () => {
      const ns = this.names.nsOf(qname);
      // Absent: the spec's warning. Another one (`.../sitemap/0.8`): search engines reject it.
      if (!ns) this.report.warning(MISSING_NAMESPACE, this.line);
      else if (ns !== SITEMAP_NS) this.report.error(wrongNamespace(ns), this.line);
    };
    if (local === 'urlset') {
      const has = (ns: string) => this.names.has(ns);
      this.report.kind = has(NEWS_NS)
        ? 'news'
        : has(VIDEO_NS)
          ? 'video'
          : has(IMAGE_NS)
            ? 'image'
            : 'urlset';
      sitemapNs();
      this.rules = new UrlsetRules(ctx, this.report.kind === 'news');
      this.entryName = 'url';
      this.entryDepth = 2;
    } else if (local === 'sitemapindex') {
      this.report.kind = 'sitemapindex';
      this.report.warning(SITEMAP_INDEX, this.line);
      sitemapNs();
      this.rules = new SitemapIndexRules(ctx);
      this.entryName = 'sitemap';
      this.entryDepth = 2;
    } else if (qname === 'rss') {
      this.report.kind = 'rss';
      this.report.warning(RSS_FEED, this.line);
      this.rules = new FeedRules(ctx, false);
      this.entryName = 'item';
      this.entryDepth = 0;
    } else if (local === 'feed') {
      this.report.kind = 'atom';
      this.report.warning(ATOM_FEED, this.line);
      this.rules = new FeedRules(ctx, true);
      this.entryName = 'entry';
      this.entryDepth = 2;
    } else {
      this.fatal(UNKNOWN_FORMAT);
    }
  }

  /** Feeds the next piece of the file. Chunks may split anywhere, even inside a tag. */
  write(chunk: string): this {
    if (this.stopped) return this;
    this.bytesRead += utf8Length(chunk);
    if (this.bytesRead > this.maxInput) {
      this.report.error(inputTooLarge(this.maxInput));
      this.stopped = true;
      return this;
    }
    return this.parse(chunk);
  }

  /**
   * Feeds text decoded from bytes whose size the caller has already counted and bounded (the
   * bytes path: `checkSitemapBytes` refuses oversized input before decoding and passes the
   * size to `end`), so the text is not measured a second time.
   */
  writeMeasured(chunk: string): this {
    return this.stopped ? this : this.parse(chunk);
  }

  private parse(chunk: string): this {
    if (!this.started) {
      const head = chunk.trimStart();
      if (head) {
        this.started = true;
        if (looksLikeText(head)) {
          this.report.kind = 'text';
          this.textRules = new TextRules(this.ctx);
        }
      }
    }
    if (this.textRules) return this.textLines(chunk, false);
    try {
      this.parser.write(chunk);
    } catch (err) {
      // saxes reports malformed XML through the error handler (a Stop); anything else is a bug.
      if (!(err instanceof Stop)) throw err;
    }
    return this;
  }

  /** Checks the complete lines of a text sitemap; the last piece waits for its end of line. */
  private textLines(chunk: string, last: boolean): this {
    const rules = this.textRules;
    if (!rules || this.stopped) return this;
    const parts = (this.textRest + chunk).split(/\r\n|\r|\n/);
    this.textRest = last ? '' : (parts.pop() ?? '');
    for (const part of parts) {
      const url = rules.line(part, ++this.textLine);
      if (url !== null && this.onUrl?.(url, 'text') === false) {
        this.stopped = true;
        break;
      }
    }
    return this;
  }

  /** Ends the input and returns the result. `bytes` is the UTF-8 size, when the caller knows it. */
  end(bytes?: number): ValidationResult {
    if (this.textRules) {
      const size = bytes ?? this.bytesRead;
      if (!this.stopped) {
        this.textLines('', true);
        this.textRules.finish();
        if (size > MAX_SITEMAP_BYTES) this.report.error(tooLarge(size));
      }
      return this.report.result();
    }
    if (!this.stopped) {
      try {
        this.parser.close();
      } catch (err) {
        if (!(err instanceof Stop)) throw err;
      }
    }
    return this.finish(bytes ?? this.bytesRead);
  }

  private finish(bytes: number): ValidationResult {
    if (!this.stopped && this.rules) {
      this.rules.finish();
      if (bytes > MAX_SITEMAP_BYTES) this.report.error(tooLarge(bytes));
    }
    return this.report.result();
  }

  /**
   * Reads a whole document with the fast scanner (./fast-scan.ts); null when the text is
   * outside what it reads, and saxes must read it instead (this checker is spent then).
   */
  private scan(text: string, bytes: number): ValidationResult | null {
    const scanner = new FastScanner(text, this.events);
    this.position = scanner;
    try {
      if (!scanner.run()) return null;
    } catch (err) {
      if (!(err instanceof Stop)) throw err;
    }
    return this.finish(bytes);
  }

  /**
   * Checks a whole text at once (without its BOM). `bytes` is its UTF-8 size when the caller
   * has counted and bounded it (the bytes path); otherwise it is measured here. Plain files
   * are read by the fast scanner; anything it does not read, and any check that hands URLs to
   * `onUrl` (which must see each URL once), goes through saxes: the result is the same.
   */
  static check(text: string, options: CheckOptions = {}, bytes?: number): ValidationResult {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    const size = bytes ?? utf8Length(body);
    const fits = size <= (options.maxInputBytes ?? MAX_INPUT_BYTES);
    if (fits && !options.onUrl && !looksLikeText(body)) {
      const result = new SitemapChecker(options).scan(body, size);
      if (result !== null) return result;
    }
    const checker = new SitemapChecker(options);
    if (bytes === undefined) checker.write(body);
    else checker.writeMeasured(body);
    return checker.end(bytes);
  }
}

/** Whether a text starts like a text sitemap (a URL): then it is checked as one. */
function looksLikeText(text: string): boolean {
  return /^\s*https?:\/\//i.test(text.slice(0, 256));
}

/** Checks a sitemap's text (spec §5) and returns the validation result. Browser-safe. */
export function checkSitemap(text: string, options: CheckOptions = {}): ValidationResult {
  return SitemapChecker.check(text, options);
}
