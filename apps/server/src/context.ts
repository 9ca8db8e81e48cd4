import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { BusMessage, EventBus } from './adapters/bus';
import type { ObjectStorage } from './adapters/storage/types';
import type { AppConfig } from './config';
import type { DatabaseHandle, Db } from './db/client';
import type { StatementWork, TransactionDeps, Work } from './db/transaction';
import type { Jobs } from './jobs/queue';
import type { AttemptCounter } from './lib/attempt-counter';
import type { MessageKeyRing } from './lib/message-crypto';
import type { ActorResolver, AuthPort } from './ports/auth';
import type { MailTransport } from './ports/mail';
import type { MetricsPort } from './ports/metrics';
import type { PaymentProvider } from './ports/payments';
import type { PhotoClassifier } from './ports/photo-classifier';
import type { PushSender } from './ports/push';
import type { SmsTransport } from './ports/sms';

/** Keys derived from the auth secret for purposes other than signing sessions. */
export type DerivedSecrets = {
  /** Keys each member's location jitter, so nobody can compute (and remove) it from a public id. */
  locationJitter: Buffer;
  /** Signs the short-lived links to ID and selfie images (modules/verification/links.ts). */
  idDocumentLinks: Buffer;
  /** Seals the feed's and search's page cursors (lib/cursor.ts sealedCursorCodec). */
  pageCursors: Buffer;
  /** Makes the tokens of data export download links (modules/data-export/links.ts). */
  dataExportLinks: Buffer;
  /** Signs event tickets' codes (modules/events/ticket-code.ts, decision 058). */
  eventTickets: Buffer;
  /** Signs date plans' check-in codes (modules/date-plans/check-in-code.ts, decision 069). */
  datePlanCheckIns: Buffer;
  /** Makes the tokens of date status links sent to emergency contacts (modules/date-plans/watch-row.ts). */
  dateStatusLinks: Buffer;
};

/**
 * What services need from the running app, passed explicitly instead of reaching for globals. Its
 * types are infrastructure's and the ports' (ports/): the features implement the ports, and this
 * file imports none of them, so no feature's types come back to it in a cycle.
 */
export type AppContext = {
  config: AppConfig;
  log: FastifyBaseLogger;
  database: DatabaseHandle;
  db: Db;
  storage: ObjectStorage;
  /** Scores new photos in the moderation job (nsfwjs by default; tests may pass another). */
  classifier: PhotoClassifier;
  bus: EventBus;
  redis: Redis | undefined;
  /** The auth provider (Better Auth), as our code calls it. */
  auth: AuthPort;
  actors: ActorResolver;
  secrets: DerivedSecrets;
  /** The keys that encrypt chat messages at rest (from the configuration). */
  messageKeys: MessageKeyRing;
  jobs: Jobs;
  /** The payment provider (sandbox by default, or Stripe). */
  payments: PaymentProvider;
  /** Counters only the code that sees an event can move (failed payments, job runs): modules/metrics. */
  metrics: MetricsPort;
  signInFailures: {
    /** Failures of one account from one address (the owner's own typos count here). */
    perAccountAndAddress: AttemptCounter;
    /** Failures of one account from anywhere: a slower ceiling against distributed guessing. */
    perAccount: AttemptCounter;
    /**
     * Addresses each account signed in from (right password) in the last 30 days: the account-wide
     * ceiling does not refuse them, so guessers spread over many addresses cannot lock the owner out.
     */
    knownAddresses: AttemptCounter;
  };
  /** Messages each member sent this minute, all chats together (MESSAGES_PER_MEMBER_PER_MINUTE). */
  messageSends: AttemptCounter;
  /** Where the delivery worker hands queued e-mails (by default only marked sent: modules/mail/transport.ts). */
  mail: MailTransport;
  /** Where the delivery worker hands queued texts (by default the log: adapters/sms/console.ts). */
  sms: SmsTransport;
  /** Where the delivery worker hands queued web pushes (adapters/push/web-push.ts). */
  push: PushSender;
  /** What units of work publish with: the bus, the outbox's cleaner (the delivery worker's relay uses them too). */
  units: TransactionDeps;
  /** Runs a unit of work in a transaction (or the caller's), publishing its events after commit. */
  transact<T>(body: (work: Work) => Promise<T>, join?: Work): Promise<T>;
  /**
   * The same for a unit whose writes are a single statement: no BEGIN/COMMIT round trips; its
   * statement records its events (StatementWork, decision 034).
   */
  transactSingleStatement<T>(body: (work: StatementWork) => Promise<T>, join?: Work): Promise<T>;
  /**
   * Publishes `messages` after `change`, a write made outside our units (Better Auth's), recording
   * them first so that they survive the process (db/transaction.ts publishAround).
   */
  publishAround<T>(messages: readonly BusMessage[], change: () => Promise<T>): Promise<T>;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every API route registered (method, path, access), for the documentation and access tests. */
    apiRoutes: readonly ApiRoute[];
  }
}

export type ApiRoute = {
  method: string;
  url: string;
  access: import('@royal/shared').Access;
  /** Reachable before the compliance gate (config.beforeCompliance). */
  beforeCompliance: boolean;
  /** A route of the app proper, refused until the member's required steps are done (config.ready). */
  ready: boolean;
  /** A route that takes or moves money, refused until the member's e-mail is confirmed (config.payment). */
  payment: boolean;
  /** The route's own text for a signed-out caller (config.signedOutMessage), if any. */
  signedOutMessage?: string;
};
