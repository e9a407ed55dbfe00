import type { PageRecord } from '../crawler/types.js';
import { extend } from './key-table.js';

/**
 * URLs that rules may need as examples only once later pages are seen (the first page of a
 * title that turns out duplicated, a page whose canonical target comes later), kept as UTF-8
 * bytes in one growing buffer: no string objects, and nothing that keeps a whole record alive.
 * Each page's URL is stored once however many rules keep it. Browser-safe (TextEncoder).
 */
export class UrlStore {
  private bytes = new Uint8Array(1 << 16);
  private used = 0;
  private starts = new Uint32Array(1024);
  private count = 0;
  private lastPage: PageRecord | null = null;
  private lastRef = -1;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  /** Stores the page's URL (once per page) and returns its reference. */
  keep(page: PageRecord): number {
    if (page === this.lastPage) return this.lastRef;
    const url = page.url;
    while (this.used + url.length * 3 > this.bytes.length) this.bytes = extend(this.bytes);
    if (this.count + 2 > this.starts.length) this.starts = extend(this.starts);
    this.starts[this.count] = this.used;
    this.used += this.encoder.encodeInto(url, this.bytes.subarray(this.used)).written;
    this.starts[this.count + 1] = this.used;
    this.lastPage = page;
    this.lastRef = this.count++;
    return this.lastRef;
  }

  /** The URL behind a reference from `keep`. */
  get(ref: number): string {
    return this.decoder.decode(this.bytes.subarray(this.starts[ref], this.starts[ref + 1]));
  }
}
