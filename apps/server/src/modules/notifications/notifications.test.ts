import { randomUUID } from 'node:crypto';
import { notificationListSchema } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { addPhoto, matchedPair, setVisibility } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import { sampleImage, uploadAs } from '../../../test/uploads';
import type { BusMessage } from '../../adapters/bus';
import { photos, profiles } from '../../db/schema';
import { notify } from './service';

const t = useTestApp();

async function memberWithNotifications(count: number) {
  const actor = await signedInMember(t.app, { name: 'Aurelia' });
  const { member, session } = await signedInMember(t.app);
  for (let i = 0; i < count; i += 1) {
    await t.app.ctx.transact((work) =>
      notify(work, [
        {
          userId: member.id,
          type: 'like',
          title: `Title ${i}`,
          message: `Message ${i}`,
          actorId: actor.member.id,
        },
      ]),
    );
  }
  return { member, session };
}

describe('notifications', () => {
  it('lists your notifications newest first with the unread count and the actor', async () => {
    const { session } = await memberWithNotifications(3);
    const res = await request(t.app, 'GET', '/api/notifications', { session });
    expect(res.statusCode).toBe(200);
    const list = notificationListSchema.parse(res.json());
    expect(list.unread_count).toBe(3);
    expect(list.items.map((n) => n.title)).toEqual(['Title 2', 'Title 1', 'Title 0']);
    expect(list.items[0]?.actor).toMatchObject({ name: 'Aurelia', avatar: null });
    expect(JSON.stringify(list)).not.toContain('@example.test');
  });

  it('marks one read, then all read', async () => {
    const { session } = await memberWithNotifications(2);
    const first = (await request(t.app, 'GET', '/api/notifications', { session })).json().items[0].id;
    expect((await request(t.app, 'POST', `/api/notifications/${first}/read`, { session })).statusCode).toBe(
      204,
    );
    expect((await request(t.app, 'GET', '/api/notifications', { session })).json().unread_count).toBe(1);
    expect((await request(t.app, 'POST', '/api/notifications/read-all', { session })).statusCode).toBe(204);
    expect((await request(t.app, 'GET', '/api/notifications', { session })).json().unread_count).toBe(0);
  });

  it('dismisses one and clears all', async () => {
    const { session } = await memberWithNotifications(3);
    const [a] = (await request(t.app, 'GET', '/api/notifications', { session })).json().items;
    expect((await request(t.app, 'DELETE', `/api/notifications/${a.id}`, { session })).statusCode).toBe(204);
    expect((await request(t.app, 'GET', '/api/notifications', { session })).json().items).toHaveLength(2);
    expect((await request(t.app, 'DELETE', '/api/notifications', { session })).statusCode).toBe(204);
    expect((await request(t.app, 'GET', '/api/notifications', { session })).json().items).toHaveLength(0);
  });

  it("never touches another member's notification", async () => {
    const owner = await memberWithNotifications(1);
    const other = await signedInMember(t.app);
    const [n] = (await request(t.app, 'GET', '/api/notifications', { session: owner.session })).json().items;
    for (const [method, url] of [
      ['POST', `/api/notifications/${n.id}/read`],
      ['DELETE', `/api/notifications/${n.id}`],
    ] as const) {
      const res = await request(t.app, method, url, { session: other.session });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const still = (await request(t.app, 'GET', '/api/notifications', { session: owner.session })).json();
    expect(still.items).toHaveLength(1);
    expect(still.unread_count).toBe(1);
  });

  it('shows the actor’s avatar only while the recipient may see the actor (the members visibility rule)', async () => {
    const him = await signedInMember(t.app, { userType: 'men', tier: 2 });
    const her = await signedInMember(t.app, { userType: 'women', tier: 2 });
    const photo = await addPhoto(t.app, her.member.id);
    const swipe = (session: Session, target_id: string) =>
      request(t.app, 'POST', '/api/swipes', { session, body: { target_id, direction: 'right' } });
    await swipe(him.session, her.member.id);
    await swipe(her.session, him.member.id);
    const avatar = async () =>
      (await request(t.app, 'GET', '/api/notifications', { session: him.session }))
        .json()
        .items.find((n: { type: string }) => n.type === 'match')?.actor;
    expect(await avatar()).toEqual({
      id: her.member.id,
      name: expect.any(String),
      avatar: `/api/photos/${photo}?size=face`,
    });
    // Private hides her from everyone but her matches, and he is one: her avatar stays.
    await setVisibility(t.app, her.member.id, 'private');
    expect((await avatar())?.avatar).toBe(`/api/photos/${photo}?size=face`);
    // Ghost Mode hides her from everyone, her matches too.
    await t.app.ctx.db.update(profiles).set({ ghostMode: true }).where(eq(profiles.userId, her.member.id));
    expect((await avatar())?.avatar).toBeNull();
  });

  it('shows the avatar of an actor above the recipient’s tier blurred, the variant the photo route serves them', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    // He upgraded after the match (a tier-2 member cannot like a tier-3 one).
    await t.app.ctx.transact(async ({ tx, publish }) => {
      await tx.update(profiles).set({ tierLevel: 3 }).where(eq(profiles.userId, him.member.id));
      publish({ kind: 'actor.invalidate', userIds: [him.member.id] });
    });
    const uploaded = await uploadAs(t.app, him.session, await sampleImage());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const photoId: string = uploaded.json().id;
    await t.app.ctx.db.update(photos).set({ status: 'approved' }).where(eq(photos.id, photoId));

    const events: BusMessage[] = [];
    const stop = t.app.ctx.bus.subscribe((m) => events.push(m));
    const sent = await request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
      session: him.session,
      body: { id: randomUUID(), content: 'Hello' },
    });
    stop();
    expect(sent.statusCode, sent.body).toBe(201);

    const list = notificationListSchema.parse(
      (await request(t.app, 'GET', '/api/notifications', { session: her.session })).json(),
    );
    const notice = list.items.find((n) => n.type === 'message');
    expect(notice?.actor?.avatar).toBe(`/api/photos/${photoId}?size=blur`);
    const live = events.flatMap((e) =>
      e.kind === 'deliver' && e.event.type === 'notification.created' ? [e.event.payload] : [],
    );
    expect(live).toEqual([notice]);
    const image = await request(t.app, 'GET', notice?.actor?.avatar ?? '', { session: her.session });
    expect(image.statusCode).toBe(200);
  });

  it('refuses a signed-out caller and a malformed id', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read-all'],
      ['DELETE', '/api/notifications'],
    ] as const) {
      expect((await request(t.app, method, url)).statusCode).toBe(401);
    }
    const { session } = await memberWithNotifications(0);
    const bad = await request(t.app, 'POST', '/api/notifications/not-a-uuid/read', { session });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });
});
