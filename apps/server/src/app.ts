import { createRequire } from 'node:module';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import websocket from '@fastify/websocket';
import { REALTIME_LIMITS } from '@royal/shared';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createBus, type EventBus } from './adapters/bus';
import { createSmtpTransport } from './adapters/mail/smtp';
import { createWebPushSender } from './adapters/push/web-push';
import { createConsoleSms } from './adapters/sms/console';
import { createLocalStorage, uploadsDir } from './adapters/storage/local';
import { createS3Storage } from './adapters/storage/s3';
import type { ObjectStorage } from './adapters/storage/types';
import { withWriteFaults } from './adapters/storage/write-faults';
import { type AppConfig, proxyTrust, trustedProxyCheck } from './config';
import type { ApiRoute, AppContext } from './context';
import { ambientDb } from './db/ambient';
import { createDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createOutboxCleaner } from './db/outbox';
import {
  inSingleStatement,
  inTransaction,
  publishAround,
  type TransactionDeps,
  UNIT_AFTER_COMMIT,
} from './db/transaction';
import { scheduledJobs } from './jobs';
import { startDeliveryWorker } from './jobs/delivery';
import { createJobs, noJobs } from './jobs/queue';
import { createAttemptCounter } from './lib/attempt-counter-factory';
import { closeConnectionsWhileDraining } from './lib/lifecycle';
import { pausePoint } from './lib/pause-point';
import { closeRedis, connectRedis } from './lib/redis-client';
import { completeSignUp, createActorResolver, createAuth, SESSION_SETTINGS } from './modules/auth';
import { outboxOnlyTransport } from './modules/mail';
import {
  createMetrics,
  registerRequestTracking,
  requestIdGenerator,
  withJobRequestIds,
} from './modules/metrics';
import { createNsfwClassifier } from './modules/moderation';
import { createPaymentProvider } from './modules/payments';
import { closeSocketsGoingAway, createEventPositions } from './modules/realtime';
import { receiveWebhook } from './modules/webhooks';
import { registerWeb } from './pages/web';
import { registerAccessControl } from './plugins/access';
import { registerConnectionLimits } from './plugins/connections';
import { registerDocs } from './plugins/docs';
import {
  clientErrorHandler,
  frameworkErrors,
  registerErrorHandling,
  registerInputGuards,
  schemaErrorFormatter,
} from './plugins/errors';
import { replySerializer } from './plugins/reply-serializer';
import { registerSecurity } from './plugins/security';
import { createStatementStats } from './plugins/statement-stats';
import type { MailTransport } from './ports/mail';
import type { PhotoClassifier } from './ports/photo-classifier';
import type { PushSender } from './ports/push';
import type { SmsTransport } from './ports/sms';
import { registerApiRoutes, registerOperatorRoutes } from './routes';
import { deriveSecrets } from './secrets';

export type BuildOptions = {
  /** Tests share one database per file; the app then leaves it open on close. */
  database?: DatabaseHandle;
  storage?: ObjectStorage;
  classifier?: PhotoClassifier;
  bus?: EventBus;
  /** Where queued e-mails go (default: nowhere, they are only marked sent; tests record them). */
  mailTransport?: MailTransport;
  /** Where queued texts go (default: the log, SMS_PROVIDER=console; tests record them). */
  smsTransport?: SmsTransport;
  /** Where queued web pushes go (default: the push services, signed with config.vapid). */
  pushSender?: PushSender;
  logger?: FastifyServerOptions['logger'];
  /**
   * Start the job queue and its schedules, and the delivery worker (default: yes; unit tests run job
   * functions and delivery passes directly).
   */
  jobs?: boolean;
  /** How long resolved actors are cached (tests shorten or lengthen it). */
  actorCacheTtlMs?: number;
};

