import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SafeStorageApi } from '../../../packages/desktop/src/main/account/token-vault';

/**
 * Electron's `safeStorage` cannot run outside Electron, so tests use this stand-in with the
 * same contract: AES-256-GCM under a per-instance key (the OS keychain's role), and the Linux
 * backend name the test chooses (`basic_text` is the case the vault must refuse).
 */
export function testSafeStorage(backend = 'gnome_libsecret', available = true): SafeStorageApi {
  const key = randomBytes(32);
  return {
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    decryptString(data) {
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
