/**
 * Photos: uploads per second through the whole pipeline (multipart HTTP → content sniffing → decode,
 * orient, resize → three WebP variants → private storage → the row, and the moderation job queued),
 * with the server in its own process as production starts it; then the moderation job's throughput
 * with the real classifier (nsfwjs, MobileNetV2 on the TensorFlow.js WASM backend) over those photos.
 *
 *   npm run bench:photos
 *   BENCH_PROFILES=5000 BENCH_SECONDS=10 BENCH_CONNECTIONS=4 npm run bench:photos
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp, { type SharpOptions } from 'sharp';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { SESSION_SETTINGS } from '../apps/server/src/modules/auth';
import { moderatePendingPhotos } from '../apps/server/src/modules/moderation';
import { describePerson, renderPortrait } from '../apps/server/src/seed/portraits';
import { ENGINE, openBenchDatabase, SECONDS, seedBenchDatabase, sessionCookie, startServer } from './harness';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** Each bench profile already has one photo; five more reach the limit of six. */
const UPLOADS_PER_MEMBER = 5;
const MEMBERS = 4000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * A phone-sized photo: a drawn portrait at 2400×3000 with sensor-like grain (a clean drawing would
 * compress to a tenth of what a camera sends), JPEG quality 90.
 */
async function phonePhoto(): Promise<Buffer> {
  const person = describePerson({ key: 'bench@photos.test', index: 2, userType: 'women', age: 30 });
  const grain = await sharp({
    create: { width: 2400, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 24 } },
  } as SharpOptions)
    .png()
    .toBuffer();
  return sharp(
    await sharp(await renderPortrait(person, 0))
      .resize(2400, 3000)
      .toBuffer(),
  )
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function main() {
  const seeded = await seedBenchDatabase();
  const uploadsDir = join(seeded.workDir, 'data');
  try {
    const handle = await openBenchDatabase(seeded.database);
    await handle.db.execute(sql`
      -- Sessions as sign-in writes them: not yet due for the daily refresh.
      insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
      select gen_random_uuid(), 'ph-' || g, ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
        now() + ${`${SESSION_SETTINGS.expiresInSeconds} seconds`}::interval, now(), now()
      from generate_series(1, ${MEMBERS}) g`);
    await handle.close();

    const photo = await phonePhoto();
    const meta = await sharp(photo).metadata();
    console.log(
      `upload: ${meta.width}×${meta.height} JPEG, ${(photo.length / 1024).toFixed(0)} KB; ${CONNECTIONS} connections for ${SECONDS} s`,
    );

    const server = await startServer(seeded.database, false, {
      DATA_DIR: uploadsDir,
      UPLOAD_RATE_LIMIT_PER_ADDRESS: '100000000',
    });
    const latencies: number[] = [];
    let failures = 0;
    let next = 1;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    try {
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < deadline) {
            const member = next;
            next += 1;
            if (member > MEMBERS) return;
            const cookie = sessionCookie(`ph-${member}`);
            for (let i = 0; i < UPLOADS_PER_MEMBER && performance.now() < deadline; i += 1) {
              const form = new FormData();
              form.append('file', new Blob([photo], { type: 'image/jpeg' }), 'IMG_0001.jpg');
              const t0 = performance.now();
              const res = await fetch(`${server.origin}/api/me/photos`, {
                method: 'POST',
                body: form,
                headers: { cookie, origin: server.origin },
              });
              await res.arrayBuffer();
              latencies.push(performance.now() - t0);
              if (res.status !== 201) failures += 1;
            }
          }
        }),
      );
    } finally {
      await server.stop();
    }
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const uploads = latencies.length - failures;

    // The moderation job over every photo just uploaded, in this process, with the real classifier
    // (the server scored some while it ran; they are scored again so every one is timed).
    const app = await buildApp(
      loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATA_DIR: uploadsDir,
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        MESSAGE_KEYS: `bench:${randomBytes(32).toString('base64')}`,
        DEMO_MODE: 'false',
        SEED_DEMO: 'false',
        ...(seeded.database.url ? { DATABASE_URL: seeded.database.url } : {}),
      }),
      { jobs: false, logger: false },
    );
    let moderation = { photos: 0, seconds: 0, loadSeconds: 0 };
    try {
      await app.ctx.db.execute(
        sql`update photos set ai_checked_at = null, ai_confidence_score = null, status = 'pending' where key_large <> 'bench/l'`,
      );
      // The model loads once per process (about half a second); it is timed apart.
      const loadStarted = performance.now();
      await app.ctx.classifier.safeProbability(photo);
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const t0 = performance.now();
      const run = { scored: 0, approved: 0, held: 0, failed: 0 };
      // One run takes a bounded batch (so a shutdown never waits long); the queue runs it again.
      for (;;) {
        const batch = await moderatePendingPhotos(app.ctx);
        for (const key of Object.keys(run) as Array<keyof typeof run>) run[key] += batch[key];
        if (batch.scored + batch.failed === 0) break;
      }
      moderation = {
        photos: run.scored + run.failed,
        seconds: (performance.now() - t0) / 1000,
        loadSeconds,
      };
      console.log(`moderation run: ${JSON.stringify(run)}`);
    } finally {
      await app.close();
    }

    console.log(`\nPhotos · ${ENGINE} · server in its own process, uploads from this one\n`);
    console.log(
      `uploads        ${(uploads / elapsed).toFixed(1).padStart(7)} /s   p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms   p99 ${percentile(latencies, 99).toFixed(0)} ms   ${uploads} stored, ${failures} refused`,
    );
    console.log(
      `moderation job ${(moderation.photos / moderation.seconds).toFixed(1).padStart(7)} /s   ${((moderation.seconds / Math.max(1, moderation.photos)) * 1000).toFixed(0)} ms a photo over ${moderation.photos} photos (model load ${moderation.loadSeconds.toFixed(1)} s, once per process)`,
    );
  } finally {
    await seeded.dispose();
  }
}

await main();
