import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './Dialog';

function DeleteButton({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete
      </button>
      <ConfirmDialog
        open={open}
        title="Delete student"
        message="Are you sure you want to delete this student?"
        confirmLabel="Delete"
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('is a labelled modal dialog that starts on Cancel', async () => {
    const user = userEvent.setup();
    render(<DeleteButton onConfirm={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('dialog', { name: 'Delete student' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to delete this student?');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(<DeleteButton onConfirm={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    const cancel = screen.getByRole('button', { name: 'Cancel' });

    await user.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toHaveTextContent('Delete');
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).not.toBe(cancel);
  });

  it('closes on Escape and gives focus back to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<DeleteButton onConfirm={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('runs the action on confirm and returns focus as well', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteButton onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);

    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('makes the app behind it inert while open', async () => {
    const user = userEvent.setup();
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    render(<DeleteButton onConfirm={vi.fn()} />, { container: root });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(root.inert).toBe(true);
    await user.keyboard('{Escape}');
    expect(root.inert).toBe(false);
    root.remove();
  });

  it('gives focus back only once the app is no longer inert, as browsers refuse focus inside inert', async () => {
    const user = userEvent.setup();
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    render(<DeleteButton onConfirm={vi.fn()} />, { container: root });
    const opener = screen.getByRole('button', { name: 'Delete' });
    const inertWhenFocused: boolean[] = [];
    opener.addEventListener('focus', () => inertWhenFocused.push(root.inert));

    await user.click(opener);
    inertWhenFocused.length = 0;
    await user.keyboard('{Escape}');

    expect(inertWhenFocused).toEqual([false]);
    root.remove();
  });
});
