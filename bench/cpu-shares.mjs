// Where the machine's CPU went during a window, read from /proc (Linux only; elsewhere `null`): the
// mix's floor on a small machine is its CPU, not any one route (PERF.md), and the server, PostgreSQL,
// Redis and the load all share the same cores. A process's line in /proc/<pid>/stat counts all of its
// threads (libuv's pool, V8's GC helpers); a PostgreSQL connection is a process of its own, so every
// `postgres` process is summed.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Every process's CPU ticks (user + system) by pid, with its command name, and the machine's total. */
export function cpuSnapshot() {
  let stat;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  // The first line sums every core: user nice system idle iowait irq softirq steal …
  const total = stat
    .slice(0, stat.indexOf('\n'))
    .split(/\s+/)
    .slice(1, 9)
    .reduce((sum, n) => sum + Number(n), 0);
  const processes = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let line;
    try {
      line = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    const nameEnd = line.lastIndexOf(')');
    const fields = line.slice(nameEnd + 2).split(' ');
    // Fields 14 and 15 of the line (utime, stime) are the 12th and 13th after the name.
    processes.set(Number(pid), {
      name: line.slice(line.indexOf('(') + 1, nameEnd),
      ticks: Number(fields[11]) + Number(fields[12]),
    });
  }
  return { total, processes };
}

/**
 * Cores each group used between two snapshots (CPU seconds per wall second): the server, every
 * `postgres` process, `redis-server`, the load and the sockets process by pid, and the rest as
 * `other`; `busy` is the machine's, out of `cores`. A process that started inside the window counts
 * from zero.
 */
export function cpuShares(before, after, pids) {
  if (!before || !after) return null;
  const cores = availableParallelism();
  // The machine's ticks over the window, per core, are the window's length in ticks.
  const windowTicks = (after.total - before.total) / cores;
  if (windowTicks <= 0) return null;
  const groupOf = (pid, name) => {
    if (pid === pids.server) return 'server';
    if (pid === pids.load) return 'load';
    if (pid === pids.sockets) return 'sockets';
    if (name === 'postgres') return 'postgres';
    if (name === 'redis-server') return 'redis';
    return 'other';
  };
  const used = { server: 0, postgres: 0, redis: 0, load: 0, sockets: 0, other: 0 };
  for (const [pid, { name, ticks }] of after.processes) {
    const spent = ticks - (before.processes.get(pid)?.ticks ?? 0);
    if (spent > 0) used[groupOf(pid, name)] += spent / windowTicks;
  }
  const busy = Object.values(used).reduce((sum, n) => sum + n, 0);
  return { cores, busy, ...used };
}
