import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { appTexts, dailyUseTexts } from '@um/contract';
import { EditConflict } from './EditConflict';
import { withTheirs } from './useEditConflict';

// The edit started from Grade 5 A, grade 5, no description. The colleague then changed the
// description and the grade; here the grade was changed too, and the name only by spaces.
const fields = [
  { name: 'name', label: 'Name', before: 'Grade 5 A', theirs: 'Grade 5 A', yours: ' Grade 5 A ' },
  { name: 'grade_level', label: 'Grade level', before: '5', theirs: '7', yours: '6' },
  { name: 'description', label: 'Description', before: '', theirs: 'Morning shift', yours: '' },
  { name: 'room', label: 'Room', before: '12', theirs: '14', yours: '14' },
];

const conflictProps = { fields, saving: false, onKeepTheirs: vi.fn(), onSave: vi.fn() };

describe('EditConflict', () => {
  it('names who saved, and shows only the fields they changed to something other than what was typed', () => {
    render(<EditConflict {...conflictProps} by={{ name: 'Tom Okafor' }} />);

    const conflict = screen.getByRole('alert', { name: dailyUseTexts.conflict.by('Tom Okafor') });
    expect(conflict).toHaveTextContent(dailyUseTexts.conflict.help);
    const rows = within(conflict).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Grade level76',
      'DescriptionMorning shift—',
    ]);
  });

  it('says "someone else" when the history does not name them, and "you" for a save of their own', () => {
    const { rerender } = render(<EditConflict {...conflictProps} by={null} />);
    expect(screen.getByRole('alert', { name: appTexts.history.conflictTitle })).toBeInTheDocument();
    rerender(<EditConflict {...conflictProps} by="you" />);
    expect(screen.getByRole('alert', { name: dailyUseTexts.conflict.byYou })).toBeInTheDocument();
  });

  it('keeps what was changed here and takes theirs elsewhere, unless the person chooses otherwise', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<EditConflict {...conflictProps} by={{ name: 'Tom Okafor' }} onSave={onSave} />);

    const grade = screen.getByRole('radio', { name: `Grade level, ${appTexts.history.yours}: 6` });
    expect(grade).toBeChecked();
    const description = screen.getByRole('radio', {
      name: `Description, ${appTexts.history.theirs}: Morning shift`,
    });
    expect(description).toBeChecked();
    await user.click(screen.getByRole('button', { name: dailyUseTexts.conflict.save }));
    expect(onSave).toHaveBeenLastCalledWith(['description']);

    await user.click(
      screen.getByRole('radio', { name: `Grade level, ${appTexts.history.theirs}: 7` }),
    );
    await user.click(
      screen.getByRole('radio', { name: `Description, ${appTexts.history.yours}: —` }),
    );
    await user.click(screen.getByRole('button', { name: dailyUseTexts.conflict.save }));
    expect(onSave).toHaveBeenLastCalledWith(['grade_level']);
  });

  it('says so when nothing they changed differs from what was typed', () => {
    render(<EditConflict {...conflictProps} by={null} fields={fields.slice(0, 1)} />);
    expect(screen.getByRole('alert')).toHaveTextContent(dailyUseTexts.conflict.nothingToChoose);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('hands the choice to the form, and offers no second save while one is under way', async () => {
    const onKeepTheirs = vi.fn();
    const { rerender } = render(
      <EditConflict {...conflictProps} by={null} onKeepTheirs={onKeepTheirs} />,
    );

    await userEvent.click(screen.getByRole('button', { name: appTexts.history.keepTheirs }));
    expect(onKeepTheirs).toHaveBeenCalledOnce();

    rerender(<EditConflict {...conflictProps} by={null} saving />);
    expect(screen.getByRole('button', { name: appTexts.history.keepTheirs })).toBeDisabled();
    expect(
      screen.getByRole('button', { name: new RegExp(dailyUseTexts.conflict.save) }),
    ).toBeDisabled();
  });
});

describe('withTheirs', () => {
  it('takes the chosen fields from their version and keeps the rest as typed', () => {
    const typed = { name: 'Ravi K', phone: '+91 33333 44444', address: '' };
    const theirs = { name: 'Ravi Kumar', phone: '+91 11111 22222', address: 'New Road 4' };
    expect(withTheirs(typed, theirs, ['address', 'unknown'])).toEqual({
      name: 'Ravi K',
      phone: '+91 33333 44444',
      address: 'New Road 4',
    });
  });
});
