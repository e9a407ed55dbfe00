import { AppError, type SecretBox, SecretBoxError } from '@mapsmith/app';
import { keychainState, type SafeStorageApi } from '../account/token-vault';

/** The tag of a secret sealed by `safeStorage`: format version 1. */
const FORMAT = 'ss1.';

/** The refusal of credentials this computer cannot keep safely. */
const UNSAFE =
  'Mapsmith cannot keep a staging site’s password or headers safely on this computer: no system keychain (Keychain, Credential Manager, GNOME Keyring, KWallet) is available. Unlock or install one, or crawl without them.';

/**
 * The desktop's box for crawl credentials (issue 29): Electron's `safeStorage`, the OS
 * keychain's key, in the main process only. Refuses to seal when the only backend is Linux's
 * `basic_text` or the keychain is locked, so a secret is never kept obscured only.
 */
export function safeStorageBox(safe: SafeStorageApi, platform: NodeJS.Platform): SecretBox {
  return {
    seal(plain) {
      if (keychainState(safe, platform) !== 'ok')
        throw new AppError('crawl.credentials-unsafe', 'No safe place for credentials', UNSAFE);
      return FORMAT + safe.encryptString(plain).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(FORMAT))
        throw new SecretBoxError('A stored crawl credential was not sealed by this keychain.');
      return safe.decryptString(Buffer.from(sealed.slice(FORMAT.length), 'base64'));
    },
  };
}
