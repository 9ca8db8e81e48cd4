import closeWithGrace from 'close-with-grace';
import { inArray } from 'drizzle-orm';
import { buildApp } from './app';
import { type AppConfig, ConfigError, demoModeDefault, isLoopbackHost, loadConfig } from './config';
import type { Db } from './db/client';
import { users } from './db/schema';
import { shutDown } from './lib/lifecycle';
import { reencryptMessages } from './modules/messaging';
import { DEMO_ADMIN_TOTP_SECRET, DEMO_LOGINS, DEMO_PASSWORD, isDatabaseEmpty, seedDemoData } from './seed';

/** True when any demo login exists: their password is published, so only demo mode may serve them. */
async function demoMembersPresent(db: Db): Promise<boolean> {
  const emails = DEMO_LOGINS.map((login) => login.email);
  const rows = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails)).limit(1);
  return rows.length > 0;
}

/** Says plainly what demo mode exposes, and lists the logins. */
function demoBanner(config: AppConfig): string {
  const logins = DEMO_LOGINS.map((l) => `    ${l.email.padEnd(30)} ${l.password}   ${l.label}`);
  const reach = isLoopbackHost(config.host)
    ? `It listens on ${config.host} only (this machine).`
    : `DEMO_MODE=true was set and HOST=${config.host} listens beyond loopback: anyone who can reach it can sign in as these members.`;
  return [
    '',
    `  Royal Circle is running at ${config.publicOrigin}`,
    `  API docs: ${config.publicOrigin}/api/docs`,
    '',
    '  DEMO MODE is on. It exposes:',
    `    - demo logins whose password (${DEMO_PASSWORD}) is published in the README, admin included;`,
    `    - the demo admin's two-factor secret (${DEMO_ADMIN_TOTP_SECRET}), for its sign-in code;`,
    '    - the dev mailbox (GET /api/dev/mailbox): admins read every e-mail the app sends.',
    ...(config.payments.provider === 'sandbox'
      ? [
          '    - the TEST MODE payment sandbox (no STRIPE_SECRET_KEY): members pay for tiers and credits without money.',
        ]
      : []),
    `  ${reach}`,
    '  Never use demo mode for real members.',
    '',
    '  Demo logins:',
    ...logins,
    '',
  ].join('\n');
}

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const offBecause = config.demoMode
    ? undefined
    : (demoModeDefault({
        embedded: !config.databaseUrl,
        host: config.host,
        publicOrigin: config.publicOrigin,
      }).offBecause ?? 'DEMO_MODE=false');
  const app = await buildApp(config);
  // Messages written before encryption at rest (drizzle/0007) are encrypted once, here.
  const legacy = await reencryptMessages(app.ctx, { legacyOnly: true });
  if (legacy.reencrypted > 0)
    app.log.info({ messages: legacy.reencrypted }, 'encrypted messages stored before encryption at rest');

  if (config.seedDemo && (await isDatabaseEmpty(app.ctx.db))) {
    app.log.info('empty database: writing the demo data');
    await seedDemoData(app.ctx);
  }
  if (!config.demoMode && (await demoMembersPresent(app.ctx.db))) {
    await app.close();
    console.error(
      new ConfigError([
        `DEMO_MODE: this database holds the demo members, whose password is published, but demo mode is off (${offBecause}). Set DEMO_MODE=true to run the demo on purpose, or use a database without the demo data (another DATA_DIR or DATABASE_URL).`,
      ]).message,
    );
    process.exit(1);
  }

  // SIGTERM (a deploy, a rolling restart): drain first, so the proxy moves new requests to another
  // instance before this one closes; then close, finishing what is in flight (decision 064). The
  // process exits anyway once the drain and SHUTDOWN_TIMEOUT_MS have passed. A crash skips the drain:
  // nothing is worth waiting for then.
  const { drainMs, timeoutMs } = config.shutdown;
  closeWithGrace({ delay: drainMs + timeoutMs }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await shutDown(app, { drainMs: err ? 0 : drainMs });
  });

  await app.listen({ host: config.host, port: config.port });
  if (config.demoMode) {
    console.log(demoBanner(config));
  } else {
    app.log.info({ origin: config.publicOrigin }, `demo mode is off (${offBecause})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
