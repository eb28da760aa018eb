import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appTexts,
  changePasswordRequestSchema,
  fieldErrors,
  fieldTexts,
  forgotPasswordRequestSchema,
  googleRequestSchema,
  idParamsSchema,
  listQuerySchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageInputSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordParamsSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  standardInputSchema,
  standardUpdateSchema,
  studentDeleteSchema,
  studentInputSchema,
  studentListQuerySchema,
  studentUpdateSchema,
  texts,
  validationTexts,
} from './index.js';

const validStudent = {
  name: 'Asha Rao',
  email: 'asha@pupils.test',
  roll_number: '12',
  standard: 3,
};
const validStandard = { name: 'Grade 5 A', grade_level: 5, description: '', academic_year: '2026' };
const passwords = { password: 'long enough password', password2: 'long enough password' };

/** Every request schema, a valid value of it, and every field a client may send it. */
const requestSchemas: Array<[string, z.ZodType, Record<string, unknown>, string[]]> = [
  ['login', loginRequestSchema, { email: 'a@school.test', password: 'x' }, ['email', 'password']],
  ['send_otp', sendOtpRequestSchema, { email: 'a@school.test' }, ['email']],
  [
    'register',
    registerRequestSchema,
    { name: 'Staff', email: 'a@school.test', ...passwords, tc: true, otp: '123456' },
    ['name', 'email', 'password', 'password2', 'tc', 'otp'],
  ],
  [
    'changepassword',
    changePasswordRequestSchema,
    { current_password: 'old one', ...passwords },
    ['current_password', 'password', 'password2'],
  ],
  ['forgot password', forgotPasswordRequestSchema, { email: 'a@school.test' }, ['email']],
  ['reset password', resetPasswordRequestSchema, passwords, ['password', 'password2']],
  ['reset link', resetPasswordParamsSchema, { id: 'MQ', token: 'abc' }, ['id', 'token']],
  ['google', googleRequestSchema, { token: 'abc' }, ['token']],
  ['refresh', refreshRequestSchema, { refresh: 'abc' }, ['refresh']],
  ['logout', logoutRequestSchema, { refresh: 'abc' }, ['refresh']],
  [
    'student',
    studentInputSchema,
    validStudent,
    ['name', 'email', 'roll_number', 'standard', 'phone_number', 'address'],
  ],
  [
    'student update',
    studentUpdateSchema,
    { ...validStudent, id: 1 },
    ['name', 'email', 'roll_number', 'standard', 'phone_number', 'address', 'id'],
  ],
  ['student delete', studentDeleteSchema, { id: 1 }, ['id']],
  ['student list', studentListQuerySchema, {}, ['standard', 'q', 'limit', 'cursor']],
  [
    'standard',
    standardInputSchema,
    validStandard,
    ['name', 'grade_level', 'description', 'academic_year'],
  ],
  [
    'standard update',
    standardUpdateSchema,
    validStandard,
    ['name', 'grade_level', 'description', 'academic_year', 'id'],
  ],
  ['message', messageInputSchema, { content: 'hello' }, ['content']],
  ['list', listQuerySchema, {}, ['limit', 'cursor']],
  ['id in a path', idParamsSchema, { id: '1' }, ['id']],
];

/** Values of every kind a client might put in a field instead of the one it expects. */
const wrongValues: unknown[] = [
  undefined,
  null,
  '',
  ' ',
  'text',
  '0x3',
  '1e0',
  '-1',
  0,
  -1,
  1.5,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  true,
  false,
  [],
  [6],
  {},
  { nested: 1 },
  'x'.repeat(20_000),
  '\u0000',
  '\uD800',
];