function hasPrettyLogs(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

const MINUTE = 60 * 1000;
const FIFTEEN_MINUTES = 15 * MINUTE;
const HOUR = 60 * 60 * 1000;
const THIRTY_DAYS = 30 * 24 * HOUR;

/** The default body limit: JSON routes take small bodies. */
export const JSON_BODY_LIMIT = 16 * 1024;
const TIMEOUT_CHECK_MS = 2_000;

/** Builds the whole API without listening: `server.ts` listens, tests use `app.inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const app = Fastify({
    // A job's log lines carry the id of the request that queued it (modules/metrics, decision 066).
    logger: withJobRequestIds(
      options.logger ?? {
        level: config.logLevel,
        redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        // Readable logs while developing; pino-pretty is a dev dependency, so only when it is there.
        ...(config.env === 'development' && hasPrettyLogs() ? { transport: { target: 'pino-pretty' } } : {}),
      },
    ),
    // The proxy's X-Request-Id when it is ours and sane, else a random id (decision 066).
    genReqId: requestIdGenerator(trustedProxyCheck(config.trustProxy)),
    trustProxy: proxyTrust(config.trustProxy),
    // What a JSON route can need (a 2,000-character message is 8 KB at most); a route that takes more
    // declares its own (payment webhooks). Uploads are multipart, read within their own limits. A body
    // declared larger is refused before it is read, and what is read stays cheap to refuse.
    bodyLimit: JSON_BODY_LIMIT,
    // How long a request may take to arrive, and a connection sit idle (docs/decisions/030); the pace
    // of a body and connections per address are plugins/connections.ts. WebSockets leave both behind.
    requestTimeout: config.connections.requestTimeoutMs,
    connectionTimeout: config.connections.idleTimeoutMs,
    http: {
      headersTimeout: config.connections.headersTimeoutMs,
      // How often Node looks for requests past those timeouts (its default: every 30 s).
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
      // A request without a Host header is refused by our own hook, in our error shape (plugins/errors.ts).
      requireHostHeader: false,
    },
    schemaErrorFormatter,
    clientErrorHandler,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer(config.env === 'production' ? 'trusted' : 'strict'));

  const ownsDatabase = !options.database;
  const stats = config.statementStats ? createStatementStats() : undefined;
  if (stats) stats.register(app);
  const database =
    options.database ??
    (await createDatabase({
      ...(config.databaseUrl
        ? { databaseUrl: config.databaseUrl }
        : config.databaseInMemory
          ? {}
          : { dataDir: join(config.dataDir, 'db') }),
      onStatement: stats?.onStatement,
      timeouts: config.databaseTimeouts,
    }));
  if (ownsDatabase) await migrateDatabase(database);
  // Every key this app writes (rate limits, counters, …) carries the deployment's prefix, put on by
  // the client itself so no caller can forget it; the bus names its channel with the same prefix.
  const redis = config.redisUrl
    ? await connectRedis(config.redisUrl, config.redisPrefix, app.log)
    : undefined;
  const bus = options.bus ?? (await createBus(config.redisUrl, config.redisPrefix));
  // A refused write answers STORAGE_UNAVAILABLE (503) wherever it happens (adapters/storage/write-faults.ts).
  const storage = withWriteFaults(
    options.storage ??
      (config.s3 ? createS3Storage(config.s3) : createLocalStorage(uploadsDir(config.dataDir))),
    app.log,
  );
  const secrets = deriveSecrets(config.authSecret);
  const smtp =
    options.mailTransport || !config.mail.smtpUrl
      ? undefined
      : createSmtpTransport({
          url: config.mail.smtpUrl,
          from: config.mail.from,
          messageIdDomain: new URL(config.publicOrigin).hostname,
          unsubscribe: `mailto:${config.mail.supportAddress}?subject=unsubscribe`,
        });
  const mailTransport: MailTransport = smtp ?? outboxOnlyTransport;
  // The one SMS provider so far (config.sms.provider 'console') writes each text to the log; a real
  // provider's adapter is chosen here by the same setting.
  const smsTransport: SmsTransport =
    options.smsTransport ?? createConsoleSms(app.log, { reveal: config.env !== 'production' });
  // Pushes leave for the push services signed with our VAPID keys (tests pass their stand-in's sender).
  const webPush = createWebPushSender({ vapid: config.vapid });
  // Better Auth and its sign-up hook join the caller's transaction when one is set (db/ambient.ts):
  // an invite is consumed in the same transaction as the account (decision 055).
  const authDb = ambientDb(database.db);
  const auth = createAuth({
    db: authDb,
    config,
    onUserCreated: (user) =>
      completeSignUp(
        authDb,
        { locationKey: secrets.locationJitter, publicOrigin: config.publicOrigin },
        user,
      ),
  });
  const actors = createActorResolver({
    db: database.db,
    auth,
    bus,
    secret: config.authSecret,
    secureCookies: config.secureCookies,
    session: SESSION_SETTINGS,
    cacheTtlMs: options.actorCacheTtlMs,
    onBackgroundError: (error) => app.log.warn({ err: error }, 'last_active update failed'),
  });
  const metrics = createMetrics();
  const jobs = options.jobs === false ? noJobs : createJobs(database, app.log, metrics.port);
  // The sandbox hands its signed webhooks to the same handler the webhook route calls.
  const payments = createPaymentProvider(config, (body, signature) =>
    receiveWebhook(app.ctx, 'sandbox', body, signature),
  );
  const outbox = createOutboxCleaner(database.db, app.log);
  const unitDeps: TransactionDeps = {
    db: database.db,
    bus,
    log: app.log,
    outbox,
    forgetLocally: ({ userIds }) => actors.forget(userIds),
    ...(config.testPauseAt ? { afterCommit: () => pausePoint(config, UNIT_AFTER_COMMIT) } : {}),
    positions: createEventPositions(config.messageKeys, database),
  };

  const ctx: AppContext = {
    config,
    log: app.log,
    database,
    db: database.db,
    storage,
    classifier: options.classifier ?? createNsfwClassifier(),
    bus,
    redis,
    auth,
    actors,
    secrets,
    messageKeys: config.messageKeys,
    jobs,
    payments,
    metrics: metrics.port,
    signInFailures: {
      // Sign-in fails closed while Redis is away (decision 063): no guessing budget per instance.
      perAccountAndAddress: createAttemptCounter(redis, 'rc-signin-fail:', FIFTEEN_MINUTES, 'refuse'),
      perAccount: createAttemptCounter(redis, 'rc-signin-fail-any:', HOUR, 'refuse'),
      knownAddresses: createAttemptCounter(redis, 'rc-signin-known:', THIRTY_DAYS, 'refuse'),
    },
    messageSends: createAttemptCounter(redis, 'rc-message-sends:', MINUTE),
    mail: options.mailTransport ?? mailTransport,
    sms: smsTransport,
    push: options.pushSender ?? webPush,
    units: unitDeps,
    transact: (body, join) => inTransaction(unitDeps, body, join),
    transactSingleStatement: (body, join) => inSingleStatement(unitDeps, body, join),
    publishAround: (messages, change) => publishAround(unitDeps, messages, change),
  };
  app.decorate('ctx', ctx);
  let delivery: ReturnType<typeof startDeliveryWorker> | undefined;
  app.addHook('onReady', async () => {
    await jobs.start(scheduledJobs(ctx));
    if (options.jobs !== false) delivery = startDeliveryWorker(ctx, app.log);
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    await delivery?.stop();
    await outbox.settled();
    actors.close();
    if (!options.bus) await bus.close();
    if (redis) await closeRedis(redis);
    smtp?.close();
    webPush.close();
    if (ownsDatabase) await database.close();
  });

  registerErrorHandling(app);
  registerRequestTracking(app, metrics);
  closeConnectionsWhileDraining(app);
  registerConnectionLimits(app, config.connections, trustedProxyCheck(config.trustProxy));
  await app.register(cookie);
  // Frames over the limit close the socket (1009) before they reach the realtime hub.
  await app.register(websocket, {
    options: { maxPayload: REALTIME_LIMITS.maxFrameBytes },
    // On close, sockets are told to reconnect elsewhere (modules/realtime/going-away.ts).
    preClose: closeSocketsGoingAway,
  });
  await registerSecurity(app, config, redis);
  await registerDocs(app);

  // Every API route, with its access declaration, so tests can prove each is documented and guarded.
  const apiRoutes: ApiRoute[] = [];
  await app.register(
    async (api) => {
      // Both hooks apply to every route registered below, and only to those.
      registerAccessControl(api);
      registerInputGuards(api);
      api.addHook('onRoute', (route) => {
        const access = route.config?.access;
        if (route.schema?.hide || access === undefined) return;
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods)
          if (method !== 'HEAD')
            apiRoutes.push({
              method,
              url: route.url,
              access,
              beforeCompliance: route.config?.beforeCompliance === true,
              ready: route.config?.ready === true,
              payment: route.config?.payment === true,
              signedOutMessage: route.config?.signedOutMessage,
            });
      });
      await registerApiRoutes(api, config);
    },
    { prefix: '/api' },
  );
  app.decorate('apiRoutes', apiRoutes);

  await registerOperatorRoutes(app, metrics);
  if (config.webDist) await registerWeb(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
