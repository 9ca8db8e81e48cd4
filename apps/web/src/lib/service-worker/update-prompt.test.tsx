import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { showUpdatePrompt } from './update-prompt';

describe('the update prompt', () => {
  it('says a new version is ready and offers Reload, once, however often it is shown', async () => {
    render(<Toaster />);
    const onReload = vi.fn();
    const user = userEvent.setup();
    showUpdatePrompt({ appName: 'Royal Circle', onReload });
    showUpdatePrompt({ appName: 'Royal Circle', onReload });
    expect(await screen.findByText('A new version of Royal Circle is ready.')).toBeInTheDocument();
    const reload = screen.getByRole('button', { name: 'Reload' });
    expect(screen.getAllByRole('button', { name: 'Reload' })).toHaveLength(1);
    await user.click(reload);
    expect(onReload).toHaveBeenCalledTimes(1);
    // Pressed once: it waits for the new version, which reloads the page.
    expect(reload).toBeDisabled();
  });

  it('stays until the page reloads: it cannot be put aside', async () => {
    render(<Toaster />);
    const user = userEvent.setup();
    showUpdatePrompt({ appName: 'Circle', onReload: vi.fn() });
    expect(await screen.findByText('A new version of Circle is ready.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByText('A new version of Circle is ready.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
  });
});
