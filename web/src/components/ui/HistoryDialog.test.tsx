import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEvent } from '@um/contract';
import { HistoryDialog } from './HistoryDialog';

const labels = { name: 'Name', grade_level: 'Grade level', description: 'Description' };
const event = (id: number, action: HistoryEvent['action'], changes: HistoryEvent['changes']) => ({
  id,
  at: '2026-11-20T09:30:00.000Z',
  actor: { id: 8, name: 'Tom Okafor' },
  action,
  changes,
  batch_id: null,
});

function show(props: Partial<Parameters<typeof HistoryDialog>[0]>) {
  const onClose = vi.fn();
  render(
    <HistoryDialog
      open
      title="History of standard Class 9 C"
      events={undefined}
      fieldLabels={labels}
      onClose={onClose}
      {...props}
    />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'History of standard Class 9 C' }), onClose };
}

describe('HistoryDialog', () => {
  it("tells an edit and an import field by field, in the field's name, and an add or a delete in one line", () => {
    const { dialog } = show({
      events: [
        event(4, 'delete', { name: { from: 'Class 9 C', to: null } }),
        event(3, 'import', { description: { from: 'Arts', to: 'Science' } }),
        event(2, 'update', {
          grade_level: { from: 8, to: 9 },
          description: { from: '', to: 'Arts' },
        }),
        event(1, 'create', { name: { from: null, to: 'Class 9 C' } }),
      ],
    });

    const items = within(dialog)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('time'));
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      `Tom Okafor deleted it on ${new Date('2026-11-20T09:30:00.000Z').toLocaleString()}`,
      `Tom Okafor imported it on ${new Date('2026-11-20T09:30:00.000Z').toLocaleString()}`,
      `Tom Okafor changed it on ${new Date('2026-11-20T09:30:00.000Z').toLocaleString()}`,
      `Tom Okafor added it on ${new Date('2026-11-20T09:30:00.000Z').toLocaleString()}`,
    ]);
    expect(within(items[1]!).getByRole('list')).toHaveTextContent(
      'Description: “Arts” → “Science”',
    );
    expect(
      within(items[2]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Grade level: “8” → “9”', 'Description: nothing → “Arts”']);
    expect(within(items[0]!).queryByRole('list')).not.toBeInTheDocument();
    expect(within(items[3]!).queryByRole('list')).not.toBeInTheDocument();
  });

  it('says while it loads', () => {
    const { dialog } = show({});
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading the history…');
  });

  it('says when nothing has been recorded yet', () => {
    const { dialog } = show({ events: [] });
    expect(dialog).toHaveTextContent('No changes have been recorded yet.');
  });

  it('shows why the history could not be read, and closes on request', async () => {
    const { dialog, onClose } = show({ events: undefined, error: 'Standard not found.' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Standard not found.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('reads values the way the screen describes them', () => {
    const { dialog } = show({
      events: [event(2, 'update', { grade_level: { from: 8, to: 9 } })],
      describe: (_field, value) => `grade ${String(value)}`,
    });
    expect(dialog).toHaveTextContent('Grade level: grade 8 → grade 9');
  });
});
