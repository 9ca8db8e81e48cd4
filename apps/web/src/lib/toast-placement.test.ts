import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastPositionBeforeFullScreenDialog } from './toast-placement';

const screenIs = (phone: boolean) =>
  vi
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) => ({ matches: phone, media: query }) as MediaQueryList);

describe('toastPositionBeforeFullScreenDialog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends the toast to the bottom edge on a phone, where the dialog has its title under the top bar', () => {
    const matchMedia = screenIs(true);
    expect(toastPositionBeforeFullScreenDialog()).toBe('bottom-center');
    expect(matchMedia).toHaveBeenCalledWith('(max-width: 639.98px)');
  });

  it("leaves the toaster's own place on wider screens (the dialog is centred)", () => {
    screenIs(false);
    expect(toastPositionBeforeFullScreenDialog()).toBeUndefined();
  });
});
