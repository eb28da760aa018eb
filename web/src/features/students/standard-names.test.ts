import { describe, expect, it } from 'vitest';
import type { Standard } from '@um/contract';
import { standardLabeller, standardNamer } from './standard-names';

const standard = (id: number, name: string, academic_year: string): Standard => ({
  id,
  name,
  academic_year,
  grade_level: 7,
  description: '',
  created_at: '2026-06-01T00:00:00.000Z',
  updated_at: '2026-06-01T00:00:00.000Z',
  student_count: 0,
  version: 1,
  teachers: [],
});

describe('standard labels', () => {
  const standards = [
    standard(1, '7A', '2026'),
    standard(2, '7a', '2027'),
    standard(3, '8B', '2027'),
  ];

  it('adds the academic year only to names that another year has too', () => {
    const label = standardLabeller(standards);
    expect(standards.map(label)).toEqual(['7A (2026)', '7a (2027)', '8B']);
  });

  it('names a standard by id, and one the list does not hold by its id', () => {
    const nameOf = standardNamer(standards);
    expect([nameOf(1), nameOf(3), nameOf(9)]).toEqual(['7A (2026)', '8B', 'Standard 9']);
  });
});
