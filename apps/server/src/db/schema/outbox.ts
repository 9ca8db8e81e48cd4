import { sql } from 'drizzle-orm';
import { bigserial, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { tstz } from './columns';

/**
 * Events committed units of work have not published yet (decision 034). A unit writes one row in
 * its own transaction (or its one statement) holding all its events, or what rebuilds them (`recipe`
 * names the module's rebuild, `body` its input); the instance that committed publishes them at once
 * and deletes the row, and the delivery worker publishes the rows a dead process left. Rows live
 * for milliseconds: the primary key's order is the worker's scan, and no other index is kept.
 */
export const outboxEvents = pgTable('outbox_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** `messages` (body: the bus messages themselves) or a rebuild registered by a module. */
  recipe: text('recipe').notNull(),
  body: jsonb('body').$type<unknown>().notNull(),
  /**
   * When the row was written, not when its transaction began (now()): a unit writes it last, just
   * before COMMIT, so a unit that ran longer than the worker's STRANDED_AFTER_MS does not commit a row
   * that already looks stranded, for another instance to publish while its own is about to.
   */
  createdAt: tstz('created_at').notNull().default(sql`clock_timestamp()`),
  /** Passes of the worker whose rebuild of this row failed; at RELAY_MAX_ATTEMPTS it is set aside. */
  attempts: integer('attempts').notNull().default(0),
});
