import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messagePageSchema } from '@royal/shared';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../src/adapters/bus/memory';
import { createLocalStorage, uploadsDir } from '../src/adapters/storage/local';
import { type App, buildApp } from '../src/app';
import { idDocumentKeysFile, messageKeysFile, REPO_ROOT, readKeyRingFile } from '../src/config';
import type { Db } from '../src/db/client';
import { ledgerEntries, users } from '../src/db/schema';
import { formatKeyRing } from '../src/lib/key-ring';
import { request, type Session, startTestApp, TEST_AUTH_SECRET, testConfig } from './app';
import { onPostgres } from './database';
import { matchedPair } from './discovery';
import { TEST_ID_DOCUMENT_KEYS, TEST_MESSAGE_KEYS } from './message-keys';
import { expectLedgerConsistent, fundWallet } from './money';
import { sampleImage, uploadAs } from './uploads';

// Issue 38: `npm run backup` of a live PostgreSQL database and its uploads, `npm run restore` into a
// fresh database and data folder, and the app built on the result serves every member, message (its
// text decrypted with the restored keys), photo and ledger entry. PostgreSQL only: the backup is a
// pg_dump, and the embedded database is backed up by copying its folder with the app stopped.

const ringText = (ring: typeof TEST_MESSAGE_KEYS) =>
  formatKeyRing([...ring.keys].map(([id, key]) => ({ id, key })));

/** Runs one of the root scripts as an operator would, with only the environment given. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, `scripts/${name}.mjs`), ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DEMO_MODE: 'false', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${name}: ${output}`))));
  });
}

const withDatabase = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const everyRow = async (db: Db) => ({
  users: (await db.select({ id: users.id }).from(users).orderBy(asc(users.id))).map((r) => r.id),
  entries: (await db.select({ id: ledgerEntries.id }).from(ledgerEntries).orderBy(asc(ledgerEntries.id))).map(
    (r) => r.id,
  ),
  messages: (await db.execute<{ n: number }>(sql`select count(*)::int as n from messages`)).rows[0]?.n,
});

describe.skipIf(!onPostgres)('backup and restore (PostgreSQL)', () => {
  const folders: string[] = [];
  const folder = (prefix: string) => {
    const made = mkdtempSync(join(tmpdir(), prefix));
    folders.push(made);
    return made;
  };
  const target = `rc_restore_${randomBytes(5).toString('hex')}`;
  let source: Awaited<ReturnType<typeof startTestApp>>;
  let restored: App | undefined;
  const sourceData = folder('rc-backup-src-');

  beforeAll(async () => {
    // The zero-config data folder: the keys in their files, the uploads in its folder.
    writeFileSync(messageKeysFile(sourceData), ringText(TEST_MESSAGE_KEYS));
    writeFileSync(idDocumentKeysFile(sourceData), ringText(TEST_ID_DOCUMENT_KEYS));
    writeFileSync(join(sourceData, 'auth-secret'), TEST_AUTH_SECRET);
    source = await startTestApp(
      { dataDir: sourceData },
      { storage: createLocalStorage(uploadsDir(sourceData)) },
    );
  });

  afterAll(async () => {
    await restored?.close();
    await source?.dispose();
    if (onPostgres) await admin(`drop database if exists ${target} with (force)`);
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('restores every member, message, photo and ledger entry into a fresh database the app starts on', async () => {
    const { app } = source;
    // Two conversations, money moved, a photo stored.
    const chats: { matchId: string; session: Session; texts: string[] }[] = [];
    for (const pair of [await matchedPair(app), await matchedPair(app)]) {
      const texts = [
        'Dinner on Friday?',
        'The rooftop at nine 🌙',
        `Secret ${randomBytes(4).toString('hex')}`,
      ];
      for (const [i, text] of texts.entries()) {
        const from = i % 2 === 0 ? pair.him.session : pair.her.session;
        const sent = await request(app, 'POST', `/api/matches/${pair.matchId}/messages`, {
          session: from,
          body: { id: randomUUID(), content: text },
        });
        expect(sent.statusCode, sent.body).toBe(201);
      }
      await fundWallet(app, pair.him.member.id, 5_000);
      await fundWallet(app, pair.her.member.id, 2_500);
      chats.push({ matchId: pair.matchId, session: pair.her.session, texts });
    }
    const photo = await uploadAs(app, chats[0]?.session as Session, await sampleImage('jpeg'));
    expect(photo.statusCode, photo.body).toBe(201);
    const before = await everyRow(app.ctx.db);
    expect(before.messages).toBe(6);

    const sourceUrl = (app.ctx.database.client as pg.Pool).options.connectionString as string;
    const backups = folder('rc-backups-');
    const out = join(backups, 'one');
    await script('backup', ['--out', out], { DATABASE_URL: sourceUrl, DATA_DIR: sourceData });
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 1,
      database: { kind: 'postgres', file: 'database.dump' },
      counts: { users: before.users.length, messages: 6, ledger_entries: before.entries.length, photos: 1 },
      uploads: { store: 'local', files: 4 },
      secrets: [
        'secrets/auth-secret',
        'secrets/message-keys',
        'secrets/id-document-keys',
        'secrets/vapid-keys',
      ],
    });
    expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.migrations).toBeGreaterThan(50);

    // Into a fresh database and an empty data folder.
    await admin(`create database ${target}`);
    const targetUrl = withDatabase(process.env.TEST_DATABASE_URL as string, target);
    const targetData = folder('rc-restore-dst-');
    const restoring = { DATABASE_URL: targetUrl, DATA_DIR: targetData };
    const report = await script('restore', [out], restoring);
    expect(report).toContain('every count matches the manifest');
    // A second restore into the same, no longer empty, target is refused.
    await expect(script('restore', [out], restoring)).rejects.toThrow(/the target database has \d+ tables/);
    // The web push key pair comes back as it was: the members' devices stay subscribed.
    expect(readFileSync(join(targetData, 'vapid-keys'), 'utf8')).toBe(
      readFileSync(join(sourceData, 'vapid-keys'), 'utf8'),
    );

    // The app on the restored database, with the restored keys and auth secret (the members' session
    // cookies of the source still sign in).
    restored = await buildApp(
      testConfig({
        databaseUrl: targetUrl,
        databaseInMemory: false,
        dataDir: targetData,
        authSecret: readFileSync(join(targetData, 'auth-secret'), 'utf8').trim(),
        messageKeys: readKeyRingFile(messageKeysFile(targetData)),
        idDocumentKeys: readKeyRingFile(idDocumentKeysFile(targetData), 'ID document key'),
      }),
      { bus: createMemoryBus(), logger: false, jobs: false },
    );
    await restored.ready();
    expect(await everyRow(restored.ctx.db)).toEqual(before);
    await expectLedgerConsistent(restored.ctx.db);
    for (const chat of chats) {
      const page = await request(restored, 'GET', `/api/matches/${chat.matchId}/messages`, {
        session: chat.session,
      });
      expect(page.statusCode, page.body).toBe(200);
      const contents = messagePageSchema.parse(page.json()).items.map((m) => m.content);
      expect([...contents].sort()).toEqual([...chat.texts].sort());
    }
    const served = await request(restored, 'GET', photo.json().url, { session: chats[0]?.session });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  }, 90_000);
});
