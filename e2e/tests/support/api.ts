import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import {
  apiPaths,
  buildPath,
  currentAcademicYear,
  messageListResponseSchema,
  standardResponseSchema,
  studentResponseSchema,
} from '@um/contract';
import type { Standard, Student, StudentInput } from '@um/contract';
import type { Account } from './session.js';

/**
 * Records made straight through the API, for tests whose subject is something else. Standards and
 * students are shared by every signed-in user, so each name carries a unique tag.
 */
export function uniqueTag(): string {
  return randomUUID().slice(0, 8);
}

const bearer = (account: Account) => ({ authorization: `Bearer ${account.tokens.access}` });

export async function createStandardViaApi(
  request: APIRequestContext,
  account: Account,
  name: string,
  gradeLevel = 5,
  academicYear = currentAcademicYear(),
): Promise<Standard> {
  const response = await request.post(apiPaths.standards, {
    headers: bearer(account),
    data: { name, grade_level: gradeLevel, academic_year: academicYear },
  });
  expect(response.status()).toBe(201);
  return standardResponseSchema.parse(await response.json()).data;
}

export async function createStudentViaApi(
  request: APIRequestContext,
  account: Account,
  student: StudentInput,
): Promise<Student> {
  const response = await request.post(apiPaths.updateStudents, {
    headers: bearer(account),
    data: student,
  });
  expect(response.status()).toBe(201);
  return studentResponseSchema.parse(await response.json()).data;
}

/** A colleague's save: the student's fields with `changes` applied, at its current version. */
export async function updateStudentViaApi(
  request: APIRequestContext,
  account: Account,
  student: Student,
  changes: Partial<StudentInput>,
): Promise<Student> {
  const { id, name, email, roll_number, standard, phone_number, address, version } = student;
  const response = await request.put(apiPaths.updateStudents, {
    headers: bearer(account),
    data: { id, name, email, roll_number, standard, phone_number, address, version, ...changes },
  });
  expect(response.status()).toBe(200);
  return studentResponseSchema.parse(await response.json()).data;
}

/** A colleague's save: the standard's fields with `changes` applied, at its current version. */
export async function updateStandardViaApi(
  request: APIRequestContext,
  account: Account,
  standard: Standard,
  changes: Partial<Pick<Standard, 'name' | 'grade_level' | 'description'>>,
): Promise<Standard> {
  const { id, name, grade_level, description, academic_year, version } = standard;
  const response = await request.put(buildPath(apiPaths.standard, { id }), {
    headers: bearer(account),
    data: { id, name, grade_level, description, academic_year, version, ...changes },
  });
  expect(response.status()).toBe(200);
  return standardResponseSchema.parse(await response.json()).data;
}

export async function deleteStudentViaApi(
  request: APIRequestContext,
  account: Account,
  student: Student,
): Promise<void> {
  const response = await request.delete(apiPaths.updateStudents, {
    headers: bearer(account),
    data: { id: student.id },
  });
  expect(response.status()).toBe(204);
}

export async function postMessageViaApi(
  request: APIRequestContext,
  account: Account,
  content: string,
): Promise<void> {
  const response = await request.post(apiPaths.messages, {
    headers: bearer(account),
    data: { content },
  });
  expect(response.status()).toBe(201);
}

/**
 * Marks everything in the account's inbox read. The inbox is shared by all staff, so a new
 * account starts with every message earlier tests posted still unread.
 */
export async function readWholeInbox(request: APIRequestContext, account: Account): Promise<void> {
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '200' });
    if (cursor) query.set('cursor', cursor);
    const response = await request.get(`${apiPaths.messages}?${query}`, {
      headers: bearer(account),
    });
    expect(response.status()).toBe(200);
    const page = messageListResponseSchema.parse(await response.json());
    for (const message of page.data.filter((one) => !one.is_read)) {
      const read = await request.patch(buildPath(apiPaths.messageRead, { id: message.id }), {
        headers: bearer(account),
      });
      expect(read.status()).toBe(200);
    }
    cursor = page.next_cursor;
  } while (cursor);
}
