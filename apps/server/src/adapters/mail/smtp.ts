import { createTransport } from 'nodemailer';
import type { MailTransport, QueuedEmail } from '../../ports/mail';

export type SmtpSettings = {
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's connection URL). */
  url: string;
  /** The From header, e.g. `"The Royal Circle" <no-reply@example.com>`. */
  from: string;
  /** The right-hand side of each Message-ID (our own domain). */
  messageIdDomain: string;
  /** Where a notice mail's List-Unsubscribe header points (config.ts explains the mailto:). */
  unsubscribe: string;
};

/** The headers one e-mail gets besides From/To/Subject: its Message-ID and, on a notice, List-Unsubscribe. */
export function smtpHeaders(
  email: Pick<QueuedEmail, 'id' | 'kind'>,
  settings: Omit<SmtpSettings, 'url' | 'from'>,
) {
  return {
    messageId: `<${email.id}@${settings.messageIdDomain}>`,
    headers:
      email.kind === 'notice'
        ? {
            'List-Unsubscribe': `<${settings.unsubscribe}>`,
            // RFC 8058 one-click needs an https URI in List-Unsubscribe; a mailto: has none to POST to.
            ...(settings.unsubscribe.startsWith('https:')
              ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
              : {}),
          }
        : {},
  };
}

/**
 * The mail transport for a real mail server (SMTP_URL), through nodemailer. Each e-mail's outbox id
 * is the basis of its Message-ID, so the same e-mail handed over again after a crash (ports/mail.ts)
 * carries the same Message-ID and is recognisable downstream. A refusal or an unreachable server
 * throws: the delivery worker records the attempt and tries again later (modules/mail/delivery.ts).
 */
export function createSmtpTransport(settings: SmtpSettings): MailTransport & { close(): void } {
  const transporter = createTransport({
    url: settings.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(email) {
      await transporter.sendMail({
        from: settings.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html === undefined ? {} : { html: email.html }),
        ...smtpHeaders(email, settings),
      });
    },
    close: () => transporter.close(),
  };
}
