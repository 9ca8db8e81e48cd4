import { mockApi, SESSION, SIGNED_OUT } from '@test/fetch-mock';
import { createTestQueryClient } from '@test/render';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { AppProviders, TOAST_TOP } from './providers';

describe('the toaster', () => {
  it('puts every toast in the top bar’s band, on phones and wide screens alike', async () => {
    mockApi({ [SESSION]: SIGNED_OUT });
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <button type="button" onClick={() => toast.success('Saved', { description: 'All done' })}>
          Save
        </button>
      </AppProviders>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));

    const toaster = (await screen.findByText('Saved')).closest<HTMLElement>('[data-sonner-toaster]');
    expect(toaster).toHaveAttribute('data-y-position', 'top');
    // Not below the top bar, where a page's heading, a dialog's title or the first card begins.
    expect(TOAST_TOP).not.toContain('--topbar-height');
    expect(toaster?.style.getPropertyValue('--offset-top')).toBe(TOAST_TOP);
    expect(toaster?.style.getPropertyValue('--mobile-offset-top')).toBe(TOAST_TOP);
  });
});
