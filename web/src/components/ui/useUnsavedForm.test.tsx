import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths, everydayTexts } from '@um/contract';
import type { Standard } from '@um/contract';
import { clearSession } from '../../lib/session';
import { stubFetch } from '../../test/fetch-stub';
import { renderApp, signIn, testUser } from '../../test/render-app';

const grade5: Standard = {
  id: 5,
  name: 'Grade 5 A',
  grade_level: 5,
  description: '',
  academic_year: '2026',
  created_at: '2026-01-10T08:00:00.000Z',
  updated_at: '2026-01-10T08:00:00.000Z',
  student_count: 0,
  version: 1,
  teachers: [],
};

function atStandards() {
  signIn();
  stubFetch({
    [`GET ${apiPaths.profile}`]: { body: testUser },
    [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    [`GET ${apiPaths.standards}`]: { body: { data: [grade5], next_cursor: null } },
  });
  return renderApp('/standards');
}

const sidebarLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name });

afterEach(() => {
  sessionStorage.clear();
});

describe('a half-filled form', () => {
  it('asks before a sidebar link leaves it, and stays when asked to', async () => {
    const user = userEvent.setup({ delay: null });
    atStandards();
    await user.click(await screen.findByRole('button', { name: 'Add Standard' }));
    await user.type(screen.getByLabelText('Name'), 'Grade 7 C');

    await user.click(sidebarLink('Dashboard'));
    const dialog = await screen.findByRole('dialog', { name: everydayTexts.unsaved.title });
    expect(dialog).toHaveAccessibleDescription(everydayTexts.unsaved.message);
    await user.click(within(dialog).getByRole('button', { name: everydayTexts.unsaved.stay }));

    expect(window.location.pathname).toBe('/standards');
    expect(screen.getByLabelText('Name')).toHaveValue('Grade 7 C');

    await user.click(sidebarLink('Dashboard'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: everydayTexts.unsaved.leave,
      }),
    );
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
  });

  it('lets a clean form go without asking', async () => {
    const user = userEvent.setup({ delay: null });
    atStandards();
    await user.click(await screen.findByRole('button', { name: 'Edit standard Grade 5 A' }));

    await user.click(sidebarLink('Dashboard'));
    expect(await screen.findByRole('heading', { name: /Welcome back/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has the browser ask before the tab closes, only while something is typed', async () => {
    const user = userEvent.setup({ delay: null });
    atStandards();
    await user.click(await screen.findByRole('button', { name: 'Add Standard' }));
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Name'), 'G');
    expect(unload()).toBe(true);
  });

  it('is kept when the session ends under it, and comes back to the same person only', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = atStandards();
    await user.click(await screen.findByRole('button', { name: 'Edit standard Grade 5 A' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Grade 5 Rose');

    // Signed out in another tab, or a session the server no longer takes: the same to this tab.
    act(() => clearSession());
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();

    signIn();
    await act(() => router.navigate('/standards'));
    const form = await screen.findByRole('region', { name: 'Edit standard Grade 5 A' });
    expect(within(form).getByLabelText('Name')).toHaveValue('Grade 5 Rose');
    expect(within(form).getByRole('status')).toHaveTextContent(everydayTexts.draftKept);

    // Offered back once.
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await act(() => router.navigate('/dashboard'));
    await act(() => router.navigate('/standards'));
    await screen.findByRole('heading', { name: 'Grade 5 A' });
    expect(
      screen.queryByRole('region', { name: 'Edit standard Grade 5 A' }),
    ).not.toBeInTheDocument();
  });

  it('is never offered to somebody else who signs in on the tab', async () => {
    const user = userEvent.setup({ delay: null });
    const { router } = atStandards();
    await user.click(await screen.findByRole('button', { name: 'Add Standard' }));
    await user.type(screen.getByLabelText('Name'), 'Grade 9 D');
    act(() => clearSession());
    await screen.findByRole('heading', { name: 'Log in' });
    expect(sessionStorage.length).toBe(1);

    signIn({ id: '8', email: 'bea@school.test', name: 'Bea', role: 'staff', status: 'active' });
    await act(() => router.navigate('/standards'));
    await screen.findByRole('heading', { name: 'Grade 5 A' });
    expect(screen.queryByRole('region', { name: 'Add a standard' })).not.toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });
});

describe('a message being written', () => {
  it('asks before leaving, and is kept when the session ends under it', async () => {
    const user = userEvent.setup({ delay: null });
    signIn();
    stubFetch({
      [`GET ${apiPaths.profile}`]: { body: testUser },
      [`GET ${apiPaths.messages}`]: { body: { data: [], next_cursor: null, unread_count: 0 } },
    });
    const { router } = renderApp('/messages');
    await user.click(await screen.findByRole('button', { name: 'New Message' }));
    await user.type(screen.getByLabelText('Message'), 'Staff meeting moved to 3 pm');

    await user.click(sidebarLink('Dashboard'));
    await user.click(
      within(await screen.findByRole('dialog', { name: everydayTexts.unsaved.title })).getByRole(
        'button',
        { name: everydayTexts.unsaved.stay },
      ),
    );
    expect(window.location.pathname).toBe('/messages');

    act(() => clearSession());
    await screen.findByRole('heading', { name: 'Log in' });
    signIn();
    await act(() => router.navigate('/messages'));
    expect(await screen.findByLabelText('Message')).toHaveValue('Staff meeting moved to 3 pm');
  });
});

describe('the inline add and edit forms', () => {
  it('close on Escape, and focus goes back to the button that opened them', async () => {
    const user = userEvent.setup({ delay: null });
    atStandards();
    const add = await screen.findByRole('button', { name: 'Add Standard' });
    await user.click(add);
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Add a standard' })).not.toBeInTheDocument();
    expect(add).toHaveFocus();

    const edit = screen.getByRole('button', { name: 'Edit standard Grade 5 A' });
    await user.click(edit);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(
      screen.queryByRole('region', { name: 'Edit standard Grade 5 A' }),
    ).not.toBeInTheDocument();
    expect(edit).toHaveFocus();
  });
});
