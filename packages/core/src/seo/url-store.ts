import type { PageRecord } from '../crawler/types.js';
import { extend } from './key-table.js';

/** Bytes per chunk: chunks are added, never copied, so the store never holds two copies. */
const CHUNK = 1 << 20;

/**
 * URLs that rules may need as examples only once later pages are seen (the first page of a
 * title that turns out duplicated, a page whose canonical target comes later), kept as UTF-8
 * bytes in 1 MiB chunks: no string objects, and nothing that keeps a whole record alive.
 * Each page's URL is stored once however many rules keep it. Browser-safe (TextEncoder).
 */
export class UrlStore {
  private readonly chunks: Uint8Array[] = [];
  private used = CHUNK;
  /** Per reference: chunk index, start and end within the chunk. */
  private spans = new Uint32Array(3 * 1024);
  private count = 0;
  private lastPage: PageRecord | null = null;
  private lastRef = -1;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  /** Stores the page's URL (once per page) and returns its reference. */
  keep(page: PageRecord): number {
    if (page === this.lastPage) return this.lastRef;
    const url = page.url;
    const most = url.length * 3;
    if (this.used + most > CHUNK || this.chunks.length === 0) {
      this.chunks.push(new Uint8Array(Math.max(CHUNK, most)));
      this.used = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1] ?? new Uint8Array(0);
    const written = this.encoder.encodeInto(url, chunk.subarray(this.used)).written;
    if ((this.count + 1) * 3 > this.spans.length) this.spans = extend(this.spans);
    this.spans.set([this.chunks.length - 1, this.used, this.used + written], this.count * 3);
    this.used += written;
    this.lastPage = page;
    this.lastRef = this.count++;
    return this.lastRef;
  }

  /** The URL behind a reference from `keep`. */
  get(ref: number): string {
    const chunk = this.chunks[this.spans[ref * 3] ?? 0];
    return chunk
      ? this.decoder.decode(chunk.subarray(this.spans[ref * 3 + 1], this.spans[ref * 3 + 2]))
      : '';
  }
}
