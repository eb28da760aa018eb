import { describe, expect, it } from 'vitest';
import {
  buildPath,
  apiPaths,
  changePasswordRequestSchema,
  firstFieldErrors,
  loginRequestSchema,
  messageInputSchema,
  texts,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  standardInputSchema,
  standardUpdateSchema,
  studentInputSchema,
  studentListQuerySchema,
  currentAcademicYear,
  GRADE_LEVEL_MAX,
  GRADE_LEVEL_MIN,
  NOTICE_DISMISS_MS,
  RESET_REDIRECT_MS,
  SESSION_STORAGE_DAYS,
  THEME_STORAGE_KEY,
  DURATION_MS,
  ANIMATION,
  COLORS,
  GLASS_BLUR_PX,
  PILL_RADIUS,
  DEFAULT_GRADE_LEVEL,
  DEFAULT_STUDENT_STANDARD,
  MESSAGE_PREVIEW_LINES,
} from './index.js';
import type { z } from 'zod';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  return result.success ? {} : firstFieldErrors(result.error);
}

const validStandard = { name: 'Grade 5 A', grade_level: 5, description: '', academic_year: '2026' };
const validStudent = {
  name: 'Asha Rao',
  email: 'asha@pupils.test',
  roll_number: '12',
  standard: 3,
};
const validRegistration = {
  name: 'Staff Member',
  email: 'staff@school.test',
  password: 'long enough password',
  password2: 'long enough password',
  tc: true,
  otp: '123456',
};

describe('user-facing messages', () => {
  it('holds the spec texts word for word', () => {
    expect(texts.login.failed).toBe('Login failed. Please check your credentials.');
    expect(texts.google.noCredential).toBe('No credential received from Google.');
    expect(texts.google.loginFailed).toBe('Google login failed. Please try again.');
    expect(texts.google.loginButtonError).toBe(
      'Google login failed. Please try again or use email/password login.',
    );
    expect(texts.google.registrationFailed).toBe('Google registration failed. Please try again.');
    expect(texts.google.registrationButtonError).toBe(
      'Google registration failed. Please try again or use email registration.',
    );
    expect(texts.register.emailRequired).toBe('Please enter your email address');
    expect(texts.register.otpRequired).toBe('Please enter the OTP sent to your email');
    expect(texts.register.passwordsDoNotMatch).toBe('Passwords do not match');
    expect(texts.register.otpSendFailed).toBe('Failed to send OTP. Please try again.');
    expect(texts.register.otpSent).toBe('OTP sent to your email. Please check your inbox.');
    expect(texts.register.failed).toBe('Registration failed. Please try again.');
    expect(texts.forgotPassword.failed).toBe('Failed to send reset email. Please try again.');
    expect(texts.forgotPassword.sent).toBe(
      'If an account exists for this email, a password reset link has been sent.',
    );
    expect(texts.resetPassword.failed).toBe(
      'Failed to reset password. The link may be invalid or expired.',
    );
    expect(texts.resetPassword.succeeded).toBe('Password has been reset. Redirecting to login...');
    expect(texts.access.pleaseLogIn).toBe('Please log in to access this page');
    expect(texts.access.authenticationRequired).toBe('Authentication required. Please log in.');
    expect(texts.access.notAuthenticated).toBe('Not authenticated');
    expect(texts.students).toMatchObject({
      addFailed: 'Failed to add student. Please try again.',
      deleteFailed: 'Failed to delete student.',
      loadFailed: 'Failed to load students. Please try again.',
      standardsLoadFailed: 'Failed to load standards. Please refresh the page.',
      added: 'Student added successfully!',
      deleted: 'Student deleted successfully!',
      empty: 'No students found',
      confirmDelete: 'Are you sure you want to delete this student?',
    });
    expect(texts.standards).toMatchObject({
      nameRequired: 'Standard name is required.',
      gradeLevelRange: 'Grade level must be between 1 and 12.',
      addFailed: 'Failed to add standard. Please try again.',
      updateFailed: 'Failed to update standard. Please try again.',
      deleteFailed: 'Failed to delete standard. It might be in use by students.',
      loadFailed: 'Failed to load standards. Please try again.',
      added: 'Standard added successfully!',
      updated: 'Standard updated successfully!',
      deleted: 'Standard deleted successfully!',
      empty: 'No standards found. Click "Add Standard" to create your first standard.',
      confirmDelete: 'Are you sure you want to delete this standard? This action cannot be undone.',
    });
    expect(texts.inbox).toMatchObject({
      contentRequired: 'Message content is required.',
      sendFailed: 'Failed to send message. Please try again.',
      markReadFailed: 'Failed to mark message as read.',
      deleteFailed: 'Failed to delete message.',
      loadFailed: 'Failed to load messages. Please try again.',
      sent: 'Message sent successfully!',
      deleted: 'Message deleted successfully!',
      empty: 'No messages found. Click "New Message" to send your first message.',
      confirmDelete: 'Are you sure you want to delete this message?',
    });
    expect(texts.errorFallback).toEqual({
      title: 'Something went wrong',
      refresh: 'Refresh Page',
      home: 'Go to Dashboard',
    });
    expect(texts.shell.toggleColorMode).toBe('Toggle color mode');
  });
});

