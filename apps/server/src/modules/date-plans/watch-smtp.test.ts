import { formatInstantIn } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { request } from '../../../test/app';
import { matchedPair } from '../../../test/discovery';
import { useSmtpTestApp } from '../../../test/smtp-app';
import { watchOverDates } from './watch-job';

// The contact's e-mails reach a real mail server (test/smtp.ts, in this process) the way they
// leave in production: from the outbox, through the SMTP transport (issue 39's "done when").
describe('e-mail to the emergency contact over SMTP', () => {
  const t = useSmtpTestApp();
  const { deliver } = t;

  it('delivers the shared date and then the timer’s alert, as security mails without List-Unsubscribe', async () => {
    const { him, her, matchId } = await matchedPair(t.app);
    const startsAt = new Date(Math.floor((Date.now() + 48 * 3_600_000) / 60_000) * 60_000);
    const post = (session: typeof him.session, url: string, body: unknown = {}) =>
      request(t.app, 'POST', url, { session, body });
    const proposed = await post(him.session, `/api/matches/${matchId}/date-plans`, {
      starts_at: startsAt.toISOString(),
      place: { name: 'Café Roma', address: '12 Ocean Drive' },
      my_deposit_cents: 0,
      their_deposit_cents: 0,
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const planId: string = proposed.json().id;
    expect((await post(her.session, `/api/date-plans/${planId}/accept`)).statusCode).toBe(200);
    const contact = `mamma-${Date.now()}@example.test`;
    await request(t.app, 'PATCH', '/api/me/settings', {
      session: him.session,
      body: { emergency_contact_name: 'Mamma', emergency_contact_email: contact },
    });

    const shared = await post(him.session, `/api/date-plans/${planId}/share`);
    expect(shared.statusCode, shared.body).toBe(200);
    const statusUrl: string = shared.json().status_url;
    expect(await deliver()).toBe(1);
    const share = await t.smtp.waitForMail(contact, { subject: 'Matteo shared a date with you' });
    expect(share.from).toBe('"The Royal Circle" <no-reply@royal.test>');
    expect(share.text).toContain(
      `When: ${formatInstantIn(startsAt, 'UTC')} (UTC: the place's own time zone is not known)`,
    );
    expect(share.text).toContain('Where: Café Roma, 12 Ocean Drive. Not a verified venue');
    expect(share.text).toContain('With: Sofia, a member whose identity Royal Circle has not verified.');
    expect(share.text).toContain(`See how the date is going: ${statusUrl}`);
    expect(share.html).toContain(`href="${statusUrl}"`);
    expect(share.raw).not.toMatch(/^List-Unsubscribe/im);
    expect(share.raw).not.toContain(him.member.email);
    expect(share.raw).not.toContain(her.member.email);

    const checkAt = new Date(Math.floor((Date.now() + 2 * 3_600_000) / 60_000) * 60_000);
    const timer = await post(him.session, `/api/date-plans/${planId}/timer`, {
      check_at: checkAt.toISOString(),
      code_word: 'blue heron',
    });
    expect(timer.statusCode, timer.body).toBe(200);
    await watchOverDates(t.app.ctx, checkAt);
    await watchOverDates(t.app.ctx, new Date(checkAt.getTime() + 15 * 60_000));
    expect(await deliver()).toBe(1);
    const alert = await t.smtp.waitForMail(contact, { subject: 'Matteo did not answer their safety timer' });
    expect(alert.text).toContain('Please try to reach Matteo now.');
    expect(alert.text).toContain(statusUrl);
    expect(alert.raw).not.toMatch(/^List-Unsubscribe/im);
    expect(t.smtp.mails.filter((m) => m.to.includes(contact))).toHaveLength(2);
  });
});
