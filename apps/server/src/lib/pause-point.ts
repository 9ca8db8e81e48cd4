import type { AppConfig } from '../config';

/**
 * A named step where a test may stop the server (a money operation's, a unit of work's between COMMIT
 * and publish, an e-mail's hand-over): with TEST_PAUSE_AT=<name> (refused in production by the
 * config), reaching the step prints `PAUSED <name>` on stderr and waits forever (the process serves
 * on), so the restart tests SIGKILL it at exactly that point. Otherwise it costs nothing.
 */
export async function pausePoint(config: Pick<AppConfig, 'testPauseAt'>, name: string): Promise<void> {
  if (config.testPauseAt !== name) return;
  process.stderr.write(`PAUSED ${name}\n`);
  await new Promise(() => {});
}
