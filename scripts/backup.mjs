// npm run backup [-- --out <folder>]: the database, the uploads store and the secrets that read them,
// into a new timestamped folder under BACKUP_DIR (default <DATA_DIR>/backups), with a manifest that
// `npm run restore` checks. Reads the same settings as the server (DATABASE_URL, DATA_DIR, S3_*, keys).
// deploy/BACKUPS.md: what is included, how often, and why the folder is as sensitive as the keys.
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  countRows,
  libpqTarget,
  MANIFEST_FORMAT,
  openStorage,
  parseArgs,
  pgliteQuery,
  postgresClient,
  REPO_ROOT,
  run,
  secretsOf,
  serverModule,
  sha256File,
  storeContents,
} from './backup-common.mjs';

const args = parseArgs(process.argv.slice(2));
const { loadConfig } = await serverModule('config.ts');
const config = loadConfig(process.env);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const root = process.env.BACKUP_DIR ?? join(config.dataDir, 'backups');
const folder = args.out ?? join(root, `royal-${stamp}`);
// Owner only: the folder holds every member's data and the keys that decrypt it.
await mkdir(folder, { recursive: true, mode: 0o700 });
const log = (line) => process.stdout.write(`${line}\n`);

/**
 * PostgreSQL: the dump and the manifest's counts read one snapshot (a repeatable-read transaction
 * exports it, pg_dump --snapshot uses it), so they agree while the app keeps writing.
 */
async function dumpPostgres(file) {
  const { client, query } = await postgresClient(config.databaseUrl);
  try {
    await query('begin isolation level repeatable read read only');
    const [{ snapshot }] = await query('select pg_export_snapshot() as snapshot');
    const rows = await countRows(query);
    const target = libpqTarget(config.databaseUrl);
    await run(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, target.dbname],
      target.env,
    );
    await query('commit');
    return { kind: 'postgres', ...rows };
  } finally {
    await client.end();
  }
}

/**
 * The embedded PGlite database is its data folder, copied whole: the app must be stopped (PGlite
 * belongs to one process; a copy taken while it writes may not open). Opening it here first gives the
 * counts and fails on a folder that is not a database.
 */
async function copyEmbedded(file) {
  const dbDir = join(config.dataDir, 'db');
  const { handle, query } = await pgliteQuery(dbDir);
  let rows;
  try {
    rows = await countRows(query);
  } finally {
    await handle.close();
  }
  await run('tar', ['-C', dbDir, '-cf', file, '.']);
  return { kind: 'pglite', ...rows };
}

/** The local folder as one tar; an S3 bucket's objects downloaded (to a staging folder), then the same. */
async function copyUploads(file) {
  const storage = await openStorage(config);
  const contents = await storeContents(storage);
  if (storage.kind === 's3') {
    const staging = join(folder, 'uploads-staging');
    for await (const object of storage.list('')) {
      const stored = await storage.getStream(object.key);
      if (!stored) continue; // deleted since it was listed
      const target = join(staging, object.key);
      await mkdir(dirname(target), { recursive: true });
      await pipeline(stored.stream, createWriteStream(target, { mode: 0o600 }));
    }
    await mkdir(staging, { recursive: true });
    await run('tar', ['-C', staging, '-cf', file, '.']);
    await rm(staging, { recursive: true, force: true });
  } else {
    const { uploadsDir } = await serverModule('adapters/storage/local.ts');
    const dir = uploadsDir(config.dataDir);
    await mkdir(dir, { recursive: true });
    await run('tar', ['-C', dir, '-cf', file, '.']);
  }
  return { store: storage.kind, ...contents };
}

const started = Date.now();
const databaseFile = config.databaseUrl ? 'database.dump' : 'database.tar';
log(`Backing up to ${folder}`);
const database = config.databaseUrl
  ? await dumpPostgres(join(folder, databaseFile))
  : await copyEmbedded(join(folder, databaseFile));
log(`  database (${database.kind}): ${JSON.stringify(database.counts)}`);
// After the database: an object written meanwhile is an orphan in the copy (the sweeper removes it);
// deploy/BACKUPS.md describes the one case the other way round.
const uploads = await copyUploads(join(folder, 'uploads.tar'));
log(`  uploads (${uploads.store}): ${uploads.files} files, ${uploads.bytes} bytes`);

await mkdir(join(folder, 'secrets'), { mode: 0o700 });
const secrets = await secretsOf(config);
for (const [name, text] of Object.entries(secrets)) {
  await writeFile(join(folder, 'secrets', name), text, { mode: 0o600 });
}

// pg_dump and tar create their files with the usual umask: owner only, as for the secrets.
for (const file of [databaseFile, 'uploads.tar']) await chmod(join(folder, file), 0o600);

const serverPackage = JSON.parse(await readFile(join(REPO_ROOT, 'apps/server/package.json'), 'utf8'));
const manifest = {
  format: MANIFEST_FORMAT,
  createdAt: new Date().toISOString(),
  app: { name: serverPackage.name, version: serverPackage.version ?? null },
  migrations: database.migrations,
  database: {
    kind: database.kind,
    file: databaseFile,
    bytes: (await stat(join(folder, databaseFile))).size,
    sha256: await sha256File(join(folder, databaseFile)),
  },
  counts: database.counts,
  uploads: {
    store: uploads.store,
    file: 'uploads.tar',
    files: uploads.files,
    bytes: uploads.bytes,
    sha256: await sha256File(join(folder, 'uploads.tar')),
  },
  secrets: Object.keys(secrets).map((name) => `secrets/${name}`),
};
await writeFile(join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${join(folder, 'manifest.json')}`);
log('This folder holds the keys that decrypt messages and ID images: keep it as safe as the keys.');
