// npm run restore -- <backup folder> [--force]: puts a backup made by `npm run backup` back — the keys
// and auth secret into DATA_DIR, the database into DATABASE_URL (or the embedded folder), the uploads
// into the configured store — then checks the row counts against the manifest. The target must be
// empty unless --force. Start the app afterwards (it applies any newer migrations). deploy/BACKUPS.md.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import {
  countRows,
  LATER_SECRET_FILES,
  ledgerBalances,
  libpqTarget,
  MANIFEST_FORMAT,
  openStorage,
  parseArgs,
  pgliteQuery,
  postgresClient,
  run,
  SECRET_FILES,
  secretsOf,
  serverModule,
  sha256File,
  storeContents,
} from './backup-common.mjs';

const args = parseArgs(process.argv.slice(2));
const folder = args.positional[0];
const log = (line) => process.stdout.write(`${line}\n`);
const fail = (message) => {
  process.stderr.write(`restore: ${message}\n`);
  process.exit(1);
};
if (!folder) fail('usage: npm run restore -- <backup folder> [--force]');

const manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8'));
if (manifest.format !== MANIFEST_FORMAT) fail(`unknown manifest format ${manifest.format}`);
// A damaged or partial copy is refused before anything is written.
for (const part of [manifest.database, manifest.uploads]) {
  if ((await sha256File(join(folder, part.file))) !== part.sha256) fail(`${part.file}: checksum differs`);
}

const { parseKeyRing } = await serverModule('lib/key-ring.ts');
const { loadConfig } = await serverModule('config.ts');
const saved = {};
for (const name of SECRET_FILES) {
  const file = join(folder, 'secrets', name);
  if (LATER_SECRET_FILES.has(name) && !existsSync(file)) continue;
  saved[name] = await readFile(file, 'utf8');
}
const { vapidKeyPair } = await serverModule('config.ts');
const savedVapid = saved['vapid-keys'] && vapidKeyPair(JSON.parse(saved['vapid-keys']).privateKey);
// Read with the backup's secrets, so that reading the configuration creates no new key files.
const config = loadConfig(process.env, {
  authSecret: saved['auth-secret'].trim(),
  messageKeys: parseKeyRing(saved['message-keys'], 'message key'),
  idDocumentKeys: parseKeyRing(saved['id-document-keys'], 'ID document key'),
  ...(savedVapid
    ? { vapid: { ...savedVapid, subject: process.env.VAPID_SUBJECT ?? 'mailto:restore@localhost' } }
    : {}),
});
if ((manifest.database.kind === 'postgres') !== Boolean(config.databaseUrl)) {
  fail(
    manifest.database.kind === 'postgres'
      ? 'this backup is of PostgreSQL: set DATABASE_URL to the (empty) database to restore into'
      : 'this backup is of the embedded database: unset DATABASE_URL and set DATA_DIR',
  );
}

/**
 * 0. Everything is checked before anything is written: a refused restore changes nothing. The
 * target must be empty (database, embedded folder, uploads store), and key files already in the
 * data folder must be the backup's, unless --force.
 */
async function preflight() {
  for (const name of Object.keys(saved)) {
    const file = join(config.dataDir, name);
    if (existsSync(file) && (await readFile(file, 'utf8')) !== saved[name] && !args.force) {
      fail(`${file} exists with other keys; move it away or pass --force`);
    }
  }
  if (config.databaseUrl) {
    const { client, query } = await postgresClient(config.databaseUrl);
    try {
      const [{ n }] = await query(`select count(*)::int as n from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`);
      if (n > 0 && !args.force)
        fail(`the target database has ${n} tables; restore into an empty one or pass --force`);
    } finally {
      await client.end();
    }
  } else {
    const dbDir = join(config.dataDir, 'db');
    if (existsSync(dbDir) && (await readdir(dbDir)).length > 0 && !args.force) {
      fail(`${dbDir} is not empty; stop the app and move it away, or pass --force`);
    }
  }
  const storage = await openStorage(config);
  const { files } = await storeContents(storage);
  if (files > 0 && !args.force) fail(`the uploads store holds ${files} files; pass --force to add to it`);
  return storage;
}

