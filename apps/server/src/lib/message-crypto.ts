import {
  formatKeyRing,
  type KeyRing,
  KeyRingError,
  newRingKey,
  open,
  parseKeyRing,
  type RingKey,
  type Sealed,
  seal,
} from './key-ring';

/**
 * Encryption of chat messages at rest: AES-256-GCM with a key ring (lib/key-ring.ts), so keys can
 * rotate. What this protects: a stolen database, dump or backup reads as noise without the keys,
 * which live outside the database (configuration or the data folder). What it does not: the server
 * decrypts messages to deliver them to the two members, so it is not end-to-end encryption and is
 * never called that.
 *
 * Each row names its key (`key_id`) and has its own random 96-bit nonce; the message's id and match
 * are bound in as associated data, so a ciphertext copied onto another row fails to decrypt.
 */

const LABEL = 'message key';

export type MessageKey = RingKey;
/** The ring: `current` encrypts; every key (current included) decrypts. */
export type MessageKeyRing = KeyRing;
export type SealedMessage = Sealed;
export type MessageBinding = { id: string; matchId: string };

export { KeyRingError as MessageKeyError };

export const parseMessageKeys = (text: string): MessageKeyRing => parseKeyRing(text, LABEL);
export const formatMessageKeys = formatKeyRing;
export const newMessageKey = newRingKey;

const associatedData = (binding: MessageBinding) =>
  Buffer.from(`royal-circle:message:${binding.matchId}:${binding.id}`);

export function sealMessage(ring: MessageKeyRing, binding: MessageBinding, text: string): SealedMessage {
  return seal(ring, associatedData(binding), Buffer.from(text, 'utf8'));
}

/** Decrypts a row; throws when its key is not in the ring or the row was tampered with. */
export function openMessage(
  ring: MessageKeyRing,
  binding: MessageBinding,
  sealed: { ciphertext: Uint8Array; nonce: Uint8Array; keyId: string },
): string {
  return open(ring, associatedData(binding), sealed, LABEL).toString('utf8');
}
