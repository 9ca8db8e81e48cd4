import { mockApi } from '@test/fetch-mock';
import { makeMe } from '@test/fixtures';
import { renderSignedIn } from '@test/render';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSignOut } from '@/features/auth';
import { forgetPrivateData } from './private-data';

/** Cache Storage holding the named caches, and a worker registration whose active worker listens. */
function deviceWith(names: string[]) {
  const kept = new Set(names);
  vi.stubGlobal('caches', {
    keys: vi.fn(async () => [...kept]),
    delete: vi.fn(async (name: string) => kept.delete(name)),
  });
  const active = { postMessage: vi.fn() };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: vi.fn(async () => ({ active })) },
  });
  return { kept, active };
}

function SignOutButton() {
  const { signOut } = useSignOut();
  return (
    <button type="button" onClick={() => signOut('/signin').catch(() => undefined)}>
      Sign Out
    </button>
  );
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("forgetting the member's offline data", () => {
  it('deletes the private caches, not the app shell or the device records, and tells the worker', async () => {
    const { kept, active } = deviceWith(['private-api', 'private-photos', 'workbox-precache-v2-x', 'device']);
    await forgetPrivateData();
    expect([...kept]).toEqual(['workbox-precache-v2-x', 'device']);
    expect(active.postMessage).toHaveBeenCalledWith({ type: 'FORGET_PRIVATE_DATA' });
  });

  it('has nothing to do in a browser without Cache Storage or service workers', async () => {
    await expect(forgetPrivateData()).resolves.toBeUndefined();
  });

  it('happens when the member signs out, once the server has ended the session', async () => {
    const { kept, active } = deviceWith(['private-api', 'private-photos']);
    const { calls } = mockApi({ 'POST /api/auth/sign-out': { status: 204 } });
    const { user } = renderSignedIn(<SignOutButton />, { me: makeMe() });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await vi.waitFor(() => expect([...kept]).toEqual([]));
    expect(active.postMessage).toHaveBeenCalledWith({ type: 'FORGET_PRIVATE_DATA' });
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/auth/sign-out']);
  });

  it('does not happen when signing out fails: the member is still signed in', async () => {
    const { kept } = deviceWith(['private-api']);
    const { calls } = mockApi({
      'POST /api/auth/sign-out': { status: 500, body: { error: { code: 'INTERNAL', message: 'Try again' } } },
    });
    const { user } = renderSignedIn(<SignOutButton />, { me: makeMe() });
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([...kept]).toEqual(['private-api']);
  });
});
