import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appTexts } from '@um/contract';
import { EditConflict } from './EditConflict';

const fields = [
  { label: 'Name', theirs: 'Grade 5 A', yours: ' Grade 5 A ' },
  { label: 'Grade level', theirs: '5', yours: '6' },
  { label: 'Description', theirs: 'Morning shift', yours: '' },
];

describe('EditConflict', () => {
  it('names itself as an alert and shows only the fields where the two versions differ', () => {
    render(
      <EditConflict fields={fields} saving={false} onKeepTheirs={vi.fn()} onSaveMine={vi.fn()} />,
    );

    const conflict = screen.getByRole('alert', { name: appTexts.history.conflictTitle });
    expect(conflict).toHaveTextContent(appTexts.history.editConflict);
    const rows = within(conflict).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Grade level56',
      'DescriptionMorning shift—',
    ]);
  });

  it('hands the choice to the form, and offers no second save while one is under way', async () => {
    const onKeepTheirs = vi.fn();
    const onSaveMine = vi.fn();
    const { rerender } = render(
      <EditConflict
        fields={fields}
        saving={false}
        onKeepTheirs={onKeepTheirs}
        onSaveMine={onSaveMine}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: appTexts.history.keepTheirs }));
    expect(onKeepTheirs).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: appTexts.history.saveMine }));
    expect(onSaveMine).toHaveBeenCalledOnce();

    rerender(
      <EditConflict fields={fields} saving onKeepTheirs={onKeepTheirs} onSaveMine={onSaveMine} />,
    );
    expect(screen.getByRole('button', { name: appTexts.history.keepTheirs })).toBeDisabled();
    expect(
      screen.getByRole('button', { name: new RegExp(appTexts.history.saveMine) }),
    ).toBeDisabled();
  });
});
