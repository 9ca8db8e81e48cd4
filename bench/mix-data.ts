/**
 * The data the mixed load needs beyond the harness's seed (matches between viewers, chat members,
 * funded wallets, started conversations) and the mix's routes: shared by the benchmark
 * (mix.bench.ts) and the fault tests (faults/run.ts), which run the same mix through the proxy.
 */
import { randomUUID } from 'node:crypto';
import { MATCH_EXPIRY_MS, MESSAGES_PER_MEMBER_PER_MINUTE } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import {
  fundWallet,
  type Match,
  type Member,
  openBenchDatabase,
  type Seeded,
  seedChatPairs,
  type Viewer,
} from './harness';

/**
 * Half the app's per-member limit (decision 031): the app counts a member's sends in a fixed minute
 * (in Redis, so it outlives a server), which may also hold the sends of the run before.
 */
export const SENDS_PER_MEMBER_MINUTE = Math.floor(MESSAGES_PER_MEMBER_PER_MINUTE / 2);
const FUNDS_CENTS = 10_000_000;
export const TRANSFER_CENTS = 100;

/** The mix, in thousandths. `key` is mix-load.mjs's name for the route. */
export const MIX_ROUTES = [
  { key: 'feed', name: 'GET /api/discovery/feed', weight: 300 },
  { key: 'me', name: 'GET /api/me', weight: 200 },
  { key: 'swipe', name: 'POST /api/swipes', weight: 150 },
  { key: 'chatRead', name: 'GET /api/matches/:id/messages', weight: 100 },
  { key: 'send', name: 'POST /api/matches/:id/messages', weight: 80 },
  { key: 'search', name: 'GET /api/search (5 filter mixes)', weight: 50 },
  { key: 'notifications', name: 'GET /api/notifications', weight: 50 },
  { key: 'profile', name: 'GET /api/members/:id', weight: 40 },
  { key: 'walletBalance', name: 'GET /api/wallet', weight: 12 },
  { key: 'walletHistory', name: 'GET /api/wallet/transactions', weight: 12 },
  { key: 'transfer', name: 'POST /api/wallet/transfers', weight: 6 },
] as const;
export type RouteKey = (typeof MIX_ROUTES)[number]['key'];

/** A viewer as the load process takes it: its matches with other viewers, for chat reads and transfers. */
export type MixViewer = Viewer & { matches: string[]; matchedWith: string[] };
export type Sender = Member & { matchId: string; receiverId: string; receiverHasSocket: boolean };
export type Chat = {
  viewers: MixViewer[];
  senders: Sender[];
  socketMembers: Member[];
  /** The viewers' matches still without messages (a fresh seed): written through the API first. */
  silent: Match[];
};

// --- The data the mix needs beyond the harness's seed: matches, chat members, funded wallets ------

/**
 * Each viewer matched with two others of the other type (viewer 2j with 2j+1 and 2j+3), where not
 * yet; returns the viewers' matches.
 */
async function matchViewers(handle: DatabaseHandle, viewers: Viewer[]): Promise<Match[]> {
  const pairs = viewers.flatMap((v, i): [Viewer, Viewer][] =>
    i % 2 === 0
      ? [
          [v, viewers[i + 1] as Viewer],
          [v, viewers[(i + 3) % viewers.length] as Viewer],
        ]
      : [],
  );
  await handle.db.execute(sql`
    insert into matches (user1_id, user2_id, expires_at)
    select least(a, b), greatest(a, b), now() + ${`${MATCH_EXPIRY_MS} milliseconds`}::interval
    from (values ${sql.join(
      pairs.map(([a, b]) => sql`(${a.id}::uuid, ${b.id}::uuid)`),
      sql`, `,
    )}) p(a, b)
    on conflict do nothing`);
  const ids = viewers.map((v) => v.id);
  const rows = await handle.db.execute<{ id: string; user1_id: string; user2_id: string }>(
    sql`select id, user1_id, user2_id from matches where user1_id in ${ids} and user2_id in ${ids}`,
  );
  return rows.rows.map((r) => ({ id: r.id, user1: r.user1_id, user2: r.user2_id }));
}

