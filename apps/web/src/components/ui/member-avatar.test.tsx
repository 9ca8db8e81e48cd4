import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MemberAvatar } from './member-avatar';

describe('MemberAvatar', () => {
  it('shows the face square it is given, round and filling the circle', () => {
    render(<MemberAvatar name="Sofia" src="/api/photos/abc?size=face" />);
    const img = screen.getByRole('img', { name: 'Sofia' });
    expect(img).toHaveAttribute('src', '/api/photos/abc?size=face');
    expect(img).toHaveClass('rounded-full', 'object-cover');
  });

  it("shows the member's initial when they have no photo", () => {
    render(<MemberAvatar name=" sofia" src={null} />);
    expect(screen.getByRole('img', { name: 'sofia' })).toHaveTextContent('S');
  });

  it('is hidden from screen readers when decorative, with or without a photo', () => {
    const { container } = render(
      <>
        <MemberAvatar name="Sofia" src="/api/photos/abc?size=face" decorative />
        <MemberAvatar name="Ava" src={null} decorative />
      </>,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('alt', '');
    expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent('A');
  });
});