describe('business constants', () => {
  it('are the ones the product fixes', () => {
    expect([GRADE_LEVEL_MIN, GRADE_LEVEL_MAX, DEFAULT_GRADE_LEVEL]).toEqual([1, 12, 1]);
    expect(DEFAULT_STUDENT_STANDARD).toBe(0);
    expect(SESSION_STORAGE_DAYS).toBe(7);
    expect(NOTICE_DISMISS_MS).toBe(5000);
    expect(RESET_REDIRECT_MS).toBe(1500);
    expect(THEME_STORAGE_KEY).toBe('theme');
    expect(MESSAGE_PREVIEW_LINES).toBe(2);
    expect(DURATION_MS).toEqual({ fast: 150, normal: 250, slow: 400 });
    expect(ANIMATION).toEqual({ floatMs: 6000, fadeInUpMs: 600 });
    expect(GLASS_BLUR_PX).toBe(12);
    expect(PILL_RADIUS).toBe('9999px');
    expect(COLORS.light).toEqual({ background: '#f8fafc', text: '#0f172a' });
    expect(COLORS.dark).toEqual({ background: '#0b1020', text: '#e2e8f0' });
  });

  it('gives the current calendar year as the academic year', () => {
    expect(currentAcademicYear(new Date('2031-03-04T10:00:00Z'))).toBe('2031');
  });
});

describe('standard rules', () => {
  it.each([0, 13, 2.5, -1])('rejects grade level %s with the spec message', (grade) => {
    expect(errorsOf(standardInputSchema, { ...validStandard, grade_level: grade })).toEqual({
      grade_level: 'Grade level must be between 1 and 12.',
    });
  });

  it.each([1, 12])('accepts grade level %s', (grade) => {
    expect(standardInputSchema.safeParse({ ...validStandard, grade_level: grade }).success).toBe(
      true,
    );
  });

  it('rejects a name that is blank after trimming with the spec message', () => {
    expect(errorsOf(standardInputSchema, { ...validStandard, name: '   ' })).toEqual({
      name: 'Standard name is required.',
    });
    expect(errorsOf(standardInputSchema, { ...validStandard, name: undefined })).toEqual({
      name: 'Standard name is required.',
    });
  });

  it('trims name and description and treats a missing description as empty', () => {
    const parsed = standardInputSchema.parse({
      ...validStandard,
      name: ' 5 A ',
      description: ' x ',
    });
    expect(parsed).toMatchObject({ name: '5 A', description: 'x' });
    const { description: _omitted, ...withoutDescription } = validStandard;
    expect(standardInputSchema.parse(withoutDescription).description).toBe('');
  });

  it('defaults the academic year to the current year and rejects other formats', () => {
    const { academic_year: _omitted, ...withoutYear } = validStandard;
    expect(standardInputSchema.parse(withoutYear).academic_year).toBe(currentAcademicYear());
    expect(errorsOf(standardInputSchema, { ...validStandard, academic_year: '26' })).toHaveProperty(
      'academic_year',
    );
  });

  it('bounds name at 100 and description at 1000 characters', () => {
    expect(
      errorsOf(standardInputSchema, { ...validStandard, name: 'x'.repeat(101) }),
    ).toHaveProperty('name');
    expect(
      errorsOf(standardInputSchema, { ...validStandard, description: 'x'.repeat(1001) }),
    ).toHaveProperty('description');
  });

  it('rejects unknown fields and lets an update carry an id', () => {
    expect(standardInputSchema.safeParse({ ...validStandard, admin: true }).success).toBe(false);
    expect(standardUpdateSchema.parse({ ...validStandard, id: 4 }).id).toBe(4);
  });
});

