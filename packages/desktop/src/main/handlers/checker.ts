import { readSitemapFile } from '@mapsmith/app';
import type { Dialogs } from './export';

/**
 * `checker.openFile`: reads a sitemap the user picks with the open dialog (the renderer never
 * names a path, so it cannot read arbitrary files); app's `readSitemapFile` decompresses `.gz`
 * files, with the same 50 MB cap on the result.
 */
export async function openSitemapFile(deps: {
  dialogs: Dialogs;
}): Promise<{ fileName: string | null; content: string | null }> {
  const file = await deps.dialogs.chooseFile('Open a sitemap to check');
  if (!file) return { fileName: null, content: null };
  return readSitemapFile(file);
}
