import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

/** One e-mail as the test mail server received it, parsed. */
export type ReceivedMail = {
  /** The envelope's recipients (RCPT TO), lower-cased. */
  to: string[];
  /** The From header as written, e.g. `"The Royal Circle" <no-reply@localhost>`. */
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Every header, names lower-cased, values as parsed by mailparser. */
  headers: ParsedMail['headers'];
  raw: string;
};

export type SmtpTestServer = {
  readonly port: number;
  /** The SMTP_URL that reaches it (no TLS, no authentication). */
  readonly url: string;
  /** Every e-mail received so far, oldest first. */
  readonly mails: readonly ReceivedMail[];
  /** Resolves with the first e-mail to `address` (already received or still to come) that matches. */
  waitForMail(
    address: string,
    options?: { subject?: string | RegExp; timeoutMs?: number },
  ): Promise<ReceivedMail>;
  /** Stops listening (an outage: connections are refused) until `start`; the received mails stay. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
};

const matches = (mail: ReceivedMail, address: string, subject?: string | RegExp) =>
  mail.to.includes(address.toLowerCase()) &&
  (subject === undefined ||
    (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));

/**
 * A real SMTP server in this process (the `smtp-server` package) on a loopback port, for tests and
 * browser journeys that read the e-mails the app sends: start the app with `SMTP_URL` = `url`, then
 * `waitForMail('someone@example.test')` for its text and HTML.
 */
export async function startSmtpServer(options: { port?: number } = {}): Promise<SmtpTestServer> {
  const port = options.port ?? (await freePort());
  const mails: ReceivedMail[] = [];
  const waiters = new Set<{ check: (mail: ReceivedMail) => boolean }>();
  let server: SMTPServer | undefined;

  const receive = async (raw: string, to: string[]) => {
    const parsed = await simpleParser(raw);
    const mail: ReceivedMail = {
      to,
      from: parsed.from?.text ?? '',
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      messageId: parsed.messageId ?? '',
      headers: parsed.headers,
      raw,
    };
    mails.push(mail);
    for (const waiter of waiters) if (waiter.check(mail)) waiters.delete(waiter);
  };

  const start = () =>
    new Promise<void>((done, fail) => {
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', callback);
          stream.on('end', () => {
            const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
            receive(Buffer.concat(chunks).toString('utf8'), to).then(() => callback(), callback);
          });
        },
      });
      s.once('error', fail);
      s.listen(port, '127.0.0.1', () => {
        server = s;
        done();
      });
    });
  const stop = () =>
    new Promise<void>((done) => {
      const s = server;
      server = undefined;
      if (!s) return done();
      s.close(() => done());
    });

  await start();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(address, { subject, timeoutMs = 10_000 } = {}) {
      const found = mails.find((mail) => matches(mail, address, subject));
      if (found) return Promise.resolve(found);
      return new Promise((done, fail) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          fail(new Error(`no e-mail to ${address} arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = {
          check: (mail: ReceivedMail) => {
            if (!matches(mail, address, subject)) return false;
            clearTimeout(timer);
            done(mail);
            return true;
          },
        };
        waiters.add(waiter);
      });
    },
    stop,
    start,
    close: stop,
  };
}
