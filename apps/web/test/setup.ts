import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { installStrictFetch, takeUnhandledRequests } from './fetch-mock';

// Screens load as lazy chunks: on a busy machine (CI, or several suites at once on two cores) their
// first render can take longer than Testing Library's default 1 s for findBy*/waitFor, which then
// fails tests that are right. A missing element still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// Tests are strict about noise: a console.error (React warnings, failed props, act() warnings) or a
// request the test did not mock fails the test.
let consoleErrors: string[] = [];

function format(args: unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(' ');
}

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(args));
  });
  installStrictFetch();
});

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module store and replays active ones to the next <Toaster>.
  toast.dismiss();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.documentElement.className = '';
  localStorage.clear();

  const unhandled = takeUnhandledRequests();
  const errors = consoleErrors;
  if (unhandled.length > 0) throw new Error(`Unmocked requests:\n${unhandled.join('\n')}`);
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.join('\n---\n')}`);
});
