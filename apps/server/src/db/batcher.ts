import { type RequestScope, requestScope } from '../lib/request-scope';
import { withinRequestsBudget } from './connection-budget';
import { isDatabaseUnavailable } from './errors';

/**
 * Calls that arrive while batches are being written go out together as the next batch: one statement
 * for many of them (decision 021). Nothing waits for company: a call made while fewer than
 * `maxInFlight` batches are being written leaves at the next turn of the event loop, with whatever
 * else arrived in that turn, so a quiet server answers as fast as before and a busy one writes in
 * bigger batches. Two in flight let the database write one batch while the server answers the last.
 *
 * `write` gets the batch's inputs in arrival order and answers each one, in the same order, with its
 * result or with the error that call alone should fail with.
 *
 * A batch that failed because the database cannot serve (a restart, no connection within the wait)
 * fails the calls queued behind it with the same error: they have waited for one write already, and
 * each would meet the same database and wait for a connection again (a member would see the outage's
 * answer after twice the wait). Any other failure leaves them to go as their own batch.
 */
type BatcherOptions = { maxSize: number; maxInFlight?: number; busyMinSize?: number };

export function batcher<I, O>(
  write: (inputs: I[]) => Promise<Array<O | Error>>,
  { maxSize, maxInFlight = 2, busyMinSize = 4 }: BatcherOptions,
): (input: I) => Promise<O> {
  type Waiting = {
    input: I;
    /** The request (or job run) the call was made for: its connection budget bounds the batch's wait. */
    scope: RequestScope | undefined;
    resolve: (output: O) => void;
    reject: (error: unknown) => void;
  };
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  /** Whether the queue should leave now: at once when nothing is being written, else once it is worth a batch. */
  const ready = () =>
    queue.length > 0 && inFlight < maxInFlight && (inFlight === 0 || queue.length >= busyMinSize);

  const flush = async () => {
    const batch = queue.slice(0, maxSize);
    queue = queue.slice(maxSize);
    inFlight += 1;
    try {
      // Written for several requests, so in none's own scope: within the budget they share.
      const inputs = batch.map((waiting) => waiting.input);
      const scopes = batch.map((waiting) => waiting.scope);
      const outputs = await withinRequestsBudget(scopes, () => write(inputs));
      batch.forEach((waiting, i) => {
        const output = outputs[i];
        if (output instanceof Error) waiting.reject(output);
        else if (i >= outputs.length)
          waiting.reject(new Error('the batch write gave no answer for this call'));
        else waiting.resolve(output as O);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      if (isDatabaseUnavailable(error)) {
        const behind = queue;
        queue = [];
        for (const waiting of behind) waiting.reject(error);
      }
    } finally {
      inFlight -= 1;
      // What arrived meanwhile leaves now: it has waited for a batch already.
      while (!scheduled && ready()) void flush();
    }
  };

  return (input) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, scope: requestScope.getStore(), resolve, reject });
      if (!scheduled && ready()) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          while (ready()) void flush();
        });
      }
    });
}

/**
 * A batcher per application context, made on its first call: each app instance (and each test's
 * app) has its own database, and a batch must never mix two.
 */
export function batcherPerContext<C extends object, I, O>(
  write: (context: C, inputs: I[]) => Promise<Array<O | Error>>,
  options: BatcherOptions,
): (context: C, input: I) => Promise<O> {
  const batchers = new WeakMap<C, (input: I) => Promise<O>>();
  return (context, input) => {
    let forContext = batchers.get(context);
    if (!forContext) {
      forContext = batcher((inputs: I[]) => write(context, inputs), options);
      batchers.set(context, forContext);
    }
    return forContext(input);
  };
}
