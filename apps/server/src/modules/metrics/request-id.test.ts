import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { plainJpeg } from '../../../test/image-corpus';
import { uploadAs } from '../../../test/uploads';
import { createJobs, type Jobs } from '../../jobs/queue';
import { MODERATION_JOB } from '../photos';
import { queueBacklog } from './queries';

// Request ids (decision 066): every reply names its request's id; our proxy's X-Request-Id is kept
// when it is a sane token; a job queued by a request carries the id, and the run's log lines show it.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('without a proxy of ours (TRUST_PROXY off)', () => {
  const t = useTestApp();

  it('gives every request a random id, in the reply, and no client chooses its own', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const second = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-request-id': 'someone-elses-request' },
    });
    expect(chosen.headers['x-request-id']).toMatch(UUID);
    // Refusals and unknown paths name theirs too.
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).headers['x-request-id']).toMatch(
      UUID,
    );
  });
});

describe('behind our proxy (TRUST_PROXY=1)', () => {
  const t = useTestApp({ trustProxy: 1 });
  const withId = (id: string) =>
    t.app.inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': id } });

  it("keeps the proxy's id when it is a short token, and replaces anything else", async () => {
    expect((await withId('9f86d081884c7d659a2feaa0c55ad015')).headers['x-request-id']).toBe(
      '9f86d081884c7d659a2feaa0c55ad015',
    );
    expect((await withId('edge-1:req_42.7')).headers['x-request-id']).toBe('edge-1:req_42.7');
    for (const insane of ['a b', '<script>', 'x'.repeat(129), '', 'line\\nbreak', 'é'])
      expect((await withId(insane)).headers['x-request-id'], insane).toMatch(UUID);
    // From a connection that is not our proxy, even a sane one is not kept.
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      remoteAddress: '203.0.113.9',
      headers: { 'x-request-id': 'chosen-by-a-client' },
    });
    expect(direct.headers['x-request-id']).toMatch(UUID);
  });
});

describe('a job queued by a request', () => {
  const lines: Record<string, unknown>[] = [];
  let started: Awaited<ReturnType<typeof startTestApp>>;
  let jobs: Jobs;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    started = await startTestApp({}, { logger: { level: 'info', stream } });
    const { app } = started;
    // The real queue on the app's database, with a stand-in for the moderation job (no schedule, so
    // only the upload's own send runs it), logging through the app's logger as every job does.
    jobs = createJobs(app.ctx.database, app.log, app.ctx.metrics);
    await jobs.start([
      { name: MODERATION_JOB, run: async () => app.ctx.log.info({ probe: true }, 'moderation ran') },
    ]);
    app.ctx.jobs = jobs;
  }, 60_000);
  afterAll(async () => {
    await jobs?.stop();
    await started?.dispose();
  });

  it("carries the request's id into the job, and every log line of the run shows it", async () => {
    const { app } = started;
    const owner = await signedInMember(app);
    const response = await uploadAs(app, owner.session, await plainJpeg(240, 300));
    expect(response.statusCode).toBe(201);
    const reqId = response.headers['x-request-id'];
    expect(reqId).toMatch(UUID);

    const { rows } = await app.ctx.db.execute<{ req_id: string }>(
      sql`select data->>'reqId' as req_id from pgboss.job where name = ${MODERATION_JOB}`,
    );
    expect(rows.map((r) => r.req_id)).toEqual([reqId]);

    const deadline = Date.now() + 20_000;
    while (!lines.some((l) => l.probe === true) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 100));
    const run = lines.filter((l) => l.probe === true);
    expect(run).toHaveLength(1);
    expect(run[0]?.reqId).toBe(reqId);
    // The request's own lines are filed under the same id.
    expect(lines.filter((l) => l.reqId === reqId && l.msg === 'request completed')).toHaveLength(1);
    // And lines outside any request or job carry none.
    app.ctx.log.info({ outside: true }, 'no request');
    expect(lines.find((l) => l.outside === true)?.reqId).toBeUndefined();
  }, 40_000);

  it('is counted in its queue’s backlog, which lists every queue even when it is empty', async () => {
    const backlog = await queueBacklog(started.app.ctx.db);
    const moderation = backlog.find((q) => q.queue === MODERATION_JOB);
    expect(moderation).toEqual({
      queue: MODERATION_JOB,
      queued: expect.any(Number),
      lagSeconds: expect.any(Number),
    });
    await jobs.send(MODERATION_JOB);
    const after = (await queueBacklog(started.app.ctx.db)).find((q) => q.queue === MODERATION_JOB);
    // Just sent: waiting (unless a worker took it already), and due for less than a minute.
    expect(after?.queued).toBeGreaterThanOrEqual(0);
    expect(after?.lagSeconds).toBeLessThan(60);
  });
});
