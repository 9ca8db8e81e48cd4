import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type RequestScope, requestScope } from '../../lib/request-scope';
import { registerRequestIds } from './request-id';

// The request's scope is entered at onRequest, where a route's access check reads its actor, and
// the same scope again for the handler: what the database spends of a request's connection budget
// in the access check (db/connection-budget.ts) is gone for the handler's statements too.

describe("a request's scope", () => {
  it('is one object from the access check to the handler, a body read in between', async () => {
    const app = Fastify();
    registerRequestIds(app);
    const seen: unknown[] = [];
    const scopes: Array<RequestScope | undefined> = [];
    app.post(
      '/spend',
      {
        onRequest: (_request, _reply, done) => {
          const scope = requestScope.getStore();
          if (scope) scope.connectionWaitSpentMs = 321;
          seen.push(scope?.reqId);
          done();
        },
      },
      async (request) => {
        const scope = requestScope.getStore();
        seen.push(scope?.reqId);
        scopes.push(scope);
        expect(scope?.answered).toBeUndefined();
        return { spent: scope?.connectionWaitSpentMs, id: request.id, body: request.body };
      },
    );
    const first = await app.inject({ method: 'POST', url: '/spend', payload: { a: 'x'.repeat(70_000) } });
    const second = await app.inject({ method: 'POST', url: '/spend', payload: { a: 1 } });
    expect(first.json()).toMatchObject({ spent: 321, id: first.headers['x-request-id'] });
    expect(first.json().body.a).toHaveLength(70_000);
    expect(second.json()).toMatchObject({ spent: 321, id: second.headers['x-request-id'] });
    expect(seen).toEqual([
      first.headers['x-request-id'],
      first.headers['x-request-id'],
      second.headers['x-request-id'],
      second.headers['x-request-id'],
    ]);
    // Once the reply has gone, what the request left behind keeps the pool's own bound.
    expect(scopes.map((scope) => scope?.answered)).toEqual([true, true]);
    await app.close();
  });
});
