import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEMO_LOGINS, isDatabaseEmpty, seedDemoData } from './db/seed';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);

  if (config.seedDemo && (await isDatabaseEmpty(app.ctx.db))) {
    app.log.info('empty database: writing the demo data');
    await seedDemoData(app.ctx.db, app.ctx.storage);
  }

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  if (config.demoMode) {
    const lines = DEMO_LOGINS.map((l) => `  ${l.email.padEnd(30)} ${l.password}   ${l.label}`);
    console.log(
      `\n  Royal Circle is running at ${config.publicOrigin}\n  API docs: ${config.publicOrigin}/api/docs\n\n  Demo logins:\n${lines.join('\n')}\n`,
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
