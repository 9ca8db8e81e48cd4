// Server tests fail on unexpected console noise: the app logs through pino ('silent' in tests), so
// anything on console.error or console.warn is a library or a bug talking, and a test should say so.
import { afterEach, beforeEach, vi } from 'vitest';

const noise: string[] = [];

beforeEach(() => {
  noise.length = 0;
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      noise.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  if (noise.length > 0) {
    const lines = noise.splice(0);
    throw new Error(`Unexpected console output:\n${lines.join('\n')}`);
  }
});
