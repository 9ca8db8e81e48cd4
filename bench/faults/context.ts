/** What a fault scenario gets to break things with, on the load's clock. */
import type { startCluster } from '../../scripts/cluster/supervisor.mjs';
import type { PrivatePostgres, PrivateRedis } from './services';

export type FaultContext = {
  cluster: Awaited<ReturnType<typeof startCluster>>;
  pg: PrivatePostgres;
  redis: PrivateRedis;
  origin: string;
  /** Resolves when the load has run `ms` since it started. */
  at(ms: number): Promise<void>;
  /** ms since the load started (the clock of the load's request timeline, give or take a few ms). */
  now(): number;
  note(line: string): void;
};
