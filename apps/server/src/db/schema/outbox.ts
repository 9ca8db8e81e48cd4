import { bigserial, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
  createdAt: createdAt(),
});
