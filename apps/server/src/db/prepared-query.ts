import pg from 'pg';

type TypeParsers = { getTypeParser: typeof pg.types.getTypeParser };
type Parser = (text: string) => unknown;
type FieldDescription = { name: string; dataTypeID: number; format?: string };
/** The driver's connection, as much of it as a query submits through (pg's `Submittable` protocol). */
type Connection = {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: {
    portal: string;
    statement: string;
    values: unknown[];
    binary: boolean;
    valueMapper: (value: unknown) => unknown;
  }): void;
  describe(config: { type: 'P'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
  close(config: { type: 'S'; name: string }): void;
  sendCopyFail(message: string): void;
};

// The driver's own value mapping for bind (dates, arrays, buffers, JSON), so values travel as they
// always did (`pg.utils`: not in the driver's typings, on its default export in every 8.x release).
const { prepareValue } = (pg as unknown as { utils: { prepareValue: (value: unknown) => unknown } }).utils;

/**
 * What a named statement's rows look like: learned from PostgreSQL's row description the first time
 * any connection runs it, then shared. A statement's text fixes its columns and their types, so every
 * connection would describe it alike; the schema does not change under a running server.
 */
export class RowShape<TRow> {
  /** Unknown until the first execution's row description (or its absence) arrives. */
  known = false;
  private parsers: Parser[] = [];
  private build: (parsers: Parser[], values: (string | null)[]) => TRow = () => {
    throw new Error('row shape used before it was learned');
  };

  constructor(private readonly types: TypeParsers) {}

  learn(fields: FieldDescription[]) {
    this.parsers = fields.map(
      (field) => this.types.getTypeParser(field.dataTypeID, (field.format ?? 'text') as 'text') as Parser,
    );
    // One object literal with every column: each row is built in one step with one stable layout.
    // (The driver copies a prototype-less template and then sets each field, which for wide rows
    // leaves V8 with slow dictionary objects: that and re-reading the description was ~17% of a
    // GET /api/me.) Names are written as JSON strings, so any column alias is a safe key.
    const properties = fields.map(
      (field, i) => `${JSON.stringify(field.name)}: v[${i}] === null ? null : p[${i}](v[${i}])`,
    );
    this.build = new Function('p', 'v', `return { ${properties.join(', ')} };`) as never;
    this.known = true;
  }

  /** A statement that returns no rows (no row description): nothing to learn, nothing to describe. */
  learnNoRows() {
    this.parsers = [];
    this.build = () => ({}) as TRow;
    this.known = true;
  }

  row(values: (string | null)[]): TRow {
    return this.build(this.parsers, values);
  }
}

/**
 * One execution of a named prepared statement, submitted to a pooled `pg` client in place of the
 * driver's `Query`. Parse is sent once per connection (as the driver does); unlike the driver, the
 * portal is described only until the statement's row shape is known, and rows are built from that
 * shape. The protocol handling mirrors the driver's `Query` (pg/lib/query.js) for a statement
 * without a row limit: errors are reported at once, the client waits for ReadyForQuery itself.
 */
export class PreparedQuery<TRow> {
  callback?: (error: Error | null, result?: { rows: TRow[] }) => void;
  private readonly rows: TRow[] = [];
  private described = false;
  private rowError: Error | null = null;
  private finished = false;

  constructor(
    readonly name: string,
    readonly text: string,
    private readonly values: unknown[],
    private readonly shape: RowShape<TRow>,
  ) {}

  submit(connection: Connection): Error | null {
    const previous = connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name];
    if (previous !== undefined && previous !== this.text) {
      return new Error(
        `Prepared statements must be unique - '${this.name}' was used for a different statement`,
      );
    }
    connection.stream.cork?.();
    try {
      if (previous === undefined) {
        connection.parse({ text: this.text, name: this.name, types: [] });
        connection.submittedNamedStatements[this.name] = this.text;
      }
      try {
        connection.bind({
          portal: '',
          statement: this.name,
          values: this.values,
          binary: false,
          valueMapper: prepareValue,
        });
      } catch (error) {
        // A value the driver cannot send: nothing runs. The statement (if just parsed) stays prepared
        // on the connection, as the client will record when its ParseComplete arrives.
        connection.sync();
        this.finish(error as Error);
        return null;
      }
      if (!this.shape.known) {
        connection.describe({ type: 'P', name: '' });
        this.described = true;
      }
      connection.execute({ portal: '', rows: 0 });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(message: { fields: FieldDescription[] }) {
    this.shape.learn(message.fields);
  }

  handleDataRow(message: { fields: (string | null)[] }) {
    if (this.rowError) return;
    try {
      this.rows.push(this.shape.row(message.fields));
    } catch (error) {
      // A value its parser refuses: reported once the statement has finished (as the driver does).
      this.rowError = error as Error;
    }
  }

  handleCommandComplete() {
    // Described and no row description came: the statement returns no rows.
    if (this.described && !this.shape.known) this.shape.learnNoRows();
  }

  handleEmptyQuery() {}

  handlePortalSuspended() {}

  handleCopyInResponse(connection: Connection) {
    connection.sendCopyFail('No source stream defined');
  }

  handleCopyData() {}

  handleError(error: Error) {
    this.finish(error);
  }

  handleReadyForQuery() {
    this.finish(this.rowError);
  }

  /** Answers once: after a refused bind the client still delivers this query's ReadyForQuery. */
  private finish(error: Error | null) {
    if (this.finished) return;
    this.finished = true;
    if (error) this.callback?.(error);
    else this.callback?.(null, { rows: this.rows });
  }
}

/** Runs a named statement on a pool with the lean submittable above. */
export function queryPreparedOn<TRow>(
  pool: pg.Pool,
  shapes: Map<string, RowShape<unknown>>,
  types: TypeParsers,
  name: string,
  text: string,
  values: unknown[],
): Promise<TRow[]> {
  let shape = shapes.get(name);
  if (!shape) {
    shape = new RowShape(types);
    shapes.set(name, shape);
  }
  const query = new PreparedQuery<TRow>(name, text, values, shape as RowShape<TRow>);
  return new Promise((resolve, reject) => {
    pool.query(
      query as never,
      undefined as never,
      ((error: Error | null, result?: { rows: TRow[] }) => {
        if (error) reject(error);
        else resolve(result?.rows ?? []);
      }) as never,
    );
  });
}
