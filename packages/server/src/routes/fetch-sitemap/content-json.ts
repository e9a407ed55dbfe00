/** Bytes decoded and escaped per piece: small strings and short, even slices of work. */
export const CHUNK_BYTES = 64 * 1024;

/**
 * The answer `{"content": <text>}` for UTF-8 `bytes`, in pieces of about `CHUNK_BYTES`, without
 * building the text or the JSON whole: each piece is decoded (the streaming decoder never
 * splits a character) and escaped on its own. The bytes are the only copy held, so a 50 MB
 * sitemap costs 50 MB, not four times that.
 */
export function* contentJsonPieces(bytes: Uint8Array): Generator<Buffer> {
  const decoder = new TextDecoder('utf-8');
  yield Buffer.from('{"content":"');
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const text = decoder.decode(bytes.subarray(at, at + CHUNK_BYTES), { stream: true });
    yield Buffer.from(JSON.stringify(text).slice(1, -1));
  }
  yield Buffer.from(`${JSON.stringify(decoder.decode()).slice(1, -1)}"}`);
}