/** $100,000 in each viewer's wallet, for those who hold less than half of it. */
async function fundViewers(handle: DatabaseHandle, viewers: Viewer[]) {
  const ids = viewers.map((v) => v.id);
  const balances = await handle.db.execute<{ user_id: string; current_balance_cents: string }>(
    sql`select user_id, current_balance_cents from escrow_wallets where user_id in ${ids}`,
  );
  const funded = new Set(
    balances.rows.filter((r) => Number(r.current_balance_cents) >= FUNDS_CENTS / 2).map((r) => r.user_id),
  );
  for (const id of ids) if (!funded.has(id)) await fundWallet(handle, id, FUNDS_CENTS);
}

/** The matches no message has been written in yet. */
async function silentMatches(handle: DatabaseHandle, matches: Match[]): Promise<Match[]> {
  const rows = await handle.db.execute<{ match_id: string }>(
    sql`select distinct match_id from messages where match_id in ${matches.map((m) => m.id)}`,
  );
  const talked = new Set(rows.rows.map((r) => r.match_id));
  return matches.filter((m) => !talked.has(m.id));
}

/**
 * The viewers' matches, the chat members (seedChatPairs: generated members 1…CHAT_MEMBERS), the
 * viewers' funds, and who holds a socket: the viewers first, then the chat members in order (pairs
 * whole). Everything is written only where it is missing, so a kept database (BENCH_REUSE) is used
 * as it is, and gains chat members if more sockets are asked for.
 */
export async function prepareMix(
  seeded: Seeded,
  { chatMembers, sockets }: { chatMembers: number; sockets: number },
): Promise<Chat> {
  const handle = await openBenchDatabase(seeded.database);
  try {
    const viewers = seeded.viewers;
    const viewerMatches = await matchViewers(handle, viewers);
    const chatters = await seedChatPairs(handle, chatMembers, 'mix-');
    await fundViewers(handle, viewers);
    const socketMembers = [...viewers, ...chatters.members]
      .slice(0, sockets)
      .map(({ id, cookie }) => ({ id, cookie }));
    const withSocket = new Set(socketMembers.map((m) => m.id));
    const cookieOf = new Map([...viewers, ...chatters.members].map((m) => [m.id, m.cookie]));
    // Both members of every match send, in turn.
    const sendersOf = (match: Match): Sender[] =>
      [
        [match.user1, match.user2],
        [match.user2, match.user1],
      ].map(([from = '', to = '']) => ({
        id: from,
        cookie: cookieOf.get(from) as string,
        matchId: match.id,
        receiverId: to,
        receiverHasSocket: withSocket.has(to),
      }));
    return {
      viewers: viewers.map((v) => {
        const mine = viewerMatches.filter((m) => m.user1 === v.id || m.user2 === v.id);
        return {
          ...v,
          matches: mine.map((m) => m.id),
          matchedWith: mine.map((m) => (m.user1 === v.id ? m.user2 : m.user1)),
        };
      }),
      senders: [...viewerMatches, ...chatters.matches].flatMap(sendersOf),
      socketMembers,
      silent: await silentMatches(handle, viewerMatches),
    };
  } finally {
    await handle.close();
  }
}

/** A few messages in each of the viewers' matches, both ways, sent as members send them. */
export async function writeConversations(origin: string, chat: Chat) {
  const cookieOf = new Map(chat.viewers.map((v) => [v.id, v.cookie]));
  const lines = [
    'Hello! How was your week?',
    'Lovely, thank you. Yours?',
    'Busy, but good.',
    'Dinner on Friday?',
  ];
  const converse = async (match: Match) => {
    for (const [i, content] of lines.entries()) {
      const res = await fetch(`${origin}/api/matches/${match.id}/messages`, {
        method: 'POST',
        headers: {
          cookie: cookieOf.get(i % 2 === 0 ? match.user1 : match.user2) as string,
          origin,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ id: randomUUID(), content }),
      });
      if (res.status !== 201) throw new Error(`seeding a conversation: ${res.status} ${await res.text()}`);
    }
  };
  for (let i = 0; i < chat.silent.length; i += 10)
    await Promise.all(chat.silent.slice(i, i + 10).map(converse));
  chat.silent = [];
}
