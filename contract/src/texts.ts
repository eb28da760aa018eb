import { LIMITS, LIST_LIMIT_MAX } from './constants.js';

/** The texts the product's screens show word for word, by area (spec-texts/). */
export * as texts from './spec-texts/index.js';

/** What a single-line field says of a line break, a tab or another control character in it. */
function singleLineText(field: string) {
  return `${field} must be one line of text, without line breaks, tabs or other control characters.`;
}

function formatCharacterText(field: string) {
  return `${field} must not hold invisible formatting characters, such as a right-to-left override or a zero-width space.`;
}

function nothingVisibleText(field: string) {
  return `${field} must have at least one letter, digit or sign that can be seen.`;
}

/**
 * The rules of each field, worded where the screens' fixed texts (spec-texts/) name a rule
 * without words for it, so that the browser and the server still say the same thing.
 */
export const fieldTexts = {
  emailInvalid: 'Enter a valid email address.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooLong: 'Password must be at most 128 characters.',
  currentPasswordRequired: 'Current password is required.',
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 100 characters.',
  otpFormat: 'The code is the 6 digits from the email.',
  termsRequired: 'You must accept the terms and conditions.',
  tokenRequired: 'Token is required.',
  tokenInvalid: 'The token is not valid.',
  standardNameTooLong: 'Standard name must be at most 100 characters.',
  descriptionTooLong: 'Description must be at most 1000 characters.',
  descriptionNotText: 'Description must be text.',
  academicYearFormat: 'Academic year must be a 4-digit year.',
  studentNameRequired: 'Name is required.',
  studentEmailRequired: 'Email is required.',
  rollNumberRequired: 'Roll number is required.',
  rollNumberTooLong: 'Roll number must be at most 20 characters.',
  standardRequired: 'Please choose a standard.',
  phoneInvalid: 'Phone number may hold up to 20 digits, spaces and + - ( ).',
  addressTooLong: 'Address must be at most 500 characters.',
  addressNotText: 'Address must be text.',
  messageTooLong: 'Message must be at most 5000 characters.',
  idInvalid: 'Id must be a positive whole number written in digits.',
  standardFilterInvalid:
    "Standard must be a standard's id: a positive whole number written in digits.",
  listLimitInvalid: `Limit must be a whole number from 1 to ${LIST_LIMIT_MAX}, written in digits.`,
  cursorInvalid: 'The cursor is not valid. Load the list again from the first page.',
  searchInvalid: `Search must be text of at most ${LIMITS.searchMax} characters.`,
  sortInvalid: 'Sort must be one of name, roll_number, -name or -roll_number.',
  versionInvalid: 'Version must be a positive whole number written in digits.',
  idMismatch: 'The id in the body must match the id in the path.',
  nulCharacter: 'Text must not contain the NUL character.',
  nameSingleLine: singleLineText('Name'),
  nameFormatCharacter: formatCharacterText('Name'),
  nameNothingVisible: nothingVisibleText('Name'),
  admissionNumberFormatCharacter: formatCharacterText('Admission number'),
  admissionNumberNothingVisible: nothingVisibleText('Admission number'),
  guardianFormatCharacter: formatCharacterText("Guardian's name"),
  guardianNothingVisible: nothingVisibleText("Guardian's name"),
  dateOfBirthTooEarly: 'Date of birth must be on or after 1 January 1900.',
  leftOnTooLate: 'Left on cannot be more than 31 days after today.',
  leftOnTooEarly: 'Left on must be on or after 1 January 1900.',
  leftOnBeforeBirth: 'Left on cannot be before the date of birth.',
  rollNumberSingleLine: singleLineText('Roll number'),
  emailSingleLine: singleLineText('Email'),
  standardNameSingleLine: singleLineText('Standard name'),
  loneSurrogate: 'Text must not contain half of a surrogate pair; paste it again.',
  admissionNumberTooLong: 'Admission number must be at most 32 characters.',
  admissionNumberSingleLine: singleLineText('Admission number'),
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
  dateOfBirthInFuture: 'Date of birth cannot be in the future.',
  statusInvalid: 'Status must be one of active, left or graduated.',
  statusFilterInvalid: 'Status must be one of active, left, graduated or all.',
  leftOnRequired: 'Enter the date the student left or graduated.',
  leftOnOnlyWhenGone: 'Only a student who left or graduated has a leaving date.',
  guardiansTooMany: 'A student has at most 4 guardians.',
  guardiansOnePrimary: 'Mark exactly one guardian as the primary contact.',
  guardianNameRequired: "Guardian's name is required.",
  guardianNameTooLong: "Guardian's name must be at most 100 characters.",
  guardianRelationTooLong: 'Relation must be at most 40 characters.',
  guardianSingleLine: singleLineText("Guardian's name"),
} as const;

const expectedKinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};

const named = (path: readonly PropertyKey[]) =>
  path.length > 0 ? `"${path.map(String).join('.')}"` : 'This value';

/**
 * What a person reads when a value breaks a rule no field text covers: a body that is not an
 * object, a field nobody asked for, or a rule a schema added without its own text. The
 * contract's error map (common.ts) words every such issue with these instead of the
 * validation library's own English.
 */
export const validationTexts = {
  bodyNotObject: 'Send the fields as one JSON object.',
  unknownFields: (keys: readonly string[]) =>
    `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}.`,
  required: (path: readonly PropertyKey[]) => `${named(path)} is required.`,
  wrongType: (path: readonly PropertyKey[], expected: string) =>
    `${named(path)} must be ${expectedKinds[expected] ?? 'of another kind'}.`,
  tooLong: (path: readonly PropertyKey[], maximum: number | bigint) =>
    `${named(path)} must be at most ${maximum} characters.`,
  tooShort: (path: readonly PropertyKey[], minimum: number | bigint) =>
    `${named(path)} must be at least ${minimum} characters.`,
  tooLarge: (path: readonly PropertyKey[], maximum: number | bigint) =>
    `${named(path)} must be at most ${maximum}.`,
  tooSmall: (path: readonly PropertyKey[], minimum: number | bigint) =>
    `${named(path)} must be at least ${minimum}.`,
  invalid: (path: readonly PropertyKey[]) => `${named(path)} is not valid.`,
} as const;

/**
 * Texts for what the product added to its first screens (editing a student, history, the bin),
 * in the same voice as spec-texts/ and kept here so the web app and its tests read them from one
 * place.
 */
export const appTexts = {
  students: {
    updated: 'Student updated successfully!',
    updateFailed: 'Failed to update student. Please try again.',
    count: (students: number) => (students === 1 ? '1 student' : `${students} students`),
    sortBy: 'Sort by',
    sorts: {
      name: 'Name, A to Z',
      '-name': 'Name, Z to A',
      roll_number: 'Roll number, first to last',
      '-roll_number': 'Roll number, last to first',
    },
    saveAndAddAnother: 'Save and add another',
    justAdded: 'Just added',
    listLabel: 'Students',
    /** A student as a button's name or a list of look-alikes tells it apart: name and roll number. */
    which: (name: string, rollNumber: string) => `${name}, ${rollNumber}`,
    deleteWhich: (name: string, rollNumber: string, standard: string) =>
      `${name}, roll number ${rollNumber}, ${standard}.`,
    duplicateTitle: 'This student may already be on the list',
    duplicateIntro:
      'Check the students below before saving. Save anyway only if this is someone else.',
    sameEmail: 'Same e-mail address',
    sameName: 'Same name in the same standard',
    sameAdmissionNumber: 'Same admission number',
    sameNameAndBirth: 'Same name and date of birth',
    saveAnyway: 'Save anyway',
  },
  history: {
    undo: 'Undo',
    studentRestored: 'Student restored.',
    standardRestored: 'Standard restored.',
    restoreFailed: 'Failed to restore. Please try again.',
    historyLoadFailed: 'Failed to load the history. Please try again.',
    showOlder: 'Show older changes',
    conflictTitle: 'Someone else changed this record while you were editing it',
    theirs: 'Their version',
    yours: 'Your version',
    keepTheirs: 'Keep theirs',
    saveMine: 'Save mine over it',
    binDescription:
      'Deleted students and standards stay here for 30 days, unless your school set another time, and can be restored with everything they held.',
    binEmpty: 'Nothing has been deleted recently.',
    binLoadFailed: 'Failed to load recently deleted records. Please try again.',
    recentlyDeleted: 'Recently deleted',
    editConflict:
      'Someone else saved this record after you opened it. Compare their changes with yours and choose which to keep.',
    notInBin:
      'That record is not in the recently deleted list; it may have been restored or purged.',
    standardInBin: (name: string) =>
      `The student's standard "${name}" is in the recently deleted list; restore it first.`,
    standardGone: "The student's standard no longer exists; the student cannot be restored.",
  },
} as const;

/**
 * The details of the API's own refusals (problem+json) that no screen's fixed text words: a
 * missing record, a clash a constraint found, a request that names no record.
 */
