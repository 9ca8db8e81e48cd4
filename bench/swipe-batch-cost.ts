/**
 * What a batch of swipes costs PostgreSQL, against the batch's size, on a database kept by
 * `BENCH_KEEP=1 npm run bench`:
 *
 *   npx tsx bench/swipe-batch-cost.ts postgres://…/rc_bench_xxxx [left|right]   # SIZES=1,6,20,60 SWIPES=1200
 *
 * One connection runs the batch statement the server runs (decision 021) for one viewer's unseen
 * targets, each batch in a transaction that is rolled back, and prints the time per swipe: the
 * mean, and the fastest and the first quartile of the batches. On a machine whose speed comes and
 * goes, the fastest batch is the steadiest figure to compare two versions by.
 */
import pg from 'pg';
import { swipeBatchStatementFor } from '../apps/server/src/modules/discovery';
import { swipeViewer } from './swipe-viewer';

const url = process.argv[2];
const direction = (process.argv[3] ?? 'right') as 'left' | 'right';
if (!url) throw new Error('usage: tsx bench/swipe-batch-cost.ts <database url> [left|right]');
const sizes = (process.env.SIZES ?? '1,6,20,60').split(',').map(Number);
const swipesPerSize = Number(process.env.SWIPES ?? 1200);

const client = new pg.Client({ connectionString: url });
await client.connect();
const { actor, targets } = await swipeViewer(client, 4000);

const µsPerSwipe = (ms: number, size: number) => ((ms * 1000) / size).toFixed(0);
for (const size of sizes) {
  let offset = 0;
  /** One batch, rolled back; the time of its statement alone. */
  const batch = async () => {
    const slice = targets.slice(offset, offset + size);
    offset = (offset + size) % (targets.length - size);
    const statement = swipeBatchStatementFor(
      actor,
      slice.map((target) => ({ target_id: target, direction })),
    );
    await client.query('begin');
    const started = performance.now();
    await client.query({ name: `swipe_batch_${size}`, text: statement.text, values: statement.values });
    const ms = performance.now() - started;
    await client.query('rollback');
    return ms;
  };
  for (let i = 0; i < 20; i += 1) await batch();
  const times: number[] = [];
  for (let i = 0; i < Math.max(20, Math.round(swipesPerSize / size)); i += 1) times.push(await batch());
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `${direction === 'left' ? 'passes' : 'likes'}, batches of ${size}: µs per swipe: mean ${µsPerSwipe(mean, size)}, fastest ${µsPerSwipe(times[0] as number, size)}, first quartile ${µsPerSwipe(times[Math.floor(times.length / 4)] as number, size)}`,
  );
}
await client.end();
