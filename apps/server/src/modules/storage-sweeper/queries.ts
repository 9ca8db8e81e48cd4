import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dataExports, eventPhotos, photos, verificationRequests } from '../../db/schema';

/** Of `keys`, those that some row names: a lookup per store, one statement each. */
export type ReferencedKeys = (db: Db, keys: readonly string[]) => Promise<Set<string>>;

const keySet = (rows: readonly Record<string, string | null>[]) =>
  new Set(rows.flatMap((row) => Object.values(row).filter((key): key is string => key !== null)));

const photoKeys = {
  keyLarge: photos.keyLarge,
  keySmall: photos.keySmall,
  keyBlur: photos.keyBlur,
  keyFace: photos.keyFace,
};

/**
 * Member photos: `photos/<member id>/…`. A page of keys is looked up by its few owners first
 * (photos_user_position_idx), which clears nearly every key of a store of millions without a scan;
 * only what that leaves is looked for by the key columns themselves (no index: a scan, but only when
 * something looks orphaned), so a key filed under another folder than its row's member is still
 * found and never deleted.
 */
export const referencedPhotoKeys: ReferencedKeys = async (db, keys) => {
  const owners = [...new Set(keys.map((key) => key.split('/')[1] ?? ''))].filter((id) => UUID.test(id));
  const found =
    owners.length === 0
      ? new Set<string>()
      : keySet(await db.select(photoKeys).from(photos).where(inArray(photos.userId, owners)));
  const left = keys.filter((key) => !found.has(key));
  if (left.length === 0) return found;
  const rows = await db
    .select(photoKeys)
    .from(photos)
    .where(
      or(
        inArray(photos.keyLarge, left),
        inArray(photos.keySmall, left),
        inArray(photos.keyBlur, left),
        inArray(photos.keyFace, left),
      ),
    );
  return new Set([...found, ...keySet(rows)]);
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Event photos: `events/<event id>/…` (a small table). */
export const referencedEventPhotoKeys: ReferencedKeys = async (db, keys) =>
  keySet(
    await db
      .select({ keyLarge: eventPhotos.keyLarge, keySmall: eventPhotos.keySmall })
      .from(eventPhotos)
      .where(or(inArray(eventPhotos.keyLarge, [...keys]), inArray(eventPhotos.keySmall, [...keys]))),
  );

/** The ID store: `id-documents/<random>.bin`, named by verification requests until they are purged. */
export const referencedIdDocumentKeys: ReferencedKeys = async (db, keys) =>
  keySet(
    await db
      .select({ idKey: verificationRequests.idKey, selfieKey: verificationRequests.selfieKey })
      .from(verificationRequests)
      .where(
        or(
          inArray(verificationRequests.idKey, [...keys]),
          inArray(verificationRequests.selfieKey, [...keys]),
        ),
      ),
  );

/** Data export archives: `exports/<member id>/…`, named by their export row while it is kept. */
export const referencedExportKeys: ReferencedKeys = async (db, keys) =>
  keySet(
    await db
      .select({ storageKey: dataExports.storageKey })
      .from(dataExports)
      .where(inArray(dataExports.storageKey, [...keys])),
  );
