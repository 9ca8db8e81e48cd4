import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption of chat messages at rest: AES-256-GCM with a key ring, so keys can rotate. What this
 * protects: a stolen database, dump or backup reads as noise without the keys, which live outside
 * the database (configuration or the data folder). What it does not: the server decrypts messages
 * to deliver them to the two members, so it is not end-to-end encryption and is never called that.
 *
 * Each row names its key (`key_id`) and has its own random 96-bit nonce; the message's id and match
 * are bound in as associated data, so a ciphertext copied onto another row fails to decrypt.
 */

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

export type MessageKey = { id: string; key: Buffer };
/** The ring: `current` encrypts; every key (current included) decrypts. */
export type MessageKeyRing = { current: MessageKey; keys: ReadonlyMap<string, Buffer> };
export type SealedMessage = { ciphertext: Buffer; nonce: Buffer; keyId: string };
export type MessageBinding = { id: string; matchId: string };

export class MessageKeyError extends Error {}

/**
 * Parses `id:base64key` entries separated by commas or line breaks; the first is current. Ids are
 * short names (letters, digits, `_`, `-`); keys are 32 random bytes in base64 or base64url.
 */
export function parseMessageKeys(text: string): MessageKeyRing {
  const entries = text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  if (entries.length === 0) throw new MessageKeyError('no message key given');
  const keys = new Map<string, Buffer>();
  let current: MessageKey | undefined;
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const id = entry.slice(0, colon);
    const key = Buffer.from(entry.slice(colon + 1), 'base64');
    if (colon <= 0 || !KEY_ID.test(id))
      throw new MessageKeyError(`message key id '${id}' is not a short name`);
    if (key.length !== KEY_BYTES) throw new MessageKeyError(`message key '${id}' is not ${KEY_BYTES} bytes`);
    if (keys.has(id)) throw new MessageKeyError(`message key id '${id}' appears twice`);
    keys.set(id, key);
    current ??= { id, key };
  }
  return { current: current as MessageKey, keys };
}

export function formatMessageKeys(keys: readonly MessageKey[]): string {
  return `${keys.map((k) => `${k.id}:${k.key.toString('base64')}`).join('\n')}\n`;
}

/** A fresh key whose id says when it was made (sortable, unique enough for a manual rotation). */
export function newMessageKey(now: Date = new Date()): MessageKey {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return { id: `k${stamp}${randomBytes(2).toString('hex')}`, key: randomBytes(KEY_BYTES) };
}

const associatedData = (binding: MessageBinding) =>
  Buffer.from(`royal-circle:message:${binding.matchId}:${binding.id}`);

export function sealMessage(ring: MessageKeyRing, binding: MessageBinding, text: string): SealedMessage {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, ring.current.key, nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(binding));
  const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext, nonce, keyId: ring.current.id };
}

/** Decrypts a row; throws when its key is not in the ring or the row was tampered with. */
export function openMessage(
  ring: MessageKeyRing,
  binding: MessageBinding,
  sealed: { ciphertext: Uint8Array; nonce: Uint8Array; keyId: string },
): string {
  const key = ring.keys.get(sealed.keyId);
  if (!key) throw new MessageKeyError(`message key '${sealed.keyId}' is not configured`);
  const data = Buffer.from(sealed.ciphertext);
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.nonce), { authTagLength: TAG_BYTES });
  decipher.setAAD(associatedData(binding));
  decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
  return Buffer.concat([
    decipher.update(data.subarray(0, data.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
