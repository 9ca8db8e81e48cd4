import type { AppConfig } from '../config';

/**
 * A named step of a money operation where a test may stop the server: with TEST_PAUSE_AT=<name>
 * (refused in production by the config), reaching the step prints `PAUSED <name>` on stderr and waits
 * forever, so the restart tests SIGKILL the process at exactly that point. Otherwise it costs nothing.
 */
export async function pausePoint(config: Pick<AppConfig, 'testPauseAt'>, name: string): Promise<void> {
  if (config.testPauseAt !== name) return;
  process.stderr.write(`PAUSED ${name}\n`);
  await new Promise(() => {});
}
