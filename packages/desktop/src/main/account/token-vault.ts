import type { LocalSettings } from '@mapsmith/app';

/** The part of Electron's `safeStorage` the vault uses (main process only). */
export interface SafeStorageApi {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: which secret store backs the encryption key. */
  getSelectedStorageBackend?(): string;
}

/** Whether a token can be kept safely here, and if not, why. */
export type StorageCheck = { ok: true } | { ok: false; message: string };

const TOKEN_KEY = 'account.token';

/** The message shown when Linux has no keyring and Electron would fall back to `basic_text`. */
export const BASIC_TEXT_MESSAGE =
  'Mapsmith cannot keep your Pro token safely on this computer: no secret store (GNOME Keyring, KWallet) is available, so Electron would only obscure it with a fixed password that any program can undo. Install or unlock a keyring and link again; until then the app runs on the free plan.';

/**
 * Whether `safeStorage` encrypts under a real secret store here: `basic_text` when Linux has no
 * keyring (Electron would only obscure with a fixed password), `unavailable` when the keychain
 * is locked or missing. The token vault and the crawl-credentials box both ask this.
 */
export function keychainState(
  safe: SafeStorageApi,
  platform: NodeJS.Platform,
): 'ok' | 'basic_text' | 'unavailable' {
  if (platform === 'linux') {
    const backend = safe.getSelectedStorageBackend?.() ?? 'unknown';
    if (backend === 'basic_text' || backend === 'unknown') return 'basic_text';
  }
  return safe.isEncryptionAvailable() ? 'ok' : 'unavailable';
}

/**
 * Keeps the Pro API token encrypted with Electron's `safeStorage` (the OS keychain's key:
 * Keychain, DPAPI, libsecret or KWallet); only the ciphertext is written, to the local
 * database. Refuses to store anything when the only backend is Linux's `basic_text`.
 */
export class TokenVault {
  /** Creates the vault over `safeStorage` and the local settings, for `platform`. */
  constructor(
    private readonly safe: SafeStorageApi,
    private readonly settings: LocalSettings,
    private readonly platform: NodeJS.Platform,
  ) {}

  /** Whether a token can be stored safely right now. */
  check(): StorageCheck {
    const keychain = keychainState(this.safe, this.platform);
    if (keychain === 'basic_text') return { ok: false, message: BASIC_TEXT_MESSAGE };
    if (keychain === 'unavailable') {
      return {
        ok: false,
        message:
          'Mapsmith cannot keep your Pro token safely: the system keychain is not available. Unlock it and link again.',
      };
    }
    return { ok: true };
  }

  /** Encrypts and stores the token; throws with the check's message when it cannot. */
  async save(token: string): Promise<void> {
    const check = this.check();
    if (!check.ok) throw new Error(check.message);
    await this.settings.set(TOKEN_KEY, this.safe.encryptString(token).toString('base64'));
  }

  /** The stored token, or null when none is stored or it can no longer be decrypted. */
  async load(): Promise<string | null> {
    const stored = await this.settings.get(TOKEN_KEY);
    if (!stored || !this.check().ok) return null;
    try {
      return this.safe.decryptString(Buffer.from(stored, 'base64'));
    } catch {
      // A keychain reset makes old ciphertext unreadable; the user links again.
      return null;
    }
  }

  /** Forgets the token. */
  clear(): Promise<void> {
    return this.settings.set(TOKEN_KEY, null);
  }
}
