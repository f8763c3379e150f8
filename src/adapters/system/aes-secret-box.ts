import { createCipheriv, createDecipheriv, hash, randomBytes } from 'node:crypto';
import { SecretBox } from '../../ports/secret-box.js';

interface Key {
  readonly id: string;
  readonly bytes: Buffer;
}

const keyOf = (encoded: string): Key => {
  const bytes = Buffer.from(encoded, 'base64url');
  if (bytes.length !== 32) throw new Error('an encryption key must be 32 bytes (base64url)');
  // A short public fingerprint of the key: which key sealed a value, never the key itself.
  return { id: hash('sha256', bytes, 'hex').slice(0, 8), bytes };
};

/**
 * AES-256-GCM under ENCRYPTION_KEY, a fresh 12-byte nonce per value. Sealed form:
 * `v1.<key id>.<nonce>.<ciphertext>.<tag>` (base64url parts). ENCRYPTION_KEY_PREVIOUS, while set,
 * still opens what was sealed before a rotation.
 */
export class AesSecretBox extends SecretBox {
  private readonly current: Key;
  private readonly keys: ReadonlyMap<string, Key>;

  constructor(currentKey: string, previousKey: string | null = null) {
    super();
    this.current = keyOf(currentKey);
    const keys = new Map([[this.current.id, this.current]]);
    if (previousKey) {
      const previous = keyOf(previousKey);
      keys.set(previous.id, previous);
    }
    this.keys = keys;
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.bytes, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [nonce, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
    return ['v1', this.current.id, ...parts].join('.');
  }

  open(sealed: string): string {
    const [version, id, nonce, body, tag] = sealed.split('.');
    if (version !== 'v1' || !id || nonce === undefined || body === undefined || tag === undefined) {
      throw new Error('not a sealed value');
    }
    const key = this.keys.get(id);
    if (!key) throw new Error(`sealed under key ${id}, which this deployment does not hold (ENCRYPTION_KEY_PREVIOUS?)`);
    const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  isCurrent(sealed: string): boolean {
    return sealed.split('.', 2)[1] === this.current.id;
  }
}
