/**
 * Encryption at rest of the secrets kept with crawl settings (issue 29: a staging site's
 * password and header values). Each shell gives its own box: the server AES-256-GCM under a
 * key from its configuration, the desktop Electron's `safeStorage`. The SQL layer seals on
 * write and opens on read (`sealed-settings.ts`), so no shell writes a clear secret.
 */
export interface SecretBox {
  /** The secret as stored: text that says nothing of it, tagged with how to open it. */
  seal(plain: string): string;
  /** The secret back; throws when this box cannot open it (another key, tampered text). */
  open(sealed: string): string;
}

/** Thrown when a secret cannot be stored or read here. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

/**
 * The box of a process that keeps no secrets (a test, or the desktop's crawler process, which
 * gets its crawl's credentials from main): it refuses to seal, so nothing is ever written in
 * clear, and cannot open, so a stored secret reads as absent.
 */
export const NO_SECRET_BOX: SecretBox = {
  seal() {
    throw new SecretBoxError(
      'This process has no key to encrypt crawl credentials with, so it cannot store them.',
    );
  },
  open() {
    throw new SecretBoxError('This process has no key to decrypt crawl credentials with.');
  },
};
