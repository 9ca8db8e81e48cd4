import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { pooledRandomBytes } from './random-pool';

/**
 * AES-256-GCM with a key ring, so keys can rotate: `current` encrypts, every key (current included)
 * decrypts, and each sealed value names the key it used. Shared by the chat messages
 * (message-crypto.ts) and the ID store (modules/verification/id-store.ts), each with its own ring
 * from the configuration. Callers bind what a ciphertext belongs to as associated data, so a
 * ciphertext copied onto another row or object fails to decrypt.
 */

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
export const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export type RingKey = { id: string; key: Buffer };
export type KeyRing = { current: RingKey; keys: ReadonlyMap<string, Buffer> };
export type Sealed = { ciphertext: Buffer; nonce: Buffer; keyId: string };

export class KeyRingError extends Error {}

/**
 * Parses `id:base64key` entries separated by commas or line breaks; the first is current. Ids are
 * short names (letters, digits, `_`, `-`); keys are 32 random bytes in base64 or base64url.
 * `label` names the ring in errors ("message key", "ID document key").
 */
export function parseKeyRing(text: string, label: string): KeyRing {
  const entries = text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  if (entries.length === 0) throw new KeyRingError(`no ${label} given`);
  const keys = new Map<string, Buffer>();
  let current: RingKey | undefined;
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon <= 0 || !KEY_ID.test(id)) throw new KeyRingError(`${label} id '${id}' is not a short name`);
    if (key.length !== KEY_BYTES) throw new KeyRingError(`${label} '${id}' is not ${KEY_BYTES} bytes`);
    if (keys.has(id)) throw new KeyRingError(`${label} id '${id}' appears twice`);
    keys.set(id, key);
    current ??= { id, key };
  }
  return { current: current as RingKey, keys };
}

export function formatKeyRing(keys: readonly RingKey[]): string {
  return `${keys.map((k) => `${k.id}:${k.key.toString('base64')}`).join('\n')}\n`;
}

/** A fresh key whose id says when it was made (sortable, unique enough for a manual rotation). */
export function newRingKey(now: Date = new Date()): RingKey {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return { id: `k${stamp}${randomBytes(2).toString('hex')}`, key: randomBytes(KEY_BYTES) };
}

/** Encrypts with the current key and a fresh random 96-bit nonce; the tag ends the ciphertext. */
export function seal(ring: KeyRing, associatedData: Buffer, plaintext: Buffer): Sealed {
  const nonce = pooledRandomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, ring.current.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext, nonce, keyId: ring.current.id };
}

/** Decrypts; throws when the key is not in the ring or the value (or its binding) was tampered with. */
export function open(
  ring: KeyRing,
  associatedData: Buffer,
  sealed: { ciphertext: Uint8Array; nonce: Uint8Array; keyId: string },
  label: string,
): Buffer {
  const key = ring.keys.get(sealed.keyId);
  if (!key) throw new KeyRingError(`${label} '${sealed.keyId}' is not configured`);
  const data = Buffer.from(sealed.ciphertext);
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.nonce), { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData);
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - TAG_BYTES)), decipher.final()]);
}
