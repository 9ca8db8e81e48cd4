import { describe, expect, it } from 'vitest';
import { type RequestScope, requestScope } from '../lib/request-scope';
import { batcher } from './batcher';

/** A write that records each batch and answers when the test lets it. */
function recordingWrite() {
  const batches: number[][] = [];
  const pending: Array<() => void> = [];
  const write = (inputs: number[]) => {
    batches.push(inputs);
    return new Promise<Array<number | Error>>((resolve) => {
      pending.push(() => resolve(inputs.map((n) => (n < 0 ? new Error(`refused ${n}`) : n * 10))));
    });
  };
  /** Lets the oldest batch in flight answer, and waits until its callers have their results. */
  const answer = async () => {
    pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, write, answer };
}

const turn = () => new Promise((r) => setImmediate(r));

/** A batcher that writes one batch at a time; `release` ends the batch in flight (an error fails it). */
function oneAtATime() {
  const writes: number[][] = [];
  let end: (error: Error | null) => void = () => {};
  const call = batcher(
    (inputs: number[]) => {
      writes.push(inputs);
      return new Promise<number[]>((resolve, reject) => {
        end = (error) => (error ? reject(error) : resolve(inputs));
      });
    },
    { maxSize: 8, maxInFlight: 1 },
  );
  return { writes, call, release: (error: Error | null) => end(error) };
}

describe('batcher', () => {
  it('sends a lone call at the next turn, alone', async () => {
    const { batches, write, answer } = recordingWrite();
    const call = batcher(write, { maxSize: 8 });
    const result = call(1);
    expect(batches).toEqual([]);
    await turn();
    expect(batches).toEqual([[1]]);
    await answer();
    await expect(result).resolves.toBe(10);
  });

  it('sends the calls of one turn together, in arrival order, and answers each its own', async () => {
    const { batches, write, answer } = recordingWrite();
    const call = batcher(write, { maxSize: 8 });
    const results = [call(1), call(2), call(3)];
    await turn();
    await answer();
    expect(batches).toEqual([[1, 2, 3]]);
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30]);
  });

  it('fails only the call its answer is an error for', async () => {
    const { write, answer } = recordingWrite();
    const call = batcher(write, { maxSize: 8 });
    const results = [call(1), call(-2), call(3)].map((p) => p.then(String, (e: Error) => e.message));
    await turn();
    await answer();
    expect(await Promise.all(results)).toEqual(['10', 'refused -2', '30']);
  });

  it('fails every call of a batch whose write throws, and goes on with the next', async () => {
    let fail = true;
    const call = batcher(
      async (inputs: number[]) => {
        if (fail) throw new Error('database gone');
        return inputs;
      },
      { maxSize: 8 },
    );
    const first = [call(1), call(2)].map((p) => p.catch((e: Error) => e.message));
    expect(await Promise.all(first)).toEqual(['database gone', 'database gone']);
    fail = false;
    await expect(call(3)).resolves.toBe(3);
  });

  it('fails the calls queued behind a batch the database could not serve, without a write of their own', async () => {
    const { writes, release, call } = oneAtATime();
    const first = call(1).catch((e: Error) => e.message);
    await turn();
    // These wait for the batch in flight...
    const behind = [call(2), call(3)].map((p) => p.catch((e: Error) => e.message));
    await turn();
    // ...which meets a database shutting down (57P03): they are told the same at once.
    release(Object.assign(new Error('the database system is shutting down'), { code: '57P03' }));
    expect(await Promise.all([first, ...behind])).toEqual(
      Array(3).fill('the database system is shutting down'),
    );
    expect(writes).toEqual([[1]]);
    // A call made afterwards goes out as its own batch.
    const later = call(4);
    await turn();
    release(null);
    await expect(later).resolves.toBe(4);
    expect(writes).toEqual([[1], [4]]);
  });

  it('sends the calls queued behind a batch that failed for another reason as their own batch', async () => {
    const { writes, release, call } = oneAtATime();
    const first = call(1).catch((e: Error) => e.message);
    await turn();
    const behind = [call(2), call(3)];
    await turn();
    release(Object.assign(new Error('deadlock detected'), { code: '40P01' }));
    expect(await first).toBe('deadlock detected');
    await turn();
    expect(writes).toEqual([[1], [2, 3]]);
    release(null);
    await expect(Promise.all(behind)).resolves.toEqual([2, 3]);
  });

  it('keeps what arrives while a batch is written for the next one; a second goes early only when worth it', async () => {
    const { batches, write, answer } = recordingWrite();
    const call = batcher(write, { maxSize: 8, maxInFlight: 2, busyMinSize: 3 });
    const results = [call(1)];
    await turn();
    expect(batches).toEqual([[1]]);
    // Two waiting are not worth a second batch beside the one in flight...
    results.push(call(2), call(3));
    await turn();
    expect(batches).toEqual([[1]]);
    // ...three are.
    results.push(call(4));
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    // With two in flight, nothing more leaves until one answers; then the rest leave at once.
    results.push(call(5), call(6), call(7));
    await turn();
    expect(batches).toHaveLength(2);
    await answer();
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6, 7]]);
    await answer();
    await answer();
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('never sends more than maxSize calls in one batch', async () => {
    const { batches, write, answer } = recordingWrite();
    const call = batcher(write, { maxSize: 2, maxInFlight: 1 });
    const results = [1, 2, 3, 4, 5].map(call);
    await turn();
    expect(batches).toEqual([[1, 2]]);
    await answer();
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    await answer();
    await answer();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40, 50]);
  });
});

describe('a batch is written in a scope of its own', () => {
  it('within the connection budget its requests share, not in one request’s scope', async () => {
    const scopes: Array<RequestScope | undefined> = [];
    const call = batcher(
      async (inputs: number[]) => {
        scopes.push(requestScope.getStore());
        await turn();
        scopes.push(requestScope.getStore());
        return inputs;
      },
      { maxSize: 10 },
    );
    const spent: RequestScope = { reqId: 'spent', job: false, connectionWaitSpentMs: 120 };
    const fresh: RequestScope = { reqId: 'fresh', job: false };
    const results = await Promise.all([
      requestScope.run(spent, () => call(1)),
      requestScope.run(fresh, () => call(2)),
    ]);
    expect(results).toEqual([1, 2]);
    // The most spent request's budget, in a scope no request's id is filed under.
    expect(scopes).toEqual([
      { job: false, connectionWaitSpentMs: 120 },
      { job: false, connectionWaitSpentMs: 120 },
    ]);
  });

  it('made only by jobs, in none at all: the pool’s own bound', async () => {
    const scopes: Array<RequestScope | undefined> = [];
    const call = batcher(
      async (inputs: number[]) => {
        scopes.push(requestScope.getStore());
        return inputs;
      },
      { maxSize: 10 },
    );
    await requestScope.run({ reqId: 'job', job: true }, () => call(1));
    expect(scopes).toEqual([undefined]);
  });
});
