import {
  importScreenTexts,
  normaliseCsvHeader,
  importCsvColumns,
  requiredStudentCsvColumns,
} from '@um/contract';
import type { ImportCsvColumn } from '@um/contract';

/** Where each column of a file goes: a student's field, or null when it is left out. */
export type ColumnMapping = (ImportCsvColumn | null)[];

/** What spreadsheets write after "Father" or "Mother" for each of a parent's columns. */
const parentSuffixes = {
  name: ['', 'name', 'full_name'],
  phone: [
    'phone',
    'phone_no',
    'phone_number',
    'mobile',
    'mobile_no',
    'mobile_number',
    'contact',
    'contact_no',
    'contact_number',
    'cell',
  ],
  email: ['email', 'e_mail', 'email_id', 'e_mail_id', 'email_address', 'mail'],
} as const;

/**
 * A parent's headings for one of their columns, as `headingKey` writes them: "Father",
 * "Father's Name", "Father Mobile", "Mother Email ID", so the relation goes with the column.
 */
const parentHeadings = (parent: 'father' | 'mother', field: keyof typeof parentSuffixes) =>
  [parent, `${parent}s`].flatMap((form) =>
    parentSuffixes[field].map((suffix) => (suffix ? `${form}_${suffix}` : form)),
  );

/**
 * The headings spreadsheets use for each field besides its own name, as `headingKey` writes
 * them. Only this screen reads them: the API takes the documented column names, and the file it
 * receives is rewritten with those.
 */
const headingVariants: Record<ImportCsvColumn, readonly string[]> = {
  name: ['student_name', 'students_name', 'full_name', 'student', 'pupil', 'pupil_name'],
  email: ['e_mail', 'email_address', 'e_mail_address', 'mail', 'student_email', 'student_e_mail'],
  roll_number: ['roll_no', 'roll', 'rollno', 'roll_num', 'roll_nr'],
  standard: ['class', 'grade', 'std', 'class_name', 'standard_name'],
  phone_number: [
    'phone',
    'phone_no',
    'mobile',
    'mobile_no',
    'mobile_number',
    'contact',
    'contact_no',
    'contact_number',
    'telephone',
    'tel',
  ],
  address: ['home_address', 'residential_address', 'postal_address', 'street_address'],
  admission_number: [
    'admission_no',
    'admission',
    'adm_no',
    'admn_no',
    'admission_id',
    'student_id',
    'enrolment_no',
    'enrollment_no',
    'enrolment_number',
    'enrollment_number',
  ],
  date_of_birth: ['dob', 'd_o_b', 'birth_date', 'birthdate', 'birthday', 'born', 'date_born'],
  status: ['student_status', 'enrolment_status', 'enrollment_status'],
  guardian_name: [
    'guardian',
    'parent',
    'parent_name',
    'parents_name',
    'guardians_name',
    'parent_guardian',
    'parent_or_guardian',
  ],
  guardian_relation: ['relation', 'relationship', 'guardian_relationship', 'parent_relation'],
  guardian_phone: [
    'parent_phone',
    'parents_phone',
    'guardian_phone_no',
    'guardian_mobile',
    'parent_mobile',
    'parent_contact',
    'guardian_contact',
    'emergency_contact',
    'parent_phone_number',
    'guardian_phone_number',
  ],
  guardian_email: [
    'parent_email',
    'parents_email',
    'guardian_e_mail',
    'parent_e_mail',
    'parents_e_mail',
  ],
  father_name: parentHeadings('father', 'name'),
  father_phone: parentHeadings('father', 'phone'),
  father_email: parentHeadings('father', 'email'),
  mother_name: parentHeadings('mother', 'name'),
  mother_phone: parentHeadings('mother', 'phone'),
  mother_email: parentHeadings('mother', 'email'),
};

/**
 * A heading as the import reads it, without the punctuation people add: "Roll No." and
 * "Roll #" are `roll_no` and `roll`, "Student's Name" is `students_name`.
 */
const headingKey = (heading: string) =>
  normaliseCsvHeader(heading)
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');

const fieldByKey = new Map<string, ImportCsvColumn>(
  importCsvColumns.flatMap((column) => [
    [column, column] as const,
    ...headingVariants[column].map((variant) => [variant, column] as const),
  ]),
);

/**
 * The field each heading names, by its own name or a usual variant. A field goes to the first
 * column that names it; a later one naming it again is left out, for the person to decide.
 */
export function guessMapping(headings: readonly string[]): ColumnMapping {
  const taken = new Set<ImportCsvColumn>();
  return headings.map((heading) => {
    const field = fieldByKey.get(headingKey(heading));
    if (field === undefined || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** What stops a mapping from being sent: required fields no column fills, fields two fill. */
export function mappingProblems(mapping: ColumnMapping): string[] {
  const { fieldLabels, fieldMissing, fieldRepeated } = importScreenTexts;
  const missing = requiredStudentCsvColumns.filter((field) => !mapping.includes(field));
  const repeated = importCsvColumns.filter(
    (field) => mapping.filter((chosen) => chosen === field).length > 1,
  );
  return [
    ...(missing.length > 0 ? [fieldMissing(missing.map((field) => fieldLabels[field]))] : []),
    ...(repeated.length > 0 ? [fieldRepeated(repeated.map((field) => fieldLabels[field]))] : []),
  ];
}

/** A column of the file sent to the API: its documented name, and the file's column it is read from. */
export interface OutputColumn {
  name: ImportCsvColumn;
  source: number;
}

/** The columns the mapping fills, in the documented order (an export's, then the parents'). */
export const outputColumns = (mapping: ColumnMapping): OutputColumn[] =>
  importCsvColumns
    .filter((column) => mapping.includes(column))
    .map((name) => ({ name, source: mapping.indexOf(name) }));
