import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEGRADED_PARTS,
  migrationsCheck,
  READINESS_CHECKS,
  readiness,
  shippedMigrationTime,
} from './readiness';

const partSchema = z.object({ ok: z.boolean(), kind: z.string() });
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: partSchema,
  bus: partSchema,
  storage: partSchema,
});
const readySchema = z.object({
  ready: z.boolean(),
  failed: z
    .array(z.enum(READINESS_CHECKS))
    .describe('The checks that failed: database, migrations (not current), draining (shutting down)'),
  degraded: z
    .array(z.enum(DEGRADED_PARTS))
    .describe('Parts away that the instance serves without (Redis): reported, still ready'),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness without any I/O: for process supervisors, and the baseline the benchmarks compare against.
  app.get(
    '/health/live',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'The process is up (no I/O)',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async () => ({ ok: true as const }),
  );

  // The proxy's check (deploy/): 503 takes the instance out of rotation until it answers 200 again.
  const migrationsCurrent = migrationsCheck(app.ctx.database, shippedMigrationTime());
  app.get(
    '/health/ready',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        summary:
          'Ready for requests: the database answers, migrations current, not shutting down (Redis reported)',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const state = await readiness({ database: app.ctx.database, redis: app.ctx.redis, migrationsCurrent });
      return reply.status(state.ready ? 200 : 503).send(state);
    },
  );

  app.get(
    '/health',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        summary: 'Liveness and the state of the database, realtime bus and storage',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const { database, bus, storage } = app.ctx;
      const [db, b, s] = await Promise.all([database.ping(), bus.ping(), storage.ping()]);
      const ok = db && b && s;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { ok: db, kind: database.kind },
        bus: { ok: b, kind: bus.kind },
        storage: { ok: s, kind: storage.kind },
      });
    },
  );
};
