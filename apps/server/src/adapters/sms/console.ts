import type { FastifyBaseLogger } from 'fastify';
import type { QueuedSms, SmsTransport } from '../../ports/sms';

/** "+1305•••0123": enough to tell numbers apart in a log, not enough to call one. */
export function maskNumber(number: string): string {
  return number.length <= 8 ? '•••' : `${number.slice(0, 5)}•••${number.slice(-4)}`;
}

/**
 * The SMS transport with no provider configured (SMS_PROVIDER=console, the default): each text is
 * written to the log instead of being sent. Outside production the log line carries the number and
 * the text, so a developer sees what a contact would receive; in production, where a text holds a
 * member's name and whereabouts, only the masked number and the id.
 */
export function createConsoleSms(
  log: Pick<FastifyBaseLogger, 'info'>,
  { reveal }: { reveal: boolean },
): SmsTransport {
  return {
    kind: 'console',
    async send(sms: QueuedSms) {
      if (reveal) log.info({ sms: { id: sms.id, to: sms.to, text: sms.text } }, 'SMS (console, not sent)');
      else log.info({ sms: { id: sms.id, to: maskNumber(sms.to) } }, 'SMS (console, not sent)');
    },
  };
}
