// Server tests fail on unexpected console noise; the app logs through pino at 'silent' in tests.
import { afterEach, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
});
