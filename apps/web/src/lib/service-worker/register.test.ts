import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseAppIdentity } from '../app-identity';
import { registerServiceWorker } from './register';

// A browser's service worker objects, as far as the page uses them: events, the worker slots of a
// registration, postMessage. The test moves them through their states as a browser would.
class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  readonly postMessage = vi.fn();
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  readonly update = vi.fn(async () => undefined);
}

class FakeContainer extends EventTarget {
  controller: FakeWorker | null = null;
  readonly registration = new FakeRegistration();
  readonly register = vi.fn(async () => this.registration);
  get ready() {
    return Promise.resolve(this.registration);
  }
}

const asContainer = (fake: FakeContainer) => fake as unknown as ServiceWorkerContainer;
const PROMPT = 'A new version of Royal Circle is ready.';

/** The page as the app draws it (the toaster the prompt shows in) with the worker registered. */
async function registered(fake: FakeContainer) {
  render(createElement(Toaster));
  const reload = vi.fn();
  const user = userEvent.setup();
  await registerServiceWorker({ container: asContainer(fake), reload });
  return { reload, user };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the service worker registration', () => {
  it('registers /sw.js for the whole site and tells the worker the face this device chose', async () => {
    localStorage.setItem('rc.app-identity', 'neutral');
    const fake = new FakeContainer();
    fake.registration.active = new FakeWorker();
    await registered(fake);
    expect(fake.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    await vi.waitFor(() =>
      expect(fake.registration.active?.postMessage).toHaveBeenCalledWith({
        type: 'APP_FACE',
        face: 'neutral',
      }),
    );
  });

  it('offers nothing for the first worker of a device: it takes the page without a reload', async () => {
    const fake = new FakeContainer();
    await registered(fake);
    const first = new FakeWorker();
    fake.registration.installing = first;
    fake.registration.dispatchEvent(new Event('updatefound'));
    fake.registration.waiting = first;
    first.moveTo('installed');
    fake.registration.waiting = null;
    fake.registration.active = first;
    first.moveTo('activated');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  });

  it('offers a new version once it has installed, and Reload lets it take over before loading again', async () => {
    const fake = new FakeContainer();
    fake.registration.active = new FakeWorker();
    const { reload, user } = await registered(fake);
    expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();

    const next = new FakeWorker();
    fake.registration.installing = next;
    fake.registration.dispatchEvent(new Event('updatefound'));
    fake.registration.waiting = next;
    next.moveTo('installed');
    await user.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(screen.getByText(PROMPT)).toBeInTheDocument();
    expect(next.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    // The page loads again only once the new worker controls it, and only once.
    expect(reload).not.toHaveBeenCalled();
    fake.dispatchEvent(new Event('controllerchange'));
    fake.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a version an earlier visit found waiting, in the neutral name on a discreet device', async () => {
    localStorage.setItem('rc.app-identity', 'neutral');
    const fake = new FakeContainer();
    fake.registration.active = new FakeWorker();
    fake.registration.waiting = new FakeWorker();
    await registered(fake);
    expect(await screen.findByText('A new version of Circle is ready.')).toBeInTheDocument();
  });

  it('just loads the page again when another tab has already let the new version take over', async () => {
    const fake = new FakeContainer();
    fake.registration.active = new FakeWorker();
    const waiting = new FakeWorker();
    fake.registration.waiting = waiting;
    const { reload, user } = await registered(fake);
    const button = await screen.findByRole('button', { name: 'Reload' });
    fake.registration.waiting = null;
    await user.click(button);
    expect(waiting.postMessage).not.toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('asks for a new version every hour while the page is in sight', async () => {
    vi.useFakeTimers();
    const fake = new FakeContainer();
    await registerServiceWorker({ container: asContainer(fake), reload: vi.fn() });
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(fake.registration.update).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.registration.update).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the browser has no service workers', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    await expect(registerServiceWorker()).resolves.toBeUndefined();
  });

  it('tells the worker when the member changes the face of this device', () => {
    const controller = new FakeWorker();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller } });
    chooseAppIdentity('neutral');
    expect(controller.postMessage).toHaveBeenLastCalledWith({ type: 'APP_FACE', face: 'neutral' });
    chooseAppIdentity('royal');
    expect(controller.postMessage).toHaveBeenLastCalledWith({ type: 'APP_FACE', face: 'royal' });
  });
});
