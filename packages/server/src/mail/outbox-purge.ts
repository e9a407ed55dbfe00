import fs from 'node:fs/promises';
import path from 'node:path';

/** The header block of a message: everything before the first empty line, folds unfolded. */
function headerBlock(message: string): string {
  const end = message.search(/\r?\n\r?\n/);
  return (end < 0 ? message : message.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
}

/** The addresses of a message's `To:` header, lower-cased. */
export function recipients(message: string): string[] {
  const to = /^to:(.*)$/im.exec(headerBlock(message))?.[1] ?? '';
  return [...to.matchAll(/[^\s<>,"]+@[^\s<>,"]+/g)].map((m) => m[0].toLowerCase());
}

/**
 * Deletes the outbox's `.eml` files addressed to `address` (an account being deleted must not
 * leave its address and links behind). Answers how many were removed; a missing folder is empty.
 */
export async function purgeOutbox(outboxDir: string, address: string): Promise<number> {
  const wanted = address.toLowerCase();
  let names: string[];
  try {
    names = (await fs.readdir(outboxDir)).filter((name) => name.endsWith('.eml'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(outboxDir, name);
    const head = await readHead(file);
    if (head === null || !recipients(head).includes(wanted)) continue;
    await fs.rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** The first 16 KiB of a file (headers are far shorter), or null when it vanished meanwhile. */
async function readHead(file: string): Promise<string | null> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(file, 'r');
    const buffer = Buffer.alloc(16 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  } finally {
    await handle?.close();
  }
}
