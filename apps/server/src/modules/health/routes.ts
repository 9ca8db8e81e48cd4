import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const partSchema = z.object({ ok: z.boolean(), kind: z.string() });
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: partSchema,
  bus: partSchema,
  storage: partSchema,
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
