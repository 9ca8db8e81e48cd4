import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { installStrictFetch, takeUnhandledRequests } from './fetch-mock';

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
