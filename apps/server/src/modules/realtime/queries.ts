import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { realtimeEvents } from '../../db/schema';

// The SQL of the realtime stream's positions (decision 064): `realtime_events` holds each delivered
// event once per recipient, sealed, for the retention window.

/** A sealed event for one member, ready to insert (binary parts as base64: both drivers take text arrays). */
export type LoggedRow = { userId: string; eventId: string; keyId: string; nonce: string; ciphertext: string };
export type Positioned = { position: number; userId: string; eventId: string };

const toPositioned = (rows: Array<{ position: string | number; user_id: string; event_id: string }>) =>
  rows.map((row) => ({ position: Number(row.position), userId: row.user_id, eventId: row.event_id }));

/** The rows as one array per column: the statements' parameters. */
const columns = (rows: readonly LoggedRow[]) => ({
  userIds: rows.map((r) => r.userId),
  eventIds: rows.map((r) => r.eventId),
  keyIds: rows.map((r) => r.keyId),
  nonces: rows.map((r) => r.nonce),
  ciphertexts: rows.map((r) => r.ciphertext),
});
type Columns = ReturnType<typeof columns>;

/** The rows as the relation `v`, from one array per column (bound values, or a prepared statement's placeholders). */
const unnested = (v: Record<keyof Columns, unknown>) => sql`unnest(
    ${v.userIds}::uuid[], ${v.eventIds}::text[], ${v.keyIds}::text[], ${v.nonces}::text[],
    ${v.ciphertexts}::text[]) as v(user_id, event_id, key_id, nonce, ciphertext)`;

/**
 * Appends the rows, one statement; their positions. The publishing instance's path: the first time
 * these events go out, so nothing is looked up first. It runs for every unit that announces
 * something (a send, a match, a transfer), so it is prepared once per connection.
 *
 * The statement commits without waiting for its WAL flush (`synchronous_commit` off for its own
 * transaction, set inside it): it runs between a unit's COMMIT and its reply, where a second durable
 * commit cost 1.7 ms against 0.6 ms (pgbench, alternated, on this machine). What that risks: a
 * database crash in the next fraction of a second forgets a few log rows of events already
 * delivered live; only a tab that was disconnected at that very moment would not get them on
 * resume. The data they announce is committed durably by its unit, as ever.
 */
const appendStatement = preparedStatement<
  { position: string | number; user_id: string; event_id: string },
  Columns
>(
  'append_realtime_events',
  (v) => sql`
    with unflushed as (select set_config('synchronous_commit', 'off', true))
    insert into ${realtimeEvents} (user_id, event_id, key_id, nonce, ciphertext)
    select v.user_id, v.event_id, v.key_id, decode(v.nonce, 'base64'), decode(v.ciphertext, 'base64')
    from unflushed, ${unnested(v)}
    returning position, user_id, event_id`,
);

export async function appendEvents(
  database: DatabaseHandle,
  rows: readonly LoggedRow[],
): Promise<Positioned[]> {
  if (rows.length === 0) return [];
  return toPositioned(await appendStatement.run(database, columns(rows)));
}

/**
 * As appendEvents for events that may have gone out before (the delivery worker relaying a row a
 * process left, or whose bus was down): an event already logged for a member keeps its position, so
 * a relay adds no second copy to anybody's stream.
 */
export async function appendEventsOnce(db: Db, rows: readonly LoggedRow[]): Promise<Positioned[]> {
  if (rows.length === 0) return [];
  const c = columns(rows);
  const bound = {
    userIds: sql.param(c.userIds),
    eventIds: sql.param(c.eventIds),
    keyIds: sql.param(c.keyIds),
    nonces: sql.param(c.nonces),
    ciphertexts: sql.param(c.ciphertexts),
  };
  const { rows: out } = await db.execute<{ position: string; user_id: string; event_id: string }>(sql`
    with input as (select * from ${unnested(bound)}),
    known as (
      select r.position, r.user_id, r.event_id from ${realtimeEvents} r
      join input i on r.user_id = i.user_id and r.event_id = i.event_id),
    added as (
      insert into ${realtimeEvents} (user_id, event_id, key_id, nonce, ciphertext)
      select i.user_id, i.event_id, i.key_id, decode(i.nonce, 'base64'), decode(i.ciphertext, 'base64')
      from input i
      where not exists (select 1 from known k where k.user_id = i.user_id and k.event_id = i.event_id)
      returning position, user_id, event_id)
    select * from known union all select * from added`);
  return toPositioned(out);
}

