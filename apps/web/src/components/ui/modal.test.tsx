import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModalContent, ModalHeader } from './modal';

/** jsdom lays nothing out: give the panel the box sizes a browser would measure. */
function layOut(
  panel: HTMLElement,
  { scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number },
) {
  Object.defineProperty(panel, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(panel, 'clientHeight', { configurable: true, value: clientHeight });
}

function scrollTo(panel: HTMLElement, top: number) {
  act(() => {
    Object.defineProperty(panel, 'scrollTop', { configurable: true, value: top });
    fireEvent.scroll(panel);
  });
}

function renderModal(onOpenChange = vi.fn()) {
  render(
    <Dialog.Root open onOpenChange={onOpenChange}>
      <ModalContent>
        <ModalHeader title="Escrow Wallet" description="Funds held safely in escrow." />
        <p>A long body</p>
      </ModalContent>
    </Dialog.Root>,
  );
  return screen.getByRole('dialog', { name: 'Escrow Wallet' });
}

describe('ModalContent', () => {
  it('marks the panel while more of a tall body is below (its bottom fade) and once it is scrolled', () => {
    const panel = renderModal();
    expect(panel).toHaveAccessibleDescription('Funds held safely in escrow.');
    expect(panel).not.toHaveAttribute('data-more-below');

    layOut(panel, { scrollHeight: 900, clientHeight: 500 });
    scrollTo(panel, 0);
    expect(panel).toHaveAttribute('data-more-below');
    expect(panel).not.toHaveAttribute('data-scrolled');

    scrollTo(panel, 200);
    expect(panel).toHaveAttribute('data-scrolled');
    expect(panel).toHaveAttribute('data-more-below');

    scrollTo(panel, 400);
    expect(panel).not.toHaveAttribute('data-more-below');
  });

  it('shows no fade when the panel clips instead of scrolling (a layout of its own inside)', () => {
    const panel = renderModal();
    panel.style.overflowY = 'hidden';
    layOut(panel, { scrollHeight: 900, clientHeight: 500 });
    scrollTo(panel, 0);
    expect(panel).not.toHaveAttribute('data-more-below');
  });

  it('keeps a close button in the header', async () => {
    const onOpenChange = vi.fn();
    const panel = renderModal(onOpenChange);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

/** A dialog opened by an ordinary button, as the app's screens open theirs. */
function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Escrow Wallet
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <ModalContent>
          <ModalHeader title="Escrow Wallet" description="Funds held safely in escrow." />
        </ModalContent>
      </Dialog.Root>
    </>
  );
}

describe('ModalContent focus', () => {
  it('gives the focus back to the button that opened it (no Dialog.Trigger), not to the page', async () => {
    const user = userEvent.setup();
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Escrow Wallet' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Escrow Wallet' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
