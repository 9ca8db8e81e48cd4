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
  app.get(
    '/health',
    {
      config: { rateLimit: false },
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
