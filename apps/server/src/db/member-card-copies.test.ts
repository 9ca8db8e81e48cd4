import { randomUUID } from 'node:crypto';
import { DEFAULT_MEMBER_SETTINGS } from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, openTestDatabase } from '../../test/database';
import { lockPhotoOwner } from '../modules/photos';
import type { Db } from './client';
import { photos, profiles, safetySettings, users } from './schema';
import type { DisposableDatabase } from './scratch';

// The copies on `profiles` that the database's triggers keep (schema/profiles.ts; in sql/:
// copy_card_settings_to_profile.sql, photos_copy_ids.sql, card_copies_after_truncate.sql): every read
// of another member trusts them, so each way their sources change is tried here.

let handle: DisposableDatabase;
let db: Db;
beforeAll(async () => {
  handle = await openTestDatabase();
  db = handle.db;
});
afterAll(async () => {
  await handle?.dispose();
});

async function newMember(): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, name: 'Copy', email: `copy-${id}@example.test` });
  await db.insert(profiles).values({ userId: id, name: 'Copy' });
  return id;
}

async function copiesOf(id: string) {
  const [row] = await db
    .select({
      profileVisibility: profiles.profileVisibility,
      showOnlineStatus: profiles.showOnlineStatus,
      locationSharing: profiles.locationSharing,
      photoIds: profiles.photoIds,
    })
    .from(profiles)
    .where(eq(profiles.userId, id));
  return row;
}

async function addPhoto(userId: string, position: number, status: 'pending' | 'approved' | 'rejected') {
  const id = randomUUID();
  await db.insert(photos).values({
    id,
    userId,
    position,
    status,
    keyLarge: `l/${id}`,
    keySmall: `s/${id}`,
    keyBlur: `b/${id}`,
    width: 10,
    height: 10,
  });
  return id;
}

/** A point one transaction reaches and another waits for. */
function signal() {
  let fire!: () => void;
  const reached = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, reached };
}

const defaults = {
  profileVisibility: DEFAULT_MEMBER_SETTINGS.profile_visibility,
  showOnlineStatus: DEFAULT_MEMBER_SETTINGS.show_online_status,
  locationSharing: DEFAULT_MEMBER_SETTINGS.location_sharing,
};

describe('the settings copied to profiles', () => {
  it('reads as the shared defaults for a member without a settings row', async () => {
    expect(await copiesOf(await newMember())).toEqual({ ...defaults, photoIds: [] });
  });

  it('follows the settings row as it is written, changed and removed', async () => {
    const id = await newMember();
    await db
      .insert(safetySettings)
      .values({ userId: id, profileVisibility: 'tier_only', showOnlineStatus: false, locationSharing: true });
    expect(await copiesOf(id)).toMatchObject({
      profileVisibility: 'tier_only',
      showOnlineStatus: false,
      locationSharing: true,
    });

    await db
      .update(safetySettings)
      .set({ profileVisibility: 'private', locationSharing: false })
      .where(eq(safetySettings.userId, id));
    expect(await copiesOf(id)).toMatchObject({
      profileVisibility: 'private',
      showOnlineStatus: false,
      locationSharing: false,
    });

    // An upsert, as the settings screen writes.
    await db
      .insert(safetySettings)
      .values({ userId: id, profileVisibility: 'public' })
      .onConflictDoUpdate({ target: safetySettings.userId, set: { profileVisibility: 'public' } });
    expect((await copiesOf(id))?.profileVisibility).toBe('public');

    await db.delete(safetySettings).where(eq(safetySettings.userId, id));
    expect(await copiesOf(id)).toMatchObject(defaults);
  });

  it('leaves another member alone', async () => {
    const [one, other] = [await newMember(), await newMember()];
    await db.insert(safetySettings).values({ userId: one, profileVisibility: 'private' });
    expect((await copiesOf(other))?.profileVisibility).toBe(DEFAULT_MEMBER_SETTINGS.profile_visibility);
  });
});

