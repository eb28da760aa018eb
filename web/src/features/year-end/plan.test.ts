import { describe, expect, it } from 'vitest';
import { yearEndSchema } from '@um/contract';
import type { Standard } from '@um/contract';
import { byGrade, defaultTarget, nextName, targetIn, yearEndInput } from './plan';

const standard = (id: number, name: string, grade: number, year = '2025'): Standard => ({
  id,
  name,
  grade_level: grade,
  description: '',
  academic_year: year,
  created_at: '2025-06-01T08:00:00.000Z',
  updated_at: '2025-06-01T08:00:00.000Z',
  student_count: 0,
  version: 1,
  teachers: [],
});

describe('the year end plan', () => {
  it("guesses the next grade's name from the grade's number in the name, and only that number", () => {
    expect(nextName(standard(1, 'Class 9 A', 9))).toBe('Class 10 A');
    expect(nextName(standard(1, '9C', 9))).toBe('10C');
    expect(nextName(standard(1, 'Grade 1 (room 19)', 1))).toBe('Grade 2 (room 19)');
    expect(nextName(standard(1, 'Blue', 3))).toBe('Blue');
  });

  it('graduates the last grade, and sends the others one grade up: to the standard of the likely name, or a new one', () => {
    const next = [
      standard(20, 'Class 10 A', 10, '2026'),
      standard(21, 'Class 10 B', 10, '2026'),
      standard(22, 'Class 9 B', 9, '2026'),
    ];
    expect(defaultTarget(standard(1, 'Class 10 B', 10), 10, next)).toEqual({ kind: 'graduate' });
    expect(defaultTarget(standard(2, 'Class 9 B', 9), 10, next)).toEqual({
      kind: 'existing',
      id: 21,
    });
    // No "Class 10 C" next year: the first standard one grade up.
    expect(defaultTarget(standard(3, 'Class 9 C', 9), 10, next)).toEqual({
      kind: 'existing',
      id: 20,
    });
    expect(defaultTarget(standard(4, 'Class 8 B', 8), 10, next)).toEqual({
      kind: 'existing',
      id: 22,
    });
    // A standard of the same name in the same grade is no step up.
    expect(defaultTarget(standard(6, 'Blue', 3), 10, [standard(23, 'Blue', 3, '2026')])).toEqual({
      kind: 'new',
      name: 'Blue',
      gradeLevel: '4',
    });
    expect(defaultTarget(standard(5, 'Twelve', 12), 13, [])).toEqual({
      kind: 'new',
      name: 'Twelve',
      gradeLevel: '12',
    });
  });

  it("keeps the person's choice while it names a standard of the next year", () => {
    const fallback = { kind: 'graduate' } as const;
    const next = [standard(20, 'Class 10 A', 10, '2026')];
    expect(targetIn(undefined, fallback, next)).toBe(fallback);
    expect(targetIn({ kind: 'existing', id: 20 }, fallback, next)).toEqual({
      kind: 'existing',
      id: 20,
    });
    expect(targetIn({ kind: 'existing', id: 99 }, fallback, next)).toBe(fallback);
  });

  it('writes the request the contract checks, an empty grade level refused as out of range', () => {
    const rows = byGrade([standard(2, 'Class 9 A', 9), standard(1, 'Class 8 A', 8)]).map(
      (one, index) => ({
        standard: one,
        target:
          index === 0
            ? ({ kind: 'new', name: ' Class 9 B ', gradeLevel: '' } as const)
            : ({ kind: 'graduate' } as const),
      }),
    );
    const input = yearEndInput('2025', '2026', rows, [
      { id: 7, name: 'Asha Rao', roll_number: '4', standard: 1 },
    ]);
    expect(input.moves).toEqual([
      { from_standard: 1, to_new: { name: ' Class 9 B ', grade_level: Number.NaN } },
      { from_standard: 2, graduate: true },
    ]);
    expect(input.keep).toEqual([7]);
    const checked = yearEndSchema.safeParse(input);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'moves.0.to_new.grade_level',
    ]);
  });
});