export const problemTexts = {
  studentNotFound: 'Student not found.',
  standardNotFound: 'Standard not found.',
  messageNotFound: 'Message not found.',
  standardMissing: 'The chosen standard does not exist.',
  rollNumberTaken: (rollNumber: string, standardName: string | undefined) =>
    `Roll number "${rollNumber}" is already taken in ${
      standardName === undefined ? 'this standard' : `standard "${standardName}"`
    }.`,
  admissionNumberTaken: (admissionNumber: string) =>
    `Admission number "${admissionNumber}" is already taken by another student.`,
  standardNameTaken: (name: string, academicYear: string) =>
    `A standard named "${name}" already exists for ${academicYear}.`,
  standardInUse: (name: string, students: number) =>
    `Standard "${name}" is in use by ${students === 1 ? '1 student' : `${students} students`}.`,
  deleteIdsDiffer: 'The id in the body and the id in the query differ.',
  deleteIdMissing: 'Say which student to delete: send its id.',
} as const;

/**
 * Texts for the everyday help no screen's fixed text words: a standard that cannot be deleted yet,
 * a form left with unsaved typing, a code sent again. Kept here so that the web app and its
 * tests read the same words.
 */
export const everydayTexts = {
  standardInUse: {
    title: (name: string) => `Standard ${name} is in use`,
    count: (students: number) =>
      `In use by ${students === 1 ? '1 student' : `${students} students`}`,
    help: 'Move its students to another standard or delete them first; then the standard can be deleted.',
    showStudents: 'Show its students',
  },
  unsaved: {
    title: 'Leave without saving?',
    message: 'What you typed in this form has not been saved and will be lost if you leave.',
    stay: 'Stay on this page',
    leave: 'Leave',
  },
  draftKept:
    'You were signed out while filling in this form. What you typed is back: save it, or cancel to discard it.',
  resend: {
    button: 'Resend code',
    wait: (seconds: number) => `Resend code in ${seconds} s`,
    /** The answer to asking again within the minute between codes: the code sent still works. */
    justSent: (seconds: number) =>
      `A code was sent less than a minute ago. You can ask for another in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  },
  resetLinkAgain: 'Ask for a new reset link',
  wrongCurrentPassword: 'The current password is not correct.',
} as const;

/** The student record's words on the web: the form's groups, guardians, status and printing. */
export const studentRecordTexts = {
  groups: { student: 'Student', guardians: 'Guardians', school: 'School' },
  admissionNumber: 'Admission number (optional)',
  dateOfBirth: 'Date of birth (optional)',
  status: 'Status',
  leftOn: 'Left on',
  statuses: { active: 'Active', left: 'Left', graduated: 'Graduated' },
  statusFilter: 'Filter by status',
  allStatuses: 'All',
  noGuardians: 'No guardian added yet.',
  addGuardian: 'Add guardian',
  removeGuardian: (position: number) => `Remove guardian ${position}`,
  guardianLegend: (position: number) => `Guardian ${position}`,
  guardianName: 'Name',
  guardianRelation: 'Relation (optional)',
  guardianPhone: 'Phone (optional)',
  guardianEmail: 'Email (optional)',
  guardianPrimary: 'Primary contact',
  guardiansMax: 'A student has at most 4 guardians.',
  print: 'Print',
  printing: 'Preparing the list…',
  printFailed: 'The list could not be prepared for printing.',
  printTitle: 'Class list',
  printAllStandards: 'All standards',
  printDate: (date: string) => `Printed ${date}`,
  printCount: (count: number) => `${count} student${count === 1 ? '' : 's'}`,
  printColumns: {
    roll: 'Roll no.',
    name: 'Name',
    admission: 'Admission no.',
    dateOfBirth: 'Date of birth',
    guardian: 'Guardian',
    phone: 'Phone',
  },
  paperSize: 'Paper',
  paperSizes: { A4: 'A4', Letter: 'Letter' },
  closePrint: 'Close the print view',
  /** A student's own page (docs/web.md, "A student's record"), for everyone signed in. */
  record: {
    open: (which: string) => `Open the record of ${which}`,
    back: 'All students',
    loading: 'Loading the student…',
    loadFailed: 'Failed to load the student. Please try again.',
    notFound: 'There is no such student. It may have been deleted.',
    history: 'History',
    edit: 'Edit',
    editTitle: (name: string) => `Edit student ${name}`,
    summary: (status: string, standard: string) => `${status} · ${standard}`,
    none: 'Not recorded',
    primary: 'Primary contact',
    noGuardians: 'No guardians recorded.',
    readOnly: 'Your role lets you read this record, not change it.',
    dateOfBirth: 'Date of birth',
    admissionNumber: 'Admission number',
    relation: 'Relation',
    screenTitle: 'Student',
  },
} as const;
