import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { createBus, type EventBus } from './adapters/bus';
import { createLocalStorage, uploadsDir } from './adapters/storage/local';
import type { ObjectStorage } from './adapters/storage/types';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { createDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createAttemptCounter } from './lib/attempt-counter-factory';
import { createAuth } from './modules/auth/auth';
import { createMemberRecords } from './modules/auth/new-member';
import { authRoutes } from './modules/auth/routes';
import { devRoutes } from './modules/dev/routes';
import { discoveryRoutes } from './modules/discovery/routes';
import { healthRoutes } from './modules/health/routes';
import { interestRoutes } from './modules/interests/routes';
import { meRoutes } from './modules/me/routes';
import { memberRoutes } from './modules/members/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { photoRoutes } from './modules/photos/routes';
import { settingsRoutes } from './modules/settings/routes';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurity } from './plugins/security';
import { registerSession } from './plugins/session';
import { registerWeb } from './plugins/web';

export type BuildOptions = {
  /** Tests share one database per file; the app then leaves it open on close. */
  database?: DatabaseHandle;
  storage?: ObjectStorage;
  bus?: EventBus;
  logger?: FastifyServerOptions['logger'];
};

/** Builds the whole API without listening: `server.ts` listens, tests use `app.inject`. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await createDatabase(
      config.databaseUrl
        ? { databaseUrl: config.databaseUrl }
        : config.databaseInMemory
          ? {}
          : { dataDir: join(config.dataDir, 'db') },
    ));
  if (ownsDatabase) await migrateDatabase(database);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const bus = options.bus ?? (await createBus(config.redisUrl));
  const storage = options.storage ?? createLocalStorage(uploadsDir(config.dataDir));
  const auth = createAuth({
    db: database.db,
    config,
    onUserCreated: (user) => createMemberRecords(database.db, user),
  });

  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    storage,
    bus,
    redis,
    auth,
    signInFailures: createAttemptCounter(redis),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    if (!options.bus) await bus.close();
    await redis?.quit();
    if (ownsDatabase) await database.close();
  });

  // Every API route, so that a test can prove each one is documented.
  const apiRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs') || route.schema?.hide) return;
    for (const method of methods) if (method !== 'HEAD') apiRoutes.push({ method, url: route.url });
  });
  app.decorate('apiRoutes', apiRoutes);

  registerErrorHandling(app);
  await app.register(cookie);
  await registerSecurity(app, config, redis);
  registerSession(app);
  await registerDocs(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(meRoutes);
      await api.register(settingsRoutes);
      await api.register(notificationRoutes);
      await api.register(photoRoutes);
      await api.register(devRoutes);
      await api.register(discoveryRoutes);
      await api.register(interestRoutes);
      await api.register(memberRoutes);
    },
    { prefix: '/api' },
  );

  if (config.webDist) await registerWeb(app, config.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
