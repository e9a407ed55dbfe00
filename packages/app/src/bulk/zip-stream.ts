import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of a zip: its path inside the archive and its bytes, read when its turn comes. */
export interface ZipEntry {
  /** Path inside the archive, `/`-separated (`001-example.com/sitemap.xml`). */
  name: string;
  /** The file's bytes; called once, when the entry is written. */
  data: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** The classic zip format's 32-bit limit on sizes and offsets (no zip64 here). */
const ZIP32_MAX = 0xffff_ffff;
/** General purpose flags: bit 3 (sizes follow the data) and bit 11 (names are UTF-8). */
const FLAGS = 0x0808;
const DEFLATE = 8;

/** MS-DOS date and time of `date` (local fields as UTC: the archive has no time zone). */
function dosTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function localHeader(name: Buffer, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  // CRC and sizes are 0 here: they follow the data in its descriptor (flag bit 3).
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: Written, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  // Made by Unix (3), zip 2.0, so the permissions in the external attributes are read.
  header.writeUInt16LE((3 << 8) | 20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endRecord(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/**
 * Writes a zip archive as it goes: each entry's bytes are read, deflated and sent one chunk at
 * a time (sizes and CRC in a data descriptor after the data), so a download of many sites'
 * sitemaps never sits in memory. Pulled by the consumer: nothing is read faster than it is
 * sent. Written on `node:zlib` (deflate and `crc32`) instead of a dependency: the format
 * needs about a hundred lines. Classic zip only: an archive passing 4 GB or 65,535 entries
 * fails with an error rather than writing a corrupt file.
 */
export async function* zipStream(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
  now: Date = new Date(),
): AsyncGenerator<Buffer> {
  const stamp = dosTime(now);
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    if (written.length >= 0xffff) throw new Error('a zip holds at most 65,535 files');
    const name = Buffer.from(entry.name, 'utf8');
    const header = localHeader(name, stamp);
    const record: Written = { name, crc: 0, compressed: 0, size: 0, offset };
    yield header;
    offset += header.length;
    const source = Readable.from(
      (async function* counted() {
        for await (const chunk of entry.data()) {
          record.crc = crc32(chunk, record.crc);
          record.size += chunk.length;
          yield chunk;
        }
      })(),
    );
    const deflate = createDeflateRaw();
    source.on('error', (err) => deflate.destroy(err));
    source.pipe(deflate);
    try {
      for await (const out of deflate as AsyncIterable<Buffer>) {
        record.compressed += out.length;
        yield out;
      }
    } finally {
      source.destroy();
    }
    offset += record.compressed;
    if (record.size > ZIP32_MAX || offset > ZIP32_MAX)
      throw new Error('the zip would pass 4 GB, which this writer does not support');
    const descriptor = dataDescriptor(record);
    yield descriptor;
    offset += descriptor.length;
    written.push(record);
  }
  const central = Buffer.concat(written.map((entry) => centralHeader(entry, stamp)));
  yield central;
  yield endRecord(written.length, central.length, offset);
}
