import fs from 'node:fs';
import path from 'node:path';

/** Undoes quoted-printable soft breaks and escapes so links read whole. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * Waits for a mail to `to` in the server's outbox (`<dataDir>/outbox/*.eml`) whose link path
 * is `linkPath` (e.g. `/confirm-email`), and answers the link's token; with `except`, a token
 * other than that one (the mail sent after it).
 */
export async function tokenFromOutbox(
  dataDir: string,
  to: string,
  linkPath: '/confirm-email' | '/reset-password',
  timeoutMs = 10_000,
  except?: string,
): Promise<string> {
  const dir = path.join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`${linkPath}\\?token=([A-Za-z0-9_.~%-]+)`);
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
      : [];
    for (const file of files.reverse()) {
      const mail = decodeQuotedPrintable(fs.readFileSync(path.join(dir, file), 'utf8'));
      if (!mail.includes(to)) continue;
      const match = pattern.exec(mail);
      const token = match?.[1] && decodeURIComponent(match[1]);
      if (token && token !== except) return token;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${linkPath} mail to ${to} in ${dir} within ${timeoutMs} ms`);
}