/**
 * How far back a resumed client is also given its events written shortly *before* its position:
 * positions are taken when an event is logged, after its unit's COMMIT, and two instances logging
 * at once may publish them out of order (the later position first). The client drops the ids it has
 * already seen, so the overlap costs a few repeated rows and loses none.
 */
const REORDER_MARGIN = sql`interval '2 seconds'`;

export type StoredEvent = {
  position: number;
  eventId: string;
  keyId: string;
  nonce: Uint8Array;
  ciphertext: Uint8Array;
};

/** At most this many events from before a resumed client's position are repeated (REORDER_MARGIN). */
const MARGIN_ROWS = 100;

type StoredRow = {
  position: string;
  event_id: string;
  key_id: string;
  nonce: Uint8Array;
  ciphertext: Uint8Array;
};

const stored = (rows: StoredRow[]): StoredEvent[] =>
  rows.map((row) => ({
    position: Number(row.position),
    eventId: row.event_id,
    keyId: row.key_id,
    nonce: row.nonce,
    ciphertext: row.ciphertext,
  }));

/**
 * The member's events after `after`, oldest first, at most `limit`; those logged within the reorder
 * margin before it, apart (they do not count against the page, so paging always moves on); and the
 * stream's oldest and newest positions, to tell a gap beyond retention.
 */
export async function eventsAfter(
  db: Db,
  {
    userId,
    after,
    limit,
    loggedSince = null,
  }: {
    userId: string;
    after: number;
    limit: number;
    /** The margin reaches back at least to here (a recent break of the bus: positions.ts). */
    loggedSince?: Date | null;
  },
): Promise<{ events: StoredEvent[]; margin: StoredEvent[]; oldest: number | null; newest: number | null }> {
  const [events, margin, bounds] = await Promise.all([
    db.execute<StoredRow>(sql`
      select position, event_id, key_id, nonce, ciphertext from ${realtimeEvents}
      where user_id = ${userId}::uuid and position > ${after}::bigint
      order by position limit ${limit}::int`),
    db.execute<StoredRow>(sql`
      select position, event_id, key_id, nonce, ciphertext from ${realtimeEvents}
      where user_id = ${userId}::uuid and position <= ${after}::bigint
        and created_at >= least(
          (select created_at - ${REORDER_MARGIN} from ${realtimeEvents} where position = ${after}::bigint),
          ${loggedSince}::timestamptz)
      order by position desc limit ${loggedSince ? limit : MARGIN_ROWS}::int`),
    db.execute<{ oldest: string | null; newest: string | null }>(sql`
      select (select min(position) from ${realtimeEvents}) as oldest,
             (select max(position) from ${realtimeEvents}) as newest`),
  ]);
  const bound = bounds.rows[0];
  return {
    events: stored(events.rows),
    margin: stored(margin.rows).reverse(),
    oldest: bound?.oldest == null ? null : Number(bound.oldest),
    newest: bound?.newest == null ? null : Number(bound.newest),
  };
}

/** The stream's newest position (0 when empty): where a socket that just joined would resume from. */
export async function streamHead(db: Db): Promise<number> {
  const { rows } = await db.execute<{ newest: string | null }>(
    sql`select max(position) as newest from ${realtimeEvents}`,
  );
  return Number(rows[0]?.newest ?? 0);
}

const PRUNE_BATCH = 10_000;

/**
 * Deletes events logged before `before`, a batch at a time; never the newest row, so the stream's
 * head (and with it a resuming client's sense of "nothing since") survives a quiet day.
 */
export async function pruneEvents(db: Db, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await db.execute(sql`
      delete from ${realtimeEvents} where position in (
        select position from ${realtimeEvents}
        where created_at < ${before}
          and position < (select max(position) from ${realtimeEvents})
        order by position limit ${PRUNE_BATCH}::int)
      returning 1`);
    deleted += batch.rows.length;
    if (batch.rows.length < PRUNE_BATCH) return deleted;
  }
}
