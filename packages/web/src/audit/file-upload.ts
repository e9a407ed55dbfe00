import type { ApiClient } from '@mapsmith/core/browser';

/**
 * Whether a checked sitemap file leaves this computer when its Pro audit starts, by the shell
 * the UI runs in (`ApiClient.shell`, which the desktop's IPC client reports): the hosted site
 * uploads it to its server; the desktop app audits it in its own process, nothing uploaded.
 */
export function auditUploadsFile(shell: ApiClient['shell']): boolean {
  return shell === 'hosted';
}

/** The checker's word on where a checked file goes, true to the shell. */
export function checkedFileNote(shell: ApiClient['shell']): string {
  return auditUploadsFile(shell)
    ? 'Files are checked in your browser; one is uploaded only when you start a Pro audit of its URLs.'
    : 'Files are checked on this computer and never uploaded, a Pro audit of their URLs included.';
}