describe('the approved photo ids copied to profiles', () => {
  it('holds the approved photos only, by position, and follows approval, rejection, reordering and removal', async () => {
    const id = await newMember();
    const second = await addPhoto(id, 1, 'approved');
    const pending = await addPhoto(id, 0, 'pending');
    expect((await copiesOf(id))?.photoIds).toEqual([second]);

    await db.update(photos).set({ status: 'approved' }).where(eq(photos.id, pending));
    expect((await copiesOf(id))?.photoIds).toEqual([pending, second]);

    // Reordering swaps positions in one statement, as the photos screen does.
    await db
      .update(photos)
      .set({ position: sql`case when ${photos.id} = ${pending} then 1 else 0 end` })
      .where(eq(photos.userId, id));
    expect((await copiesOf(id))?.photoIds).toEqual([second, pending]);

    await db.update(photos).set({ status: 'rejected' }).where(eq(photos.id, second));
    expect((await copiesOf(id))?.photoIds).toEqual([pending]);

    await db.delete(photos).where(eq(photos.id, pending));
    expect((await copiesOf(id))?.photoIds).toEqual([]);
  });

  it('empties with its table, as the settings copies return to the defaults with theirs', async () => {
    const id = await newMember();
    await addPhoto(id, 0, 'approved');
    await db
      .insert(safetySettings)
      .values({ userId: id, profileVisibility: 'private', showOnlineStatus: false });
    await db.execute(sql`truncate ${photos}, ${safetySettings} cascade`);
    expect(await copiesOf(id)).toEqual({ ...defaults, photoIds: [] });
  });

  it('orders photos at one position by upload time, as the photo lists do', async () => {
    const id = await newMember();
    const first = await addPhoto(id, 0, 'approved');
    await db.update(photos).set({ createdAt: sql`now() - interval '1 minute'` }).where(eq(photos.id, first));
    const later = await addPhoto(id, 0, 'approved');
    expect((await copiesOf(id))?.photoIds).toEqual([first, later]);
  });
});

// PGlite has a single connection, so only PostgreSQL can interleave two transactions.
describe.skipIf(!onPostgres)('the photo ids copy under concurrent changes (PostgreSQL)', () => {
  it('keeps both photos when two of one member are approved at the same moment', async () => {
    const id = await newMember();
    const ids = [await addPhoto(id, 0, 'pending'), await addPhoto(id, 1, 'pending')];
    const approve = (tx: Db, photoId: string) =>
      tx.update(photos).set({ status: 'approved' }).where(eq(photos.id, photoId));

    // The first approval holds its transaction open; the second starts and must wait for it, then
    // see it: otherwise each would copy only its own photo and the later one would win.
    const firstApproved = signal();
    const firstMayCommit = signal();
    const first = db.transaction(async (tx) => {
      await approve(tx, ids[0] as string);
      firstApproved.fire();
      await firstMayCommit.reached;
    });
    await firstApproved.reached;
    const second = db.transaction(async (tx) => {
      await approve(tx, ids[1] as string);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    firstMayCommit.fire();
    await Promise.all([first, second]);

    expect((await copiesOf(id))?.photoIds).toEqual(ids);
  });

  it('lets a moderation decision and the member reordering their photos wait for each other, not deadlock', async () => {
    const id = await newMember();
    const ids = [await addPhoto(id, 0, 'approved'), await addPhoto(id, 1, 'pending')];
    // The member's reorder (photos/mine.ts): the profile first, then the photos.
    const memberLocked = signal();
    const memberMayGoOn = signal();
    const reorder = db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${profiles} where ${profiles.userId} = ${id} for update`);
      memberLocked.fire();
      await memberMayGoOn.reached;
      await tx.execute(sql`update ${photos} set position = 1 - position where ${photos.userId} = ${id}`);
    });
    await memberLocked.reached;
    // The moderation job's approval of the pending photo, meanwhile: the owner first, then the photo.
    const approval = db.transaction(async (tx) => {
      await lockPhotoOwner(tx, ids[1] as string);
      await tx
        .update(photos)
        .set({ status: 'approved' })
        .where(eq(photos.id, ids[1] as string));
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    memberMayGoOn.fire();
    await Promise.all([reorder, approval]);

    expect((await copiesOf(id))?.photoIds).toEqual([ids[1], ids[0]]);
  });
});
