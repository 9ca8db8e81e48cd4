import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

const current = new AsyncLocalStorage<Db | Tx>();

/**
 * `db` for code we do not call with a transaction of ours — Better Auth's adapter, and the sign-up
 * hook it calls — that answers with the transaction `runInTransaction` set around the call, and is
 * `db` itself otherwise. So Better Auth's sign-up can run inside our own transaction (the invite is
 * consumed in it, decision 055). Outside such a call nothing changes.
 */
export function ambientDb(db: Db): Db {
  return new Proxy(db, {
    get(target, property) {
      const active = (current.getStore() ?? target) as Db;
      const value = Reflect.get(active, property, active);
      return typeof value === 'function' ? value.bind(active) : value;
    },
  });
}

/** Runs `body` with every ambientDb answering with `tx`. */
export function runInTransaction<T>(tx: Db | Tx, body: () => Promise<T>): Promise<T> {
  return current.run(tx, body);
}
