/**
 * A fast reader for the plain XML that nearly every sitemap is, used instead of saxes when the
 * whole text is at hand. It scans with `indexOf` from tag to tag where saxes reads character by
 * character, and hands the checker the same events saxes would (start tags with their
 * attributes, end tags, text with entities decoded and line ends normalised) at the same lines.
 *
 * It only reads a strict subset of XML 1.0: ASCII names, the five predefined entities and
 * character references, comments, processing instructions and CDATA sections in their plain
 * forms. Anything else (a DOCTYPE, a malformed tag, an unknown entity, a disallowed character,
 * a lone CR...) makes it give up, and the caller checks the text again with saxes from the
 * start, so every file gets saxes's result and saxes's error messages. Browser-safe.
 */

/** What the scanner tells its reader; the checker implements it for saxes's events too. */
export interface ScanHandler {
  /** The XML declaration at the very start of the text. */
  declaration(): void;
  /** A start tag (a self-closing tag is followed by {@link closeTag}). */
  openTag(name: string, attrs: Record<string, string>): void;
  /** An end tag. */
  closeTag(): void;
  /** Character data inside the root element (text, decoded entities, CDATA). */
  text(text: string): void;
  /** Whether text read now would be kept: the white space between elements is not sliced. */
  wantsText(): boolean;
}

/** Characters XML 1.0 forbids, and surrogates that are not a pair: saxes reports them. */
const DISALLOWED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** The declaration saxes accepts without a word, in the forms the scanner reads (XML 1.0 only). */
const DECLARATION =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.0"|'1\.0')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][\w.-]*"|'[A-Za-z][\w.-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>/;
const PI_TARGET = /^[A-Za-z_][\w.-]*$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** A start tag without attributes shares this (nothing writes to attributes). */
const NO_ATTRS: Record<string, string> = Object.freeze(Object.create(null));

/** Thrown to leave the subset; the caller falls back to saxes. */
class GiveUp extends Error {}

const LT = 60;
const GT = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;
const EQ = 61;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13;
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46;
}

