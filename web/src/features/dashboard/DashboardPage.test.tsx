import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardPage } from './DashboardPage';

const user = { id: '1', email: 'ada@school.test', name: 'Ada Lovelace' };

describe('dashboard', () => {
  it('greets the user by name and shows the email', () => {
    render(<DashboardPage user={user} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ada@school.test')).toBeInTheDocument();
  });

  it('greets by email when the user has no name', () => {
    render(<DashboardPage user={{ ...user, name: ' ' }} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome back, ada@school.test!' }),
    ).toBeInTheDocument();
  });

  it('brings the cards in', () => {
    render(<DashboardPage user={user} />);
    const animations = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((card) => card.classList.contains('animate-fade-in-up'));
    expect(animations).toEqual([true, true, true, true]);
  });

  it('shows the four fixed sample stat cards', () => {
    render(<DashboardPage user={user} />);
    const cards = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Total Projects12',
      'Active Tasks24',
      'Students156',
      'Standards8',
    ]);
  });
});
