import { AppError, ErrorCode } from '@royal/shared';
import type { ObjectStorage } from './types';

type WarnLog = { warn(details: object, message: string): void };

/**
 * The store refused a write (local disk full or read-only, the object store unreachable or failing):
 * every upload path — member photos, event photos, ID and selfie images — answers 503
 * STORAGE_UNAVAILABLE with words a member can act on, instead of a generic 500. The paths already
 * write the objects before the row and remove them when the row is not written, so a refusal leaves
 * no row and, at worst, an orphan object the sweeper removes (modules/storage-sweeper).
 *
 * The log names the store, the first folder and the error code only: an error's message carries the
 * object's path, and ID store keys are kept out of the logs (decision 012).
 */
export function withWriteFaults(storage: ObjectStorage, log: WarnLog): ObjectStorage {
  const refusal = (key: string, error: unknown) => {
    if (error instanceof AppError) return error;
    const { code, name } = error as { code?: string; name?: string };
    log.warn({ store: storage.kind, folder: key.split('/')[0], code, name }, 'storage write failed');
    const unavailable = new AppError(ErrorCode.STORAGE_UNAVAILABLE);
    unavailable.cause = error;
    return unavailable;
  };
  return {
    ...storage,
    async put(key, body, contentType) {
      try {
        await storage.put(key, body, contentType);
      } catch (error) {
        throw refusal(key, error);
      }
    },
    async putFile(key, path, contentType) {
      try {
        await storage.putFile(key, path, contentType);
      } catch (error) {
        throw refusal(key, error);
      }
    },
  };
}
