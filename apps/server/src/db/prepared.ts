import { fillPlaceholders, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DatabaseHandle, Db } from './client';

const dialect = new PgDialect();

type Values = Record<string, unknown>;

/** A named statement, as the test of their plans reads it (test/named-statement-plans.test.ts). */
export type NamedStatement = {
  name: string;
  /** Run on the one-plan connections (GENERIC_PLAN_SETTINGS). */
  onePlan: boolean;
  render(values: Values): { text: string; values: unknown[] };
};

/**
 * Every named statement, as its module is loaded: whatever plan PostgreSQL keeps for it must still
 * read through indexes, which a test checks for each of them.
 */
export const namedStatements: NamedStatement[] = [];

/**
 * A hot statement written once with drizzle's `sql` (so it reuses the schema's columns and the
 * shared SQL rules) and run as a named prepared statement: its text is rendered once, each call only
 * fills in the values, and PostgreSQL parses it once per connection. Inside a transaction it runs on
 * that transaction instead (unnamed).
 */
export function preparedStatement<TRow, TValues extends Values>(
  name: string,
  build: (values: { [K in keyof TValues]: Placeholder | TValues[K] }) => SQL,
  options: { genericPlan?: boolean } = {},
) {
  let rendered: { text: string; params: unknown[] } | undefined;
  const render = () => {
    if (!rendered) {
      const placeholders = new Proxy({} as Record<string, Placeholder>, {
        get: (_target, key: string) => sql.placeholder(key),
      });
      const query = dialect.sqlToQuery(build(placeholders as never));
      rendered = { text: query.sql, params: query.params };
    }
    return rendered;
  };
  /** On a transaction, unnamed. Timestamps come back as text there (drizzle's own parsers). */
  const runIn = async (tx: Db, values: TValues): Promise<TRow[]> =>
    (await tx.execute(build(values as never))).rows as TRow[];
  const statement = {
    /** The statement's text and values as it would run them (diagnostics: EXPLAIN). */
    render(values: TValues): { text: string; values: unknown[] } {
      const { text, params } = render();
      return { text, values: fillPlaceholders(params, values) };
    },
    runIn,
    async run(handle: DatabaseHandle, values: TValues, tx?: Db): Promise<TRow[]> {
      if (tx) return runIn(tx, values);
      const { text, params } = render();
      return handle.queryPrepared<TRow>(name, text, fillPlaceholders(params, values), options);
    },
  };
  namedStatements.push({
    name,
    onePlan: options.genericPlan === true,
    render: (values) => statement.render(values as TValues),
  });
  return statement;
}
