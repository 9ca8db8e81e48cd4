/**
 * What the fault tests count: the load process's requests and messages (fault-load.mjs), and the
 * database after the run (every accepted message stored, every ledger entry balanced, every wallet
 * equal to its ledger account).
 */
import { sql } from 'drizzle-orm';
import { createDatabase } from '../../apps/server/src/db/client';
import type { BenchDatabase } from '../harness';

/** [ms since the load process started, route, status (0: no answer), latency ms, Retry-After]. */
export type RequestRecord = [number, string, number, number, string | null];

export type LoadResult = {
  mixStarted: number;
  mixEnded: number;
  requests: RequestRecord[];
  samples: Record<string, string>;
  accepted: Record<string, { at: number; receiverId: string; matchId: string }>;
  arrivals: Record<string, { at: number; eventId: string | null }[]>;
  sockets: {
    reconnects: number;
    goingAway: number;
    resumes: number;
    resumedEvents: number;
    redelivered: number;
    tooOld: number;
    refused: number;
    closes: Record<string, number>;
    handshakes: Record<string, number>;
  };
  swipesUsed: number;
  sendCursor: number;
};

export type AfterRun = {
  missingInDatabase: number;
  unbalanced: number;
  drift: number;
  transfers: number;
  /** Events the delivery worker has still to publish (decision 034). */
  outboxLeft: number;
};

export async function checkAfterRun(database: BenchDatabase, result: LoadResult): Promise<AfterRun> {
  const handle = await createDatabase({ databaseUrl: database.url as string });
  try {
    const ids = Object.keys(result.accepted);
    const stored =
      ids.length === 0
        ? 0
        : Number(
            (
              await handle.db.execute<{ n: string }>(
                sql`select count(*) as n from messages where id in ${ids}`,
              )
            ).rows[0]?.n,
          );
    const unbalanced = await handle.db.execute<{ n: string }>(
      sql`select count(*) as n from (select entry_id from ledger_lines group by entry_id having sum(amount_cents) <> 0) u`,
    );
    const drift = await handle.db.execute<{ n: string }>(sql`
      select count(*) as n from escrow_wallets w
      where w.current_balance_cents <> coalesce((select sum(amount_cents) from ledger_lines where account_id = w.wallet_account_id), 0)
         or w.current_balance_cents < 0`);
    const transfers = await handle.db.execute<{ n: string }>(sql`select count(*) as n from peer_transfers`);
    const outbox = await handle.db.execute<{ n: string }>(sql`select count(*) as n from outbox_events`);
    return {
      missingInDatabase: ids.length - stored,
      unbalanced: Number(unbalanced.rows[0]?.n),
      drift: Number(drift.rows[0]?.n),
      transfers: Number(transfers.rows[0]?.n),
      outboxLeft: Number(outbox.rows[0]?.n),
    };
  } finally {
    await handle.close();
  }
}

export type Verdict = { ok: boolean; what: string; counted: string };

/** The load's requests on the scenario's clock (ms since the sockets opened and the mix began). */
export function requestsOf(result: LoadResult) {
  return result.requests.map(([t, route, status, ms, retryAfter]) => ({
    at: t - result.mixStarted,
    route,
    status,
    ms,
    retryAfter,
  }));
}

export const failedStatus = (status: number) => status === 0 || status >= 500;

/** "n of m (statuses: 503×4, 0×1)". */
export function describeFailures(requests: ReturnType<typeof requestsOf>): string {
  const byStatus = new Map<number, number>();
  for (const r of requests) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const list = [...byStatus].map(([status, n]) => `${status === 0 ? 'no answer' : status}×${n}`).join(', ');
  return list || 'none';
}

/** The promises every scenario keeps: messages neither lost nor shown twice, the ledger whole. */
export function messageAndLedgerVerdicts(result: LoadResult, after: AfterRun): Verdict[] {
  const accepted = Object.keys(result.accepted);
  const undelivered = accepted.filter((id) => !result.arrivals[id]);
  const twice = Object.values(result.arrivals).filter((list) => list.length > 1).length;
  const s = result.sockets;
  return [
    {
      ok: after.missingInDatabase === 0 && undelivered.length === 0,
      what: 'accepted messages lost',
      counted: `${after.missingInDatabase} missing from the database and ${undelivered.length} never reached the receiver's socket, of ${accepted.length} accepted (${after.outboxLeft} events left in the outbox; sockets: ${s.goingAway} told to reconnect, ${s.reconnects} reconnects, ${s.resumes} resumes bringing ${s.resumedEvents} events, ${s.redelivered} repeats dropped by id, ${s.tooOld} too old)`,
    },
    { ok: twice === 0, what: 'messages shown twice (duplicate notices)', counted: String(twice) },
    {
      ok: after.unbalanced === 0 && after.drift === 0,
      what: 'ledger imbalance',
      counted: `${after.unbalanced} unbalanced entries, ${after.drift} wallets off their ledger (${after.transfers} transfers in all)`,
    },
  ];
}

/** Failed requests (no answer, 5xx) grouped into bursts: "12 failed (503×12) from 5.2 s to 6.9 s". */
export function failureBursts(requests: ReturnType<typeof requestsOf>): { at: number; text: string }[] {
  const failed = requests.filter((r) => r.status === 0 || r.status >= 500).sort((a, b) => a.at - b.at);
  const bursts: (typeof failed)[] = [];
  for (const r of failed) {
    const last = bursts.at(-1);
    if (last && r.at - (last.at(-1)?.at ?? 0) < 1_000) last.push(r);
    else bursts.push([r]);
  }
  return bursts.map((burst) => ({
    at: burst[0]?.at ?? 0,
    text: `${burst.length} failed (${describeFailures(burst)}) until ${(((burst.at(-1)?.at ?? 0) as number) / 1000).toFixed(1)} s`,
  }));
}
