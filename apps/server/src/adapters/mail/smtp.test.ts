import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSmtpTestApp } from '../../../test/smtp-app';
import { outboxEmails } from '../../db/schema';
import { queueEmail, renderMail } from '../../modules/mail';
import { smtpHeaders } from './smtp';

// The SMTP transport against a real mail server in this process (test/smtp.ts): what arrives, and
// that an outage of the mail server loses nothing.
describe('e-mail over SMTP', () => {
  const t = useSmtpTestApp();
  const { deliver } = t;
  const address = (name: string) => `${name}-${Date.now()}@example.test`;
  const row = async (to: string) =>
    (await t.app.ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to)))[0];

  it('is the transport when SMTP_URL is set', () => {
    expect(t.app.ctx.mail.kind).toBe('smtp');
  });

  it('delivers a notice with from, to, subject, a text and an HTML part, and List-Unsubscribe', async () => {
    const to = address('notice');
    const mail = renderMail({
      title: 'Your invitation',
      paragraphs: ['You are invited to the Royal Circle.'],
      action: { label: 'Accept the invitation', url: 'https://royal.test/invite?code=ABC' },
      kind: 'notice',
    });
    await queueEmail(t.app.ctx.db, { to, ...mail });
    expect(await deliver()).toBe(1);

    const received = await t.smtp.waitForMail(to);
    const queued = await row(to);
    expect(received.from).toBe('"The Royal Circle" <no-reply@royal.test>');
    expect(received.to).toEqual([to]);
    expect(received.subject).toBe('Your invitation');
    expect(received.text).toContain('You are invited to the Royal Circle.');
    expect(received.text).toContain('Accept the invitation: https://royal.test/invite?code=ABC');
    expect(received.html).toContain('href="https://royal.test/invite?code=ABC"');
    expect(received.html).toContain('Accept the invitation');
    expect(received.raw).toMatch(/Content-Type: multipart\/alternative/i);
    // The outbox id is the Message-ID's basis: a second hand-over of the same row is recognisable.
    expect(received.messageId).toBe(`<${queued?.id}@localhost>`);
    expect(received.raw).toMatch(/^List-Unsubscribe: <mailto:help@royal\.test\?subject=unsubscribe>\r?$/m);
    // One-click (RFC 8058) needs an https link to POST to; a mailto: has none.
    expect(received.raw).not.toMatch(/^List-Unsubscribe-Post:/im);
    expect(queued).toMatchObject({ status: 'sent', attempts: 0, kind: 'notice' });
  });

  it('delivers a security mail without List-Unsubscribe', async () => {
    const to = address('security');
    await queueEmail(t.app.ctx.db, {
      to,
      ...renderMail({
        title: 'Reset your password',
        paragraphs: ['Someone asked to reset it.'],
        kind: 'security',
      }),
    });
    expect(await deliver()).toBe(1);
    const received = await t.smtp.waitForMail(to);
    expect(received.subject).toBe('Reset your password');
    expect(received.raw).not.toMatch(/^List-Unsubscribe/im);
    expect(received.html).toContain('Someone asked to reset it.');
  });

  it('loses nothing while the mail server is down, and delivers the e-mail once when it is back', async () => {
    const to = address('outage');
    await t.smtp.stop();
    await queueEmail(t.app.ctx.db, {
      to,
      ...renderMail({ title: 'Your export is ready', paragraphs: ['Come and get it.'], kind: 'security' }),
    });

    // Refused: the attempt is recorded, and the e-mail waits for a later try.
    expect(await deliver()).toBe(0);
    const refused = await row(to);
    expect(refused).toMatchObject({ status: 'queued', attempts: 1 });
    expect(refused?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(refused?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Not due yet: another pass leaves it alone.
    expect(await deliver()).toBe(0);
    expect((await row(to))?.attempts).toBe(1);

    await t.smtp.start();
    expect(await deliver()).toBe(0); // still waiting for its next attempt
    await t.app.ctx.db
      .update(outboxEmails)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxEmails.toAddress, to));
    expect(await deliver()).toBe(1);
    expect(await deliver()).toBe(0);

    const received = await t.smtp.waitForMail(to);
    expect(received.subject).toBe('Your export is ready');
    expect(t.smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(await row(to)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('smtpHeaders', () => {
  const settings = { messageIdDomain: 'royal.example', unsubscribe: 'mailto:help@royal.example' };
  it('gives every mail its outbox id as Message-ID, and only notices List-Unsubscribe', () => {
    expect(smtpHeaders({ id: 'abc', kind: 'security' }, settings)).toEqual({
      messageId: '<abc@royal.example>',
      headers: {},
    });
    expect(smtpHeaders({ id: 'abc', kind: 'notice' }, settings).headers).toEqual({
      'List-Unsubscribe': '<mailto:help@royal.example>',
    });
  });
  it('adds one-click List-Unsubscribe-Post only for an https link', () => {
    const https = { ...settings, unsubscribe: 'https://royal.example/api/mail/unsubscribe?t=x' };
    expect(smtpHeaders({ id: 'abc', kind: 'notice' }, https).headers).toEqual({
      'List-Unsubscribe': '<https://royal.example/api/mail/unsubscribe?t=x>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
