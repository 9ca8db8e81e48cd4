import { sql } from 'drizzle-orm';
import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column helpers shared by the schema files. Not re-exported from the schema index: they are
// builders, not tables.

/** Every instant is stored with its time zone and read as a JS Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => tstz('created_at').notNull().defaultNow();

/** Set by the database on insert and by drizzle on every update through the query builder. */
export const updatedAt = () =>
  tstz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Money in whole cents, read as a JS number (amounts are bounded far below 2^53: decision 028). */
export const cents = (name: string) => bigint(name, { mode: 'number' });

/** Random ids: they leak nothing about row counts or order, and are safe to show in URLs. */
export const idPk = () => uuid('id').primaryKey().defaultRandom();

/** Renders a JS string list as a SQL text-array literal for check constraints (values are our own constants). */
export const textArrayLiteral = (values: readonly string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`);
