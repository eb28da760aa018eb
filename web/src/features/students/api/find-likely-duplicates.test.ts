import { describe, expect, it } from 'vitest';
import { studentInputSchema } from '@um/contract';
import type { Student } from '@um/contract';
import { likeness } from './find-likely-duplicates';

const stamp = '2026-06-01T08:00:00.000Z';

function onList(id: number, fields: Partial<Student> = {}): Student {
  return {
    id,
    name: `Pupil ${id}`,
    email: '',
    roll_number: String(id),
    standard: 9,
    phone_number: '',
    address: '',
    admission_number: '',
    date_of_birth: null,
    status: 'active',
    left_on: null,
    guardians: [],
    created_at: stamp,
    updated_at: stamp,
    version: 1,
    ...fields,
  };
}

const toSave = (fields: Record<string, unknown>) =>
  studentInputSchema.parse({ roll_number: '900', standard: 9, ...fields });

describe('likely duplicates', () => {
  it('finds none among many students without an e-mail or admission number for a new one without them', () => {
    const list = Array.from({ length: 130 }, (_, index) => onList(index + 1));
    const values = toSave({ name: 'Kavya Menon' });
    expect(list.map((student) => likeness(student, values)).filter(Boolean)).toEqual([]);
  });

  it('matches an e-mail address or admission number both have, whatever the case', () => {
    const values = toSave({
      name: 'Kavya Menon',
      email: 'kavya@home.test',
      admission_number: 'ADM-7',
    });
    expect(likeness(onList(1, { email: 'Kavya@Home.test' }), values)).toMatchObject({
      sameEmail: true,
      sameAdmissionNumber: false,
    });
    expect(likeness(onList(2, { admission_number: 'adm-7' }), values)).toMatchObject({
      sameEmail: false,
      sameAdmissionNumber: true,
    });
  });

  it('matches the name with the same date of birth in any standard, and the name alone only in the same standard', () => {
    const values = toSave({ name: 'Kavya  menon', date_of_birth: '2014-01-26' });
    const elsewhere = { name: 'Kavya Menon', standard: 10 };
    expect(
      likeness(onList(1, { ...elsewhere, date_of_birth: '2014-01-26' }), values),
    ).toMatchObject({ sameNameAndBirth: true, sameName: false });
    expect(likeness(onList(2, { ...elsewhere, date_of_birth: '2013-01-26' }), values)).toBeNull();
    expect(likeness(onList(3, elsewhere), values)).toBeNull();
    expect(likeness(onList(4, { name: 'Kavya Menon' }), values)).toMatchObject({ sameName: true });
    const noBirthDate = toSave({ name: 'Kavya Menon' });
    expect(likeness(onList(5, { ...elsewhere, date_of_birth: null }), noBirthDate)).toBeNull();
  });
});
