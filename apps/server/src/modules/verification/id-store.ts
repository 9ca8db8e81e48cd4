import { randomUUID } from 'node:crypto';
import type { ObjectStorage } from '../../adapters/storage/types';
import { type KeyRing, NONCE_BYTES, open, seal } from '../../lib/key-ring';

/**
 * The private ID store: ID and selfie images, the most private things we hold. Its own prefix in
 * the private storage, random keys that say nothing about the member, and every object encrypted
 * with the ID store's own key ring (ID_DOCUMENT_KEYS), so a copied bucket, folder or backup reads as
 * noise without those keys — and without the message keys being of any use. Objects are read only
 * through signed, viewer-bound links (links.ts) and deleted by the purge job (purge.ts).
 *
 * Stored layout: [1 byte key id length][key id][12-byte nonce][ciphertext + 16-byte tag]. The
 * object's key is the associated data, so an object copied to another key fails to decrypt.
 */

export const ID_STORE_PREFIX = 'id-documents/';
const LABEL = 'ID document key';

export type IdStore = ReturnType<typeof createIdStore>;

const bindingOf = (key: string) => Buffer.from(`royal-circle:id-document:${key}`);

export function createIdStore(storage: ObjectStorage, ring: KeyRing) {
  return {
    /** Encrypts and stores an (already re-encoded) image under a fresh random key; returns the key. */
    async put(image: Buffer): Promise<string> {
      const key = `${ID_STORE_PREFIX}${randomUUID()}.bin`;
      const sealed = seal(ring, bindingOf(key), image);
      const keyId = Buffer.from(sealed.keyId, 'utf8');
      const body = Buffer.concat([Buffer.from([keyId.length]), keyId, sealed.nonce, sealed.ciphertext]);
      await storage.put(key, body, 'application/octet-stream');
      return key;
    },

    /** The decrypted image, or null when the object is gone (purged). */
    async read(key: string): Promise<Buffer | null> {
      const stored = await storage.get(key);
      if (!stored) return null;
      const body = stored.body;
      const idLength = body[0] ?? 0;
      const keyId = body.subarray(1, 1 + idLength).toString('utf8');
      const nonce = body.subarray(1 + idLength, 1 + idLength + NONCE_BYTES);
      const ciphertext = body.subarray(1 + idLength + NONCE_BYTES);
      return open(ring, bindingOf(key), { keyId, nonce, ciphertext }, LABEL);
    },

    /** Deletes the object; deleting one already gone is not an error (the purge may be rerun). */
    async delete(key: string): Promise<void> {
      await storage.delete(key);
    },
  };
}
