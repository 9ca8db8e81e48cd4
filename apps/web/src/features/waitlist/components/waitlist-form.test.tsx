import { WAITLIST_REQUIREMENTS, WAITLIST_SUCCESS_TITLE } from '@royal/shared';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { WaitlistForm } from './waitlist-form';

describe('WaitlistForm', () => {
  it('keeps Submit disabled until every required field is filled, then sends the application', async () => {
    const user = userEvent.setup();
    let clock = 0;
    const onApply = vi.fn().mockResolvedValue(undefined);
    render(<WaitlistForm onApply={onApply} now={() => clock} />);
    for (const requirement of WAITLIST_REQUIREMENTS)
      expect(screen.getByText(requirement)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    const submit = screen.getByRole('button', { name: 'Submit Application' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Full name'), 'Amara Okafor');
    await user.type(screen.getByLabelText('Email'), 'amara@example.com');
    await user.type(screen.getByLabelText('Why do you want to join?'), 'Discretion and class.');
    expect(submit).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('City'), 'Miami, FL');
    expect(submit).toBeEnabled();
    clock = 9000;
    await user.click(submit);
    expect(onApply).toHaveBeenCalledWith({
      full_name: 'Amara Okafor',
      email: 'amara@example.com',
      reason: 'Discretion and class.',
      city: 'Miami, FL',
      website: '',
      fill_ms: 9000,
    });
    expect(await screen.findByRole('heading', { name: WAITLIST_SUCCESS_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/48-72 hours/)).toBeInTheDocument();
    for (const step of ['Application review', 'Phone verification call', 'Background check'])
      expect(screen.getByText(step)).toBeInTheDocument();
  });

  it('stays on the form, with what was typed, when the server refuses', async () => {
    const user = userEvent.setup();
    const onApply = vi
      .fn()
      .mockRejectedValue(new Error('An application with this e-mail is already on the waitlist.'));
    render(<WaitlistForm onApply={onApply} />);
    await user.type(screen.getByLabelText('Full name'), 'Amara');
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    await user.type(screen.getByLabelText('Why do you want to join?'), 'Because.');
    await user.selectOptions(screen.getByLabelText('City'), 'Dubai, UAE');
    await user.type(screen.getByLabelText('Referral code (optional)'), 'RC-ABC');
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(onApply.mock.calls[0]?.[0]).toMatchObject({ referral_code: 'RC-ABC', city: 'Dubai, UAE' });
    expect(await screen.findByRole('button', { name: 'Submit Application' })).toBeEnabled();
    expect(screen.getByLabelText('Full name')).toHaveValue('Amara');
  });
});
