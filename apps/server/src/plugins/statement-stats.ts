import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

type Count = { statements: number };

/**
 * Diagnostics for benchmarks (STATEMENT_STATS=true): every API reply carries `x-statements`, the
 * number of SQL statements the request ran. Off in production: it costs an async-context lookup per
 * statement and tells outsiders about the data layer.
 */
export function createStatementStats() {
  const current = new AsyncLocalStorage<Count>();
  return {
    /** Pass to createDatabase as onStatement. */
    onStatement: () => {
      const count = current.getStore();
      if (count) count.statements += 1;
    },
    register(app: FastifyInstance) {
      app.addHook('onRequest', (_request, _reply, done) => {
        current.run({ statements: 0 }, done);
      });
      app.addHook('onSend', async (_request, reply, payload) => {
        const count = current.getStore();
        if (count) reply.header('x-statements', String(count.statements));
        return payload;
      });
    },
  };
}
