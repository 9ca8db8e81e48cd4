import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelfieCamera } from './selfie-camera';

/** A camera whose permission prompt the test answers: `grant()` resolves getUserMedia. */
function installCamera() {
  const track = { stop: vi.fn() };
  // A real MediaStream (a <video> takes no other), with a track the test can watch.
  const stream = Object.assign(new MediaStream(), {
    getTracks: () => [track as unknown as MediaStreamTrack],
  });
  let grant: () => void = () => {};
  const getUserMedia = vi.fn(
    () =>
      new Promise<MediaStream>((resolve) => {
        grant = () => resolve(stream);
      }),
  );
  // happy-dom has no camera; the property is put back after the test.
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { track, getUserMedia, grant: () => grant() };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('SelfieCamera', () => {
  it('stops a camera stream that arrives after the step closed', async () => {
    const camera = installCamera();
    const { unmount } = render(<SelfieCamera selfie={null} onChange={() => {}} />);
    expect(await screen.findByText('Starting the camera…')).toBeInTheDocument();
    expect(camera.getUserMedia).toHaveBeenCalledTimes(1);

    // The member closes the wizard while the browser is still asking for the camera.
    unmount();
    camera.grant();

    await vi.waitFor(() => expect(camera.track.stop).toHaveBeenCalledTimes(1));
  });

  it('stops the live camera when the step closes', async () => {
    const camera = installCamera();
    const { unmount } = render(<SelfieCamera selfie={null} onChange={() => {}} />);
    camera.grant();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Take Photo' })).toBeEnabled());
    expect(camera.track.stop).not.toHaveBeenCalled();

    unmount();
    expect(camera.track.stop).toHaveBeenCalledTimes(1);
  });
});
