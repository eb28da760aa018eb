import { describe, expect, it } from 'vitest';
import { importScreenTexts } from '@um/contract';
import { guessMapping, mappingProblems, outputColumns } from './columns';

describe('matching a file’s headings to the student fields', () => {
  it('takes the documented names, written any way the import reads them', () => {
    expect(
      guessMapping(['name', 'E-mail', 'Roll Number', ' STANDARD ', 'phone number', 'Address']),
    ).toEqual(['name', 'email', 'roll_number', 'standard', 'phone_number', 'address']);
  });

  it('takes the headings spreadsheets use instead, punctuation and all', () => {
    expect(guessMapping(['Student Name', 'Roll No.', 'Class', 'Email', 'Mobile'])).toEqual([
      'name',
      'roll_number',
      'standard',
      'email',
      'phone_number',
    ]);
    expect(guessMapping(["Student's Name", 'Roll #', 'Grade', 'Phone', 'Home Address'])).toEqual([
      'name',
      'roll_number',
      'standard',
      'phone_number',
      'address',
    ]);
  });

  it('takes the headings of a school record: birth date, admission number, guardian and parent phone', () => {
    expect(
      guessMapping([
        'Admission No',
        'Student Name',
        'DOB',
        'Date of birth',
        'Guardian',
        'Relationship',
        'Parent Phone',
        "Parent's E-mail",
        'Status',
      ]),
    ).toEqual([
      'admission_number',
      'name',
      'date_of_birth',
      null,
      'guardian_name',
      'guardian_relation',
      'guardian_phone',
      'guardian_email',
      'status',
    ]);
    expect(guessMapping(['Guardian Name', 'Birth Date', 'Adm. No.'])).toEqual([
      'guardian_name',
      'date_of_birth',
      'admission_number',
    ]);
  });

  it("takes a father's and a mother's columns as that parent's, so the relation goes with them", () => {
    expect(
      guessMapping([
        'Student Name',
        'Father Name',
        'Father Mobile',
        'Father Email',
        "Mother's Name",
        'Mother Mobile No.',
        'Mother E-mail ID',
        'Father',
      ]),
    ).toEqual([
      'name',
      'father_name',
      'father_phone',
      'father_email',
      'mother_name',
      'mother_phone',
      'mother_email',
      null,
    ]);
    expect(guessMapping(['Mother', "Father's Contact No"])).toEqual([
      'mother_name',
      'father_phone',
    ]);
  });

  it('leaves out headings it does not know, and a field named a second time', () => {
    expect(guessMapping(['Name', 'Blood Group', 'Student Name', 'Standard', ''])).toEqual([
      'name',
      null,
      null,
      'standard',
      null,
    ]);
  });

  it('names the required fields no column fills and the fields two columns fill', () => {
    const { fieldMissing, fieldRepeated } = importScreenTexts;
    expect(mappingProblems(['name', 'email', 'roll_number', 'standard'])).toEqual([]);
    expect(mappingProblems(['name', null, 'name', 'standard'])).toEqual([
      fieldMissing(['Roll number']),
      fieldRepeated(['Name']),
    ]);
  });

  it('writes the mapped columns in the documented order, each read from its own column', () => {
    expect(outputColumns([null, 'standard', 'name', 'email', null, 'roll_number'])).toEqual([
      { name: 'name', source: 2 },
      { name: 'email', source: 3 },
      { name: 'roll_number', source: 5 },
      { name: 'standard', source: 1 },
    ]);
  });
});