describe('student rules', () => {
  it('requires name, roll number and standard, and not an e-mail', () => {
    expect(Object.keys(errorsOf(studentInputSchema, {})).sort()).toEqual([
      'name',
      'roll_number',
      'standard',
    ]);
  });

  it('parses the standard from an integer string and refuses 0 (none chosen)', () => {
    expect(studentInputSchema.parse({ ...validStudent, standard: '7' }).standard).toBe(7);
    expect(errorsOf(studentInputSchema, { ...validStudent, standard: 0 })).toEqual({
      standard: 'Please choose a standard.',
    });
    expect(errorsOf(studentInputSchema, { ...validStudent, standard: 'seven' })).toHaveProperty(
      'standard',
    );
  });

  it('keeps phone and address optional, trimmed and bounded', () => {
    const parsed = studentInputSchema.parse({
      ...validStudent,
      phone_number: ' +91 (80) 1234-5678 ',
    });
    expect(parsed).toMatchObject({ phone_number: '+91 (80) 1234-5678', address: '' });
    expect(
      errorsOf(studentInputSchema, { ...validStudent, phone_number: 'call me' }),
    ).toHaveProperty('phone_number');
    expect(
      errorsOf(studentInputSchema, { ...validStudent, address: 'x'.repeat(501) }),
    ).toHaveProperty('address');
  });

  it('rejects an invalid email and normalises a valid one', () => {
    expect(errorsOf(studentInputSchema, { ...validStudent, email: 'not-an-email' })).toEqual({
      email: 'Enter a valid email address.',
    });
    expect(studentInputSchema.parse({ ...validStudent, email: ' Asha@Pupils.TEST ' }).email).toBe(
      'asha@pupils.test',
    );
  });

  it('caps the list limit at 200 and defaults it to 50', () => {
    expect(studentListQuerySchema.parse({}).limit).toBe(50);
    expect(studentListQuerySchema.safeParse({ limit: '201' }).success).toBe(false);
  });
});

describe('message rules', () => {
  it('requires content after trimming with the spec message', () => {
    expect(errorsOf(messageInputSchema, { content: '  \n ' })).toEqual({
      content: 'Message content is required.',
    });
    expect(messageInputSchema.parse({ content: ' hi ' }).content).toBe('hi');
    expect(errorsOf(messageInputSchema, { content: 'x'.repeat(5001) })).toHaveProperty('content');
  });
});

describe('auth rules', () => {
  it('asks for the email with the spec message when it is empty', () => {
    expect(errorsOf(sendOtpRequestSchema, { email: '  ' })).toEqual({
      email: 'Please enter your email address',
    });
  });

  it('requires the OTP with the spec message and six digits', () => {
    expect(errorsOf(registerRequestSchema, { ...validRegistration, otp: '' })).toEqual({
      otp: 'Please enter the OTP sent to your email',
    });
    expect(errorsOf(registerRequestSchema, { ...validRegistration, otp: '12ab56' })).toHaveProperty(
      'otp',
    );
  });

  it('refuses mismatched passwords with the spec message', () => {
    expect(
      errorsOf(registerRequestSchema, { ...validRegistration, password2: 'different one' }),
    ).toEqual({
      password2: 'Passwords do not match',
    });
    expect(
      errorsOf(resetPasswordRequestSchema, { password: 'abcdefgh', password2: 'abcdefgi' }),
    ).toEqual({ password2: 'Passwords do not match' });
    expect(
      errorsOf(changePasswordRequestSchema, {
        current_password: 'old',
        password: 'abcdefgh',
        password2: 'abcdefgi',
      }),
    ).toEqual({ password2: 'Passwords do not match' });
  });

  it('requires tc to be true', () => {
    expect(errorsOf(registerRequestSchema, { ...validRegistration, tc: false })).toHaveProperty(
      'tc',
    );
  });

  it('accepts passwords of 8 to 128 characters only', () => {
    const withPassword = (password: string) => ({
      ...validRegistration,
      password,
      password2: password,
    });
    expect(errorsOf(registerRequestSchema, withPassword('x'.repeat(7)))).toHaveProperty('password');
    expect(registerRequestSchema.safeParse(withPassword('x'.repeat(8))).success).toBe(true);
    expect(registerRequestSchema.safeParse(withPassword('x'.repeat(128))).success).toBe(true);
    expect(errorsOf(registerRequestSchema, withPassword('x'.repeat(129)))).toHaveProperty(
      'password',
    );
  });

  it('requires email and password to log in', () => {
    expect(Object.keys(errorsOf(loginRequestSchema, { email: '', password: '' })).sort()).toEqual([
      'email',
      'password',
    ]);
  });
});

describe('paths', () => {
  it('fills and encodes path parameters', () => {
    expect(buildPath(apiPaths.resetPassword, { id: 'MQ', token: 'a/b' })).toBe(
      '/api/user/reset-password/MQ/a%2Fb/',
    );
    expect(buildPath(apiPaths.messageRead, { id: 9 })).toBe('/api/message/9/read/');
  });
});
