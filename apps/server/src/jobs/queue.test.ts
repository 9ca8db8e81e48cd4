import { describe, expect, it } from 'vitest';
import { loggedRun } from './queue';

describe('a job’s run', () => {
  it('logs a failure at error level with the job’s name, and still fails for the queue', async () => {
    const errors: unknown[][] = [];
    const log = { error: (...args: unknown[]) => void errors.push(args) };
    const failure = new Error('1 due held transfer(s) could not be settled');
    const run = loggedRun({ name: 'transfer-release', run: () => Promise.reject(failure) }, log as never);
    await expect(run()).rejects.toBe(failure);
    expect(errors).toEqual([[{ err: failure, job: 'transfer-release' }, 'job failed']]);

    await loggedRun({ name: 'match-expiry', run: async () => 3 }, log as never)();
    expect(errors).toHaveLength(1);
  });
});
