import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from '../src/config';

// The README's commands are what a newcomer types first: an example that the server refuses (one
// once left out the key rings production requires on an external database) costs them their first
// ten minutes. These tests read the commands out of the README and give them to the config parser.

const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');

/** The first ```sh block after the heading. */
function shellBlockAfter(heading: string): string {
  const section = readme.slice(readme.indexOf(heading));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block?.[1]) throw new Error(`no shell block after ${heading}`);
  return block[1];
}

/** The `NAME=value` words before `npm start` on the block's first command, as the shell would set them. */
function environmentOf(command: string): Record<string, string> {
  const line = command
    .replace(/\\\n/g, ' ')
    .split('\n')
    .find((candidate) => candidate.includes('npm start'));
  if (!line) throw new Error('no npm start in the block');
  const words = line
    .slice(0, line.indexOf('npm start'))
    .replace(/\$\(openssl rand -base64 (\d+)\)/g, (_, bytes: string) =>
      randomBytes(Number(bytes)).toString('base64'),
    )
    .trim()
    .split(/\s+/);
  return Object.fromEntries(
    words.map((word) => {
      const equals = word.indexOf('=');
      return [word.slice(0, equals), word.slice(equals + 1)];
    }),
  );
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('the README', () => {
  it('runs on PostgreSQL and Redis as its example is written (npm start sets NODE_ENV=production)', () => {
    const env = environmentOf(shellBlockAfter('## Running against PostgreSQL and Redis'));
    expect(env.DATABASE_URL).toMatch(/^postgres:/);
    expect(problemsOf({ ...env, NODE_ENV: 'production' })).toEqual([]);
  });

  it('gives a container the demo with the command it names', () => {
    const command = /`(HOST=0\.0\.0\.0 [^`]*npm start)`/.exec(readme)?.[1];
    expect(command).toBeDefined();
    const env = environmentOf(command ?? '');
    const config = loadConfig({
      ...env,
      NODE_ENV: 'production',
      AUTH_SECRET: 'readme-test-secret-readme-test-secret-0123',
      DATA_DIR: '/tmp/rc-readme-test',
    });
    expect(config.demoMode).toBe(true);
    expect(config.seedDemo).toBe(true);
  });
});