/** Whether a character reference names a character XML allows. */
function isXmlChar(code: number): boolean {
  return (
    code === 9 ||
    code === 10 ||
    code === 13 ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

const ENTITY = /&([^;]*)(;?)/g;

/** One entity's text, or a give-up when saxes would refuse it. */
function entity(_match: string, name: string, semicolon: string): string {
  const known = ENTITIES[name];
  if (known !== undefined && semicolon) return known;
  const code = !semicolon
    ? -1
    : /^#[0-9]{1,7}$/.test(name)
      ? Number.parseInt(name.slice(1), 10)
      : /^#x[0-9a-fA-F]{1,6}$/.test(name)
        ? Number.parseInt(name.slice(2), 16)
        : -1;
  if (!isXmlChar(code)) throw new GiveUp();
  return String.fromCodePoint(code);
}

/**
 * Decodes the entities of `raw` (which holds at least one `&`), or gives up on one saxes would
 * refuse. URLs' query strings hold `&amp;` and rarely anything else: that case is one
 * `replaceAll`, which gives a flat string (cheap to hash and compare later).
 */
function decodeEntities(raw: string): string {
  let amp = raw.indexOf('&');
  while (amp !== -1 && raw.startsWith('amp;', amp + 1)) amp = raw.indexOf('&', amp + 5);
  return amp === -1 ? raw.replaceAll('&amp;', '&') : raw.replace(ENTITY, entity);
}

/**
 * Scans `text` (the whole document, without a BOM) into `handler`; returns false when the text
 * leaves the subset (the handler's state is then meaningless). Exceptions the handler throws
 * (the checker's fatal stops) pass through. `line` is the current line, as saxes counts it.
 */
export class FastScanner {
  /** The line of the character read last (1-based), as saxes's `line`. */
  line = 1;
  private nextNl = -1;
  private i = 0;
  /** Recent element names by a small hash (see {@link intern}). */
  private readonly names: (string | undefined)[] = new Array(64).fill(undefined);

  constructor(
    private readonly text: string,
    private readonly handler: ScanHandler,
  ) {}

  /** Reads the whole text; false when it is outside the subset. */
  run(): boolean {
    try {
      this.document();
      return true;
    } catch (err) {
      if (err instanceof GiveUp) return false;
      throw err;
    }
  }

  /** Moves the line counter to cover every newline before `end`. */
  private linesTo(end: number): void {
    let nl = this.nextNl;
    while (nl !== -1 && nl < end) {
      this.line++;
      nl = this.text.indexOf('\n', nl + 1);
    }
    this.nextNl = nl;
  }

  private document(): void {
    const { text } = this;
    if (text.length === 0 || DISALLOWED.test(text)) throw new GiveUp();
    if (text.includes('\r') && /\r(?!\n)/.test(text)) throw new GiveUp();
    this.nextNl = text.indexOf('\n');
    const declaration = text.startsWith('<?xml') ? DECLARATION.exec(text) : null;
    if (text.startsWith('<?xml') && declaration === null) throw new GiveUp();
    if (declaration) {
      this.i = declaration[0].length;
      this.linesTo(this.i);
      this.handler.declaration();
    }
    this.misc();
    if (text.charCodeAt(this.i) !== LT || !isNameStart(text.charCodeAt(this.i + 1)))
      throw new GiveUp();
    this.root();
    this.misc();
    if (this.i !== text.length) throw new GiveUp();
  }

  /** White space, comments and processing instructions outside the root element. */
  private misc(): void {
    const { text } = this;
    for (;;) {
      let i = this.i;
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      this.i = i;
      if (text.startsWith('<!--', i)) this.comment();
      else if (text.startsWith('<?', i)) this.instruction();
      else return;
    }
  }

  private comment(): void {
    const { text } = this;
    const end = text.indexOf('-->', this.i + 4);
    if (end === -1) throw new GiveUp();
    const body = text.slice(this.i + 4, end);
    if (body.includes('--') || body.endsWith('-')) throw new GiveUp();
    this.i = end + 3;
    this.linesTo(this.i);
  }

  private instruction(): void {
    const { text } = this;
    const end = text.indexOf('?>', this.i + 2);
    if (end === -1) throw new GiveUp();
    const body = text.slice(this.i + 2, end);
    let t = 0;
    while (t < body.length && !isSpace(body.charCodeAt(t))) t++;
    const target = body.slice(0, t);
    if (!PI_TARGET.test(target) || target.toLowerCase() === 'xml') throw new GiveUp();
    this.i = end + 2;
    this.linesTo(this.i);
  }

  private cdata(): void {
    const { text, handler } = this;
    const start = this.i + 9;
    const end = text.indexOf(']]>', start);
    if (end === -1) throw new GiveUp();
    this.i = end + 3;
    this.linesTo(this.i);
    if (handler.wantsText() && end > start) handler.text(normalize(text.slice(start, end)));
  }

  /** The root element and everything in it, up to its end tag. */
  private root(): void {
    const { text, handler } = this;
    const open: string[] = [];
    let nextAmp = text.indexOf('&');
    let nextBrackets = text.indexOf(']]>');
    for (;;) {
      // At a '<'.
      const c = text.charCodeAt(this.i + 1);
      if (c === SLASH) {
        const name = open.pop();
        if (name === undefined || !text.startsWith(name, this.i + 2)) throw new GiveUp();
        let j = this.i + 2 + name.length;
        while (isSpace(text.charCodeAt(j))) j++;
        if (text.charCodeAt(j) !== GT) throw new GiveUp();
        this.i = j + 1;
        this.linesTo(this.i);
        handler.closeTag();
        if (open.length === 0) return;
      } else if (c === BANG) {
        if (text.startsWith('<!--', this.i)) this.comment();
        else if (text.startsWith('<![CDATA[', this.i)) this.cdata();
        else throw new GiveUp();
      } else if (c === QUESTION) {
        this.instruction();
      } else {
        const name = this.startTag();
        if (name !== null) open.push(name);
        else if (open.length === 0) return;
      }
      // Character data up to the next '<'. `&` and `]]>` met inside tags, comments or
      // CDATA sections are not character data: look again from here.
      const start = this.i;
      const end = text.indexOf('<', start);
      if (end === -1) throw new GiveUp();
      if (nextBrackets !== -1 && nextBrackets < start) nextBrackets = text.indexOf(']]>', start);
      if (nextBrackets !== -1 && nextBrackets < end) throw new GiveUp();
      if (nextAmp !== -1 && nextAmp < start) nextAmp = text.indexOf('&', start);
      const entities = nextAmp !== -1 && nextAmp < end;
      this.i = end;
      this.linesTo(end);
      if (end > start && handler.wantsText()) {
        const chunk = normalize(text.slice(start, end));
        handler.text(entities ? decodeEntities(chunk) : chunk);
      } else if (entities) {
        // Entities in text nobody keeps must still be ones saxes knows.
        decodeEntities(text.slice(start, end));
      }
    }
  }

  /** Reads a start tag at `i`; returns its name, or null when it closed itself. */
  private startTag(): string | null {
    const { text, handler } = this;
    let j = this.i + 1;
    if (!isNameStart(text.charCodeAt(j))) throw new GiveUp();
    j = this.name(j);
    const name = this.intern(this.i + 1, j);
    let attrs = NO_ATTRS;
    for (;;) {
      const before = j;
      while (isSpace(text.charCodeAt(j))) j++;
      const c = text.charCodeAt(j);
      if (c === GT || c === SLASH) {
        const selfClosing = c === SLASH;
        if (selfClosing && text.charCodeAt(++j) !== GT) throw new GiveUp();
        this.i = j + 1;
        this.linesTo(this.i);
        handler.openTag(name, attrs);
        if (!selfClosing) return name;
        handler.closeTag();
        return null;
      }
      // An attribute: it needs white space before it.
      if (j === before || !isNameStart(c)) throw new GiveUp();
      const nameEnd = this.name(j);
      const attr = text.slice(j, nameEnd);
      j = nameEnd;
      while (isSpace(text.charCodeAt(j))) j++;
      if (text.charCodeAt(j) !== EQ) throw new GiveUp();
      j++;
      while (isSpace(text.charCodeAt(j))) j++;
      const quote = text.charCodeAt(j);
      if (quote !== 34 && quote !== 39) throw new GiveUp();
      const close = text.indexOf(quote === 34 ? '"' : "'", j + 1);
      if (close === -1) throw new GiveUp();
      let value = text.slice(j + 1, close);
      // saxes turns white space in values into spaces, and refuses '<': leave both to it.
      if (/[<\t\n\r]/.test(value)) throw new GiveUp();
      if (value.includes('&')) value = decodeEntities(value);
      if (attrs === NO_ATTRS) attrs = Object.create(null) as Record<string, string>;
      if (attrs[attr] !== undefined) throw new GiveUp();
      attrs[attr] = value;
      j = close + 1;
    }
  }

  /**
   * The name at `start..end`, as the same string each time it recurs: a sitemap repeats a few
   * names 250,000 times, and a fresh copy of each would only feed the garbage collector.
   */
  private intern(start: number, end: number): string {
    const { text } = this;
    const slot = (text.charCodeAt(start) * 31 + text.charCodeAt(end - 1) + end - start) & 63;
    const known = this.names[slot];
    if (known !== undefined && known.length === end - start && text.startsWith(known, start))
      return known;
    const name = text.slice(start, end);
    this.names[slot] = name;
    return name;
  }

  /** The end of an ASCII name starting at `j`: letters, digits, `_ . -` and one inner colon. */
  private name(j: number): number {
    const { text } = this;
    let k = j + 1;
    while (isNameChar(text.charCodeAt(k))) k++;
    if (text.charCodeAt(k) === 58 && isNameStart(text.charCodeAt(k + 1))) {
      k += 2;
      while (isNameChar(text.charCodeAt(k))) k++;
    }
    const c = text.charCodeAt(k);
    // Anything else after a name (a second colon, a non-ASCII name character) is saxes's to judge.
    if (!(isSpace(c) || c === GT || c === SLASH || c === EQ)) throw new GiveUp();
    return k;
  }
}

/** saxes hands text with CR LF as LF (the scanner gave up on a lone CR already). */
function normalize(chunk: string): string {
  return chunk.includes('\r') ? chunk.replaceAll('\r\n', '\n') : chunk;
}
