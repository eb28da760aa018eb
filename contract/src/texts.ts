/** The texts SPEC.md fixes word for word, by area (spec-texts/). */
export * as texts from './spec-texts/index.js';

/**
 * Texts the spec leaves open (field rules it names without wording). They live beside the
 * spec's texts so that the browser and the server still say the same thing.
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
  standardNameTooLong: 'Standard name must be at most 100 characters.',
  descriptionTooLong: 'Description must be at most 1000 characters.',
  academicYearFormat: 'Academic year must be a 4-digit year.',
  studentNameRequired: 'Name is required.',
  studentEmailRequired: 'Email is required.',
  rollNumberRequired: 'Roll number is required.',
  rollNumberTooLong: 'Roll number must be at most 20 characters.',
  standardRequired: 'Please choose a standard.',
  phoneInvalid: 'Phone number may hold up to 20 digits, spaces and + - ( ).',
  addressTooLong: 'Address must be at most 500 characters.',
  messageTooLong: 'Message must be at most 5000 characters.',
  idInvalid: 'Id must be a positive integer.',
  idMismatch: 'The id in the body must match the id in the path.',
  nulCharacter: 'Text must not contain the NUL character.',
  loneSurrogate: 'Text must not contain half of a surrogate pair; paste it again.',
} as const;

/**
 * Texts for what the product does beyond the spec (editing a student), written in the spec's
 * voice and kept here so the web app and its tests read them from one place.
 */
export const appTexts = {
  students: {
    updated: 'Student updated successfully!',
    updateFailed: 'Failed to update student. Please try again.',
  },
} as const;
