import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPostgres } from '../../test/database';
import { driverTypes } from './driver-types';
import { queryPreparedOn, type RowShape } from './prepared-query';

/**
 * The lean prepared statement (db/prepared-query.ts) against the driver's own `Query` on a real
 * PostgreSQL server: the same rows, the same errors, and a connection that stays usable. PGlite runs
 * statements in process (no wire protocol), so these run in CI's PostgreSQL pass.
 */
describe.skipIf(!onPostgres)('prepared statements on the wire', () => {
  const pools: pg.Pool[] = [];
  const open = (max = 1) => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max, types: driverTypes });
    pools.push(pool);
    const shapes = new Map<string, RowShape<unknown>>();
    /** Runs a named statement the lean way, with this pool's shapes unless others are given. */
    const run = <T = Record<string, unknown>>(
      name: string,
      text: string,
      values: unknown[],
      options: { shapes?: Map<string, RowShape<unknown>>; types?: typeof driverTypes } = {},
    ) => queryPreparedOn<T>(pool, options.shapes ?? shapes, options.types ?? driverTypes, name, text, values);
    return { pool, run };
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  const WIDE = `select $1::uuid as id, now() as "at", 12.5::numeric(3,1) as "rating", 9007199254740993::int8 as "big",
      $2::int as "n", array['a', 'b c', 'NULL']::text[] as "tags", '{}'::text[] as "none",
      json_build_object('k', $3::text) as "doc", true as "yes", null::text as "nothing",
      'with "quotes" and \\ backslash' as "odd alias ""x""", g as "g"
    from generate_series(1, $2::int) g`;
  const VALUES = ['7f7c9d1e-3c1a-4d6c-9a51-2a0e5b8c1d20', 3, 'value'];

  it('returns the rows the driver returns, column for column, once described and after', async () => {
    const { pool, run } = open();
    const expected = (await pool.query({ name: 'driver_wide', text: WIDE, values: VALUES })).rows;
    const first = await run('lean_wide', WIDE, VALUES);
    const second = await run('lean_wide', WIDE, VALUES);
    const withoutTime = (rows: Record<string, unknown>[]) => rows.map(({ at, ...rest }) => rest);
    expect(withoutTime(first)).toEqual(withoutTime(expected));
    expect(withoutTime(second)).toEqual(withoutTime(expected));
    expect(second[0]?.at).toBeInstanceOf(Date);
    expect(Object.keys(second[0] as object)).toEqual(Object.keys(expected[0]));
  });

  it('describes a statement only until its row shape is known, on any connection', async () => {
    const { pool, run } = open(2);
    const client = await pool.connect();
    const describe = vi.spyOn(
      (client as unknown as { connection: { describe: () => void } }).connection,
      'describe',
    );
    client.release();
    await run('lean_count', 'select $1::int + 1 as "n"', [1]);
    await run('lean_count', 'select $1::int + 1 as "n"', [2]);
    expect(describe).toHaveBeenCalledTimes(1);
    // Two connections at once: every answer is right whether or not its connection described.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => run<{ n: number }>('lean_count', 'select $1::int + 1 as "n"', [i])),
    );
    expect(answers.map((rows) => rows[0]?.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('rejects with PostgreSQL’s error and leaves the connection usable', async () => {
    const { run } = open();
    const divide = 'select 10 / $1::int as "q"';
    await expect(run('lean_divide', divide, [0])).rejects.toMatchObject({
      code: '22012',
    });
    expect(await run('lean_divide', divide, [5])).toEqual([{ q: 2 }]);
    // Before the shape is known too: the failed first run taught nothing, the next one describes.
    const fresh = new Map<string, RowShape<unknown>>();
    await expect(run('lean_divide', divide, [0], { shapes: fresh })).rejects.toThrow();
    expect(await run('lean_divide', divide, [2], { shapes: fresh })).toEqual([{ q: 5 }]);
  });

  it('rejects a statement that does not parse, and parses it again when asked again', async () => {
    const { run } = open();
    await expect(run('lean_bad', 'select from from', [])).rejects.toMatchObject({ code: '42601' });
    await expect(run('lean_bad', 'select from from', [])).rejects.toMatchObject({ code: '42601' });
    expect(await run('lean_ok', 'select 1 as "one"', [])).toEqual([{ one: 1 }]);
  });

  it('refuses a value the driver cannot send without running anything', async () => {
    const { run } = open();
    const unsendable = {
      toPostgres: () => {
        throw new Error('cannot be sent');
      },
    };
    await expect(run('lean_echo', 'select $1::text as "v"', [unsendable])).rejects.toThrow('cannot be sent');
    expect(await run('lean_echo', 'select $1::text as "v"', ['x'])).toEqual([{ v: 'x' }]);
  });

  it('runs a statement that returns no rows', async () => {
    const { pool, run } = open();
    await pool.query('create temporary table lean_notes (body text)');
    for (const body of ['one', 'two']) {
      expect(await run('lean_insert', 'insert into lean_notes values ($1)', [body])).toEqual([]);
    }
    expect((await pool.query('select body from lean_notes order by body')).rows).toEqual([
      { body: 'one' },
      { body: 'two' },
    ]);
  });

  it('reports a value its parser refuses after the statement finishes', async () => {
    const { run } = open();
    const refusing = {
      getTypeParser: ((oid: number, format?: 'text') =>
        oid === 23
          ? () => {
              throw new Error('unparsable');
            }
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    };
    await expect(
      run('lean_refused', 'select g as "g" from generate_series(1, 3) g', [], { types: refusing }),
    ).rejects.toThrow('unparsable');
    expect(await run('lean_after', 'select 2 as "two"', [])).toEqual([{ two: 2 }]);
  });
});
