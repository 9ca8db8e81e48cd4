import { afterAll, beforeAll } from 'vitest';
import type { App } from '../src/app';
import { sendQueuedEmails } from '../src/modules/mail';
import { startTestApp } from './app';
import { type SmtpTestServer, startSmtpServer } from './smtp';

/**
 * For a describe block whose e-mails leave the way they do in production: a real mail server in
 * this process (smtp.ts; kept apart from it, as the browser journeys start that one without vitest)
 * and an app on its own database whose transport is SMTP to it, started before the block's tests and
 * closed after them. `deliver()` is one pass of the delivery worker over the e-mail outbox.
 */
export function useSmtpTestApp() {
  const state = {} as { app: App; smtp: SmtpTestServer; dispose?: () => Promise<void> };
  const log = { warn: () => undefined, error: () => undefined };

  beforeAll(async () => {
    state.smtp = await startSmtpServer();
    ({ app: state.app, dispose: state.dispose } = await startTestApp({
      mail: {
        smtpUrl: state.smtp.url,
        from: '"The Royal Circle" <no-reply@royal.test>',
        supportAddress: 'help@royal.test',
      },
    }));
  });
  afterAll(async () => {
    await state.dispose?.();
    await state.smtp?.close();
  });

  return {
    get app() {
      return state.app;
    },
    get smtp() {
      return state.smtp;
    },
    deliver: () => sendQueuedEmails({ db: state.app.ctx.db, log, transport: state.app.ctx.mail }),
  };
}