/** 1. Secrets into the data folder (where a deployment without MESSAGE_KEYS etc. reads them). */
async function restoreSecrets() {
  await mkdir(config.dataDir, { recursive: true });
  for (const name of Object.keys(saved)) {
    await writeFile(join(config.dataDir, name), saved[name], { mode: 0o600 });
  }
  // Settings given in the environment win over the files: say so when they are not the backup's.
  const effective = await secretsOf(loadConfig(process.env));
  for (const name of Object.keys(saved)) {
    if (effective[name] !== saved[name]) {
      log(`  WARNING: the environment sets other ${name} than the backup's: set it to secrets/${name}`);
    }
  }
}

/** 2a. PostgreSQL: into an empty database (or over one, with --force), without the old owners. */
async function restorePostgres() {
  const target = libpqTarget(config.databaseUrl);
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      ...(args.force ? ['--clean', '--if-exists'] : []),
      target.dbname,
      join(folder, manifest.database.file),
    ],
    target.env,
  );
}

/** 2b. The embedded database's folder (the app stopped). */
async function restoreEmbedded() {
  const dbDir = join(config.dataDir, 'db');
  await rm(dbDir, { recursive: true, force: true });
  await mkdir(dbDir, { recursive: true, mode: 0o700 });
  await run('tar', ['-C', dbDir, '-xf', join(folder, manifest.database.file)]);
}

/** 3. Uploads: the tar into the local folder, or each file put into the bucket. */
async function restoreUploads(storage) {
  const tar = join(folder, manifest.uploads.file);
  if (storage.kind === 'local') {
    const { uploadsDir } = await serverModule('adapters/storage/local.ts');
    const dir = uploadsDir(config.dataDir);
    await mkdir(dir, { recursive: true });
    await run('tar', ['-C', dir, '-xf', tar]);
    return;
  }
  const { contentTypeOf } = await serverModule('adapters/storage/local.ts');
  const staging = await mkdtemp(join(tmpdir(), 'rc-restore-'));
  try {
    await run('tar', ['-C', staging, '-xf', tar]);
    for (const entry of await readdir(staging, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      const key = relative(staging, path).split(sep).join('/');
      await storage.putFile(key, path, contentTypeOf(key));
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** 4. The restored rows against the manifest's counts, and the ledger against itself. */
async function verify(storage) {
  const opened = config.databaseUrl
    ? await postgresClient(config.databaseUrl)
    : await pgliteQuery(join(config.dataDir, 'db'));
  let rows;
  let balanced;
  try {
    rows = await countRows(opened.query);
    balanced = await ledgerBalances(opened.query);
  } finally {
    await (opened.client ? opened.client.end() : opened.handle.close());
  }
  const problems = [];
  for (const [table, expected] of Object.entries(manifest.counts)) {
    if (rows.counts[table] !== expected)
      problems.push(`${table}: ${rows.counts[table]} rows, backup had ${expected}`);
  }
  if (rows.migrations !== manifest.migrations)
    problems.push(`migrations: ${rows.migrations}, backup had ${manifest.migrations}`);
  if (!balanced) problems.push('the ledger does not balance');
  const uploads = await storeContents(storage);
  if (uploads.files < manifest.uploads.files)
    problems.push(`uploads: ${uploads.files} files, backup had ${manifest.uploads.files}`);
  log(
    `  rows: ${JSON.stringify(rows.counts)}; migrations ${rows.migrations}; uploads ${uploads.files} files`,
  );
  if (problems.length > 0) fail(`the restored data differs from the manifest:\n  ${problems.join('\n  ')}`);
}

const started = Date.now();
log(`Restoring ${folder} (made ${manifest.createdAt})`);
const storage = await preflight();
await restoreSecrets();
log('  secrets: written to the data folder');
if (config.databaseUrl) await restorePostgres();
else await restoreEmbedded();
log(`  database (${manifest.database.kind}): restored`);
await restoreUploads(storage);
log(`  uploads (${storage.kind}): restored`);
await verify(storage);
log(
  `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: every count matches the manifest and the ledger balances.`,
);
