import { join } from 'node:path';
import { createLocalStorage, uploadsDir } from '../adapters/storage/local';
import { ConfigError, demoModeDefault, loadConfig } from '../config';
import { createDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { deriveSecrets } from '../secrets';
import { DEMO_LOGINS, seedDemoData } from './index';

// `npm run db:seed`: the same database and storage the server would use (DATABASE_URL, or the
// embedded PGlite in <DATA_DIR>/db with uploads in <DATA_DIR>/uploads), migrated, then seeded.
// Safe to run twice: the seed skips itself when the demo admin exists. The demo members share a
// published password, so this refuses to run outside demo mode (on by default only for the embedded
// database on loopback; `DEMO_MODE=true npm run db:seed` otherwise).

async function main() {
  const config = loadConfig();
  if (!config.demoMode) {
    const why = demoModeDefault({
      embedded: !config.databaseUrl,
      host: config.host,
      publicOrigin: config.publicOrigin,
    }).offBecause;
    throw new ConfigError([
      `DEMO_MODE: the demo members share a published password, so seeding them requires demo mode, which is off (${
        why ?? 'DEMO_MODE=false'
      }). Set DEMO_MODE=true to seed a demo on purpose.`,
    ]);
  }
  const handle = await createDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: join(config.dataDir, 'db') },
  );
  try {
    await migrateDatabase(handle);
    const result = await seedDemoData({
      db: handle.db,
      storage: createLocalStorage(uploadsDir(config.dataDir)),
      secrets: deriveSecrets(config.authSecret),
      messageKeys: config.messageKeys,
    });
    console.log(
      result.skipped
        ? '\n  Demo data is already present; nothing written.'
        : `\n  Seeded ${result.members} members and ${result.photos} photos in ${(result.durationMs / 1000).toFixed(1)} s.`,
    );
    console.log(
      `  Database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : join(config.dataDir, 'db')}\n`,
    );
    console.log('  Demo logins:');
    for (const login of DEMO_LOGINS)
      console.log(`    ${login.email.padEnd(30)} ${login.password}   ${login.label}`);
    console.log('');
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