/** Every string held anywhere in a texts object. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

const writtenTexts = new Set([
  ...stringsOf(texts),
  ...stringsOf(fieldTexts),
  ...stringsOf(appTexts),
]);

describe('single-line fields', () => {
  const controls = ['\n', '\r', '\t', '\u0000', '\u001b', '\u0085', '\u2028', '\u2029', '\u007f'];
  const fields: Array<[string, z.ZodType, Record<string, unknown>, string, string]> = [
    ["a student's name", studentInputSchema, validStudent, 'name', fieldTexts.nameSingleLine],
    [
      'a roll number',
      studentInputSchema,
      validStudent,
      'roll_number',
      fieldTexts.rollNumberSingleLine,
    ],
    ["a student's e-mail", studentInputSchema, validStudent, 'email', fieldTexts.emailSingleLine],
    [
      "a standard's name",
      standardInputSchema,
      validStandard,
      'name',
      fieldTexts.standardNameSingleLine,
    ],
    [
      'the name one signs up with',
      registerRequestSchema,
      { name: 'Staff', email: 'a@school.test', ...passwords, tc: true, otp: '123456' },
      'name',
      fieldTexts.nameSingleLine,
    ],
  ];

  it.each(fields)(
    'refuses a line break, a tab or another control character inside %s, with its own message',
    (_name, schema, valid, field, message) => {
      for (const control of controls) {
        const value = `Asha${control}=2+3@x.test`;
        const result = schema.safeParse({ ...valid, [field]: value });
        expect(result.success, JSON.stringify(value)).toBe(false);
        expect(fieldErrors(result.error!)[field]).toContain(message);
      }
    },
  );

  it('takes line breaks around a value as the trim takes them off, and keeps them in an address', () => {
    const result = studentInputSchema.safeParse({
      ...validStudent,
      name: '\r\n Asha Rao\t\n',
      address: 'Flat 2\nMG Road',
    });
    expect(result).toMatchObject({
      success: true,
      data: { name: 'Asha Rao', address: 'Flat 2\nMG Road' },
    });
  });
});

describe('names and numbers a person reads', () => {
  const messagesOf =
    (schema: z.ZodType, valid: Record<string, unknown>, field: string) =>
    (value: string | Record<string, unknown>[]) => {
      const result = schema.safeParse({ ...valid, [field]: value });
      if (result.success) return [];
      return result.error.issues
        .filter((issue) => String(issue.path[0]) === field)
        .map((issue) => issue.message);
    };
  const ofGuardian = messagesOf(studentInputSchema, validStudent, 'guardians');
  const cases: Array<[string, (value: string) => string[], string, string]> = [
    [
      "a student's name",
      messagesOf(studentInputSchema, validStudent, 'name'),
      fieldTexts.nameFormatCharacter,
      fieldTexts.nameNothingVisible,
    ],
    [
      'an admission number',
      messagesOf(studentInputSchema, validStudent, 'admission_number'),
      fieldTexts.admissionNumberFormatCharacter,
      fieldTexts.admissionNumberNothingVisible,
    ],
    [
      "a guardian's name",
      (name) => ofGuardian([{ name, primary: true }]),
      fieldTexts.guardianFormatCharacter,
      fieldTexts.guardianNothingVisible,
    ],
    [
      "a staff member's name",
      messagesOf(
        registerRequestSchema,
        { email: 'a@school.test', ...passwords, tc: true, otp: '123456' },
        'name',
      ),
      fieldTexts.nameFormatCharacter,
      fieldTexts.nameNothingVisible,
    ],
  ];

  it.each(cases)(
    'refuses format characters (Unicode Cf) in %s, naming the field',
    (_name, messages, formatMessage) => {
      for (const character of ['\u202E', '\u200B', '\u200D', '\u2066', '\uFEFF', '\u00AD']) {
        expect(messages(`Asha${character}Rao`), JSON.stringify(character)).toContain(formatMessage);
      }
      expect(messages('Asha Rao-Iyer')).toEqual([]);
    },
  );

  it.each(cases)(
    'refuses %s with nothing a reader can see, naming the field',
    (_name, messages, _formatMessage, visibleMessage) => {
      for (const blank of ['\u3164', '\u2800\u2800', '\u115F']) {
        expect(messages(blank), JSON.stringify(blank)).toContain(visibleMessage);
      }
      expect(messages('\u200B\u200B').length).toBeGreaterThan(0);
      expect(messages('李')).toEqual([]);
    },
  );
});

describe('dates of a student record', () => {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const messagesOf = (body: Record<string, unknown>, field: string) => {
    const result = studentInputSchema.safeParse({ ...validStudent, ...body });
    if (result.success) return [];
    return result.error.issues
      .filter((issue) => String(issue.path[0]) === field)
      .map((issue) => issue.message);
  };

  it('refuses a date of birth before 1900 or in the future, naming the field', () => {
    for (const date of ['0000-01-01', '1800-01-01', '1899-12-31']) {
      expect(messagesOf({ date_of_birth: date }, 'date_of_birth'), date).toEqual([
        fieldTexts.dateOfBirthTooEarly,
      ]);
    }
    expect(messagesOf({ date_of_birth: day(3) }, 'date_of_birth')).toEqual([
      fieldTexts.dateOfBirthInFuture,
    ]);
    expect(messagesOf({ date_of_birth: '1900-01-01' }, 'date_of_birth')).toEqual([]);
  });

  it('refuses a leaving date far ahead, before 1900, or before the date of birth, naming the field', () => {
    const left = (left_on: string, extra: object = {}) =>
      messagesOf({ status: 'left', left_on, ...extra }, 'left_on');
    expect(left('2999-12-31')).toEqual([fieldTexts.leftOnTooLate]);
    expect(left(day(40))).toEqual([fieldTexts.leftOnTooLate]);
    expect(left(day(20))).toEqual([]);
    expect(left('1850-06-01')).toEqual([fieldTexts.leftOnTooEarly]);
    expect(left('2010-05-01', { date_of_birth: '2012-01-01' })).toEqual([
      fieldTexts.leftOnBeforeBirth,
    ]);
    expect(left('2024-05-01', { date_of_birth: '2012-01-01' })).toEqual([]);
  });
});

describe('ids', () => {
  const idOf = (value: unknown) => studentDeleteSchema.safeParse({ id: value });

  it.each([
    [3, 3],
    ['3', 3],
    ['007', 7],
    [2_147_483_647, 2_147_483_647],
  ])('reads %j as the id %d', (value, id) => {
    expect(idOf(value)).toMatchObject({ success: true, data: { id } });
  });

  it.each([
    ['0x3'],
    ['1e0'],
    [[6]],
    [true],
    [''],
    [' 3'],
    ['3 '],
    ['+3'],
    ['3.0'],
    [0],
    [-1],
    [1.5],
    ['2147483648'],
    [2_147_483_648],
    ['99999999999999999999'],
    [null],
    [{}],
  ])('refuses %j with a 400 text that names the field', (value) => {
    const result = idOf(value);
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({ id: [fieldTexts.idInvalid] });
  });

  it('reads every id field the same strict way: paths, queries, bodies and the standard', () => {
    const loose = ['0x3', '1e0', [6], true];
    for (const value of loose) {
      expect(fieldErrors(idParamsSchema.safeParse({ id: value }).error!)).toEqual({
        id: [fieldTexts.idInvalid],
      });
      expect(
        fieldErrors(studentUpdateSchema.safeParse({ ...validStudent, id: value }).error!),
      ).toEqual({ id: [fieldTexts.idInvalid] });
      expect(
        fieldErrors(standardUpdateSchema.safeParse({ ...validStandard, id: value }).error!),
      ).toEqual({ id: [fieldTexts.idInvalid] });
      expect(
        fieldErrors(studentInputSchema.safeParse({ ...validStudent, standard: value }).error!),
      ).toEqual({ standard: [fieldTexts.standardRequired] });
      expect(fieldErrors(studentListQuerySchema.safeParse({ standard: value }).error!)).toEqual({
        standard: [fieldTexts.standardFilterInvalid],
      });
    }
  });

  it('reads a list limit written in digits, and nothing looser', () => {
    expect(listQuerySchema.parse({ limit: '20' }).limit).toBe(20);
    for (const value of ['0x10', '1e2', [5], true, '0', '201']) {
      expect(fieldErrors(listQuerySchema.safeParse({ limit: value }).error!)).toEqual({
        limit: [fieldTexts.listLimitInvalid],
      });
    }
  });
});

describe('validation texts', () => {
  it.each(requestSchemas)(
    'words every refusal of a %s field with a text written for it',
    (_name, schema, valid, fields) => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const field of fields) {
        for (const value of wrongValues) {
          const result = schema.safeParse({ ...valid, [field]: value });
          if (result.success) continue;
          for (const issue of result.error.issues) {
            expect(writtenTexts, `${field}=${JSON.stringify(value)}`).toContain(issue.message);
          }
        }
      }
    },
  );

  it('words a body that is not an object and an unknown field for a person', () => {
    const bodies = requestSchemas.filter(([name]) => name !== 'reset link');
    for (const [, schema, valid] of bodies) {
      for (const body of [null, 'text', 3, [valid]]) {
        const result = schema.safeParse(body);
        expect(result.error?.issues.map((issue) => issue.message)).toEqual([
          validationTexts.bodyNotObject,
        ]);
      }
      const extra = schema.safeParse({ ...valid, is_admin: true });
      expect(extra.error?.issues.map((issue) => issue.message)).toEqual([
        validationTexts.unknownFields(['is_admin']),
      ]);
    }
  });

  it("words a rule that has no text of its own, instead of the validation library's English", () => {
    const untold = z.strictObject({
      title: z.string().min(2).max(5),
      count: z.number().int().min(1).max(9),
      when: z.iso.date(),
    });
    const issues = (value: unknown) =>
      untold.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(issues({ title: 'x', count: 0, when: 'soon' })).toEqual([
      '"title" must be at least 2 characters.',
      '"count" must be at least 1.',
      '"when" is not valid.',
    ]);
    expect(issues({ title: 'far too long', count: 10, when: '2026-01-01' })).toEqual([
      '"title" must be at most 5 characters.',
      '"count" must be at most 9.',
    ]);
    expect(issues({ count: 'three', when: '2026-01-01' })).toEqual([
      '"title" is required.',
      '"count" must be a number.',
    ]);
  });
});
