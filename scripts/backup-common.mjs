// What `npm run backup` (scripts/backup.mjs) and `npm run restore` (scripts/restore.mjs) share: the
// app's own configuration and storage adapters (loaded from source through tsx, so the settings are
// read exactly as the server reads them), the manifest's row counts, checksums and child processes.
// deploy/BACKUPS.md describes the whole procedure.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A module of the server, from source. */
export const serverModule = (path) => tsImport(`../apps/server/src/${path}`, import.meta.url);

/** The manifest's format; restore refuses one it does not know. */
export const MANIFEST_FORMAT = 1;

/**
 * Rows counted into the manifest and checked after a restore: members (accounts and profiles), their
 * messages, the ledger (entries and their lines), and the rows that name stored files.
 */
export const COUNTED_TABLES = [
  'users',
  'profiles',
  'messages',
  'ledger_entries',
  'ledger_lines',
  'escrow_wallets',
  'photos',
  'event_photos',
  'verification_requests',
];

/** The secrets the data needs, by their file names in the data folder (apps/server/src/config.ts). */
export const SECRET_FILES = ['auth-secret', 'message-keys', 'id-document-keys', 'vapid-keys'];
/** Secrets a backup made before they existed lacks (restored without: the server makes new ones). */
export const LATER_SECRET_FILES = new Set(['vapid-keys']);

/** `query(text)` answers rows; the counts of COUNTED_TABLES and the applied migrations. */
export async function countRows(query) {
  const counts = {};
  for (const table of COUNTED_TABLES) {
    const [row] = await query(`select count(*)::text as n from ${table}`);
    counts[table] = Number(row.n);
  }
  const [migrations] = await query('select count(*)::text as n from drizzle.__drizzle_migrations');
  return { counts, migrations: Number(migrations.n) };
}

/** The ledger balances: every entry's lines and all lines together sum to zero. */
export async function ledgerBalances(query) {
  const [row] = await query(`select
      (select count(*) from (select entry_id from ledger_lines group by entry_id
         having sum(amount_cents) <> 0) unbalanced)::text as unbalanced,
      coalesce((select sum(amount_cents) from ledger_lines), 0)::text as total`);
  return Number(row.unbalanced) === 0 && Number(row.total) === 0;
}

export function sha256File(path) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** Runs a command; rejects with its standard error when it fails. Nothing goes through a shell. */
export function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} exited with ${code}: ${stderr.trim()}`));
    });
  });
}

/**
 * A database URL for pg_dump and pg_restore: the password goes in PGPASSWORD, so it is not on a
 * command line any user of the machine can read.
 */
export function libpqTarget(databaseUrl) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: `--dbname=${url.toString()}`, env: password ? { PGPASSWORD: password } : {} };
}

/** The key rings, the auth secret and the VAPID keys as the files the data folder keeps them in. */
export async function secretsOf(config) {
  const { formatKeyRing } = await serverModule('lib/key-ring.ts');
  const ring = (keyRing) =>
    formatKeyRing([
      keyRing.current,
      ...[...keyRing.keys].filter(([id]) => id !== keyRing.current.id).map(([id, key]) => ({ id, key })),
    ]);
  return {
    'auth-secret': `${config.authSecret}\n`,
    'message-keys': ring(config.messageKeys),
    'id-document-keys': ring(config.idDocumentKeys),
    // As the data folder keeps it (config.ts readVapidKeysFile): a restored server keeps the key its
    // members' devices subscribed with; a new one would silence every device.
    'vapid-keys': `${JSON.stringify({ publicKey: config.vapid.publicKey, privateKey: config.vapid.privateKey })}\n`,
  };
}

/** The uploads store the server would use with this configuration. */
export async function openStorage(config) {
  if (config.s3) return (await serverModule('adapters/storage/s3.ts')).createS3Storage(config.s3);
  const { createLocalStorage, uploadsDir } = await serverModule('adapters/storage/local.ts');
  return createLocalStorage(uploadsDir(config.dataDir));
}

/** Counts and sizes every object in a store. */
export async function storeContents(storage) {
  let files = 0;
  let bytes = 0;
  for await (const object of storage.list('')) {
    files += 1;
    bytes += object.size;
  }
  return { files, bytes };
}

/** `--name value` and `--flag` options and positional arguments. */
export function parseArgs(argv) {
  const options = { positional: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) options.positional.push(arg);
    else if (arg === '--force') options.force = true;
    else options[arg.slice(2)] = argv[++i];
  }
  return options;
}

/** A PostgreSQL client for the scripts' own statements (counts, the snapshot, the emptiness check). */
export async function postgresClient(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { client, query: async (text) => (await client.query(text)).rows };
}

/** The embedded database's folder, opened (the app must be stopped: PGlite is one process's). */
export async function pgliteQuery(dataDir) {
  const { createDatabase } = await serverModule('db/client.ts');
  const handle = await createDatabase({ dataDir });
  return { handle, query: async (text) => (await handle.client.query(text)).rows };
}
