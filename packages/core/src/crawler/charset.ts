/**
 * The character encoding of an HTML body, in the order browsers use (WHATWG HTML "determining
 * the character encoding", simplified): a byte order mark, then the Content-Type charset, then
 * a `<meta charset>` or `<meta http-equiv="Content-Type">` in the first 1,024 bytes, then UTF-8.
 * Many older European and Japanese sites declare their encoding only in a meta tag; without
 * this their titles and descriptions would be listed garbled.
 */

const PRESCAN_BYTES = 1024;

/** The encoding a byte order mark names, or null. */
function bomEncoding(body: Uint8Array): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

/** The charset parameter of a Content-Type value, or null. */
function charsetParameter(contentType: string | undefined): string | null {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ?? null;
}

/** The charset a meta tag declares in the first 1,024 bytes, or null. */
function metaCharset(body: Uint8Array): string | null {
  // Latin-1 maps every byte to one character, so ASCII markup reads the same in any encoding.
  const head = (decoderFor('latin1') as TextDecoder).decode(body.subarray(0, PRESCAN_BYTES));
  for (const tag of head.matchAll(/<meta\b[^>]*>/gi)) {
    const text = tag[0];
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(text)?.[1];
    if (direct && !/http-equiv/i.test(text)) return direct;
    if (/http-equiv\s*=\s*["']?content-type/i.test(text)) {
      const content = /\bcontent\s*=\s*(["'])(.*?)\1/i.exec(text)?.[2];
      const declared = charsetParameter(content);
      if (declared) return declared;
    }
  }
  return null;
}

/** Labels met so far and their decoders (null: no encoding we can decode); bounded. */
const decoders = new Map<string, TextDecoder | null>();
const MAX_DECODERS = 64;

/**
 * A TextDecoder for a label, or null when the label names no encoding we can decode. Decoders
 * are kept per label: a site sends one charset on every page, and a TextDecoder (which holds no
 * state between whole-buffer `decode` calls) costs more to make than a page takes to decode.
 */
function decoderFor(label: string | null): TextDecoder | null {
  if (!label) return null;
  let decoder = decoders.get(label);
  if (decoder !== undefined) return decoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = null;
  }
  if (decoders.size < MAX_DECODERS) decoders.set(label, decoder);
  return decoder;
}

/**
 * The encoding to decode an HTML body with. A meta tag naming UTF-16 is read as UTF-8, as
 * browsers do (the tag itself could not have been read in UTF-16).
 */
export function sniffEncoding(body: Uint8Array, contentType: string | undefined): string {
  const bom = bomEncoding(body);
  if (bom) return bom;
  const fromHeader = decoderFor(charsetParameter(contentType));
  if (fromHeader) return fromHeader.encoding;
  const fromMeta = decoderFor(metaCharset(body));
  if (fromMeta) return fromMeta.encoding.startsWith('utf-16') ? 'utf-8' : fromMeta.encoding;
  return 'utf-8';
}

/** Decodes an HTML body with its sniffed encoding (the byte order mark is dropped). */
export function decodeHtml(body: Uint8Array, contentType: string | undefined): string {
  const encoding = sniffEncoding(body, contentType);
  return (decoderFor(encoding) ?? new TextDecoder(encoding)).decode(body);
}
