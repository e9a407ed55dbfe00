import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { type SecretBox, SecretBoxError } from '@mapsmith/app';

/** The tag of a secret sealed here: format version 1. */
const FORMAT = 'ms1';

/** A 32-byte AES-256 key and its short id (written with every secret it seals). */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** The key as a `SecretKey`: its id is the first 8 hex digits of its SHA-256, never the key. */
export function secretKey(key: Buffer): SecretKey {
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/**
 * The server's box for crawl credentials: AES-256-GCM, a random 12-byte IV per value, its
 * 16-byte tag checked on open. A sealed value is `ms1.<key id>.<iv>.<tag>.<ciphertext>`
 * (base64url), so a key can rotate: `keys[0]` seals, every key given opens what it sealed.
 */
export function aesGcmBox(keys: readonly SecretKey[]): SecretBox {
  const [current] = keys;
  if (!current) throw new SecretBoxError('No key to encrypt crawl credentials with.');
  const byId = new Map(keys.map((k) => [k.id, k.key]));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [FORMAT, current.id, ...parts].join('.');
    },
    open(sealed) {
      const [format, id, iv, tag, body] = sealed.split('.');
      const key = id === undefined ? undefined : byId.get(id);
      if (format !== FORMAT || !key || iv === undefined || tag === undefined || body === undefined)
        throw new SecretBoxError('A stored crawl credential was sealed with a key not given here.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]);
      return plain.toString('utf8');
    },
  };
}
