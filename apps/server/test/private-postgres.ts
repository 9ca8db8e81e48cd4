import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);
const BIN = '/usr/local/bin';
/** PostgreSQL refuses to run as root: the server runs as the `postgres` account then. */
const asPostgres = userInfo().uid === 0;

async function pg(tool: string, args: string[]) {
  const [command, argv] = asPostgres
    ? ['runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]]
    : [join(BIN, tool), args];
  await run(command, argv);
}

/**
 * A PostgreSQL server of the test's own (initdb + pg_ctl in a temporary folder, on a spare port),
 * which the test may stop and start again on the same port and data: a restart, as the fault tests
 * need. The machine's shared PostgreSQL is never touched.
 */
export async function startPrivatePostgres() {
  const port = await freePort();
  const dir = mkdtempSync('/tmp/rc-fault-pg-');
  if (asPostgres) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout);
    chownSync(dir, await id('-u'), await id('-g'));
  }
  const data = join(dir, 'data');
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  // 'fast': what a restart by an operator or a package upgrade does (sessions get 57P01).
  const stop = () => pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async dispose() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
