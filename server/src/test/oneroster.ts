import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { expect } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Student } from '@um/contract';
import type { Db } from '../db/database.js';
import { insertUser } from './factories.js';
import { headers as csvHeaders } from '../oneroster/csv.js';

/**
 * A small school built through the API as an office would, and the OneRoster zip read back,
 * for the OneRoster tests (docs/oneroster.md has its export as the sample).
 */

type Call = (
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

export interface SampleSchool {
  teachers: { priya: number; omar: number };
  standards: { roses: number; lilies: number };
  students: { asha: Student; ben: Student; chen: Student; dara: Student };
}

export async function buildSampleSchool(db: Db, call: Call): Promise<SampleSchool> {
  const priya = await insertUser(db, { name: 'Priya Shah', email: 'priya@school.test' });
  const omar = await insertUser(db, { name: 'Omar Haddad', email: 'omar@school.test' });
  const standard = async (name: string, grade: number, teacherIds: number[]) => {
    const response = await call('POST', '/management/standard/', {
      name,
      grade_level: grade,
      academic_year: '2026',
      teacher_ids: teacherIds,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: { id: number } }>().data.id;
  };
  const roses = await standard('5 Roses', 5, [priya.id]);
  const lilies = await standard('6 Lilies', 6, [omar.id, priya.id]);
  const student = async (body: Record<string, unknown>) => {
    const response = await call('POST', '/management/update_students/', body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: Student }>().data;
  };
  const asha = await student({
    name: 'Asha Rao',
    email: '',
    roll_number: '1',
    standard: roses,
    phone_number: '+91 98450 12345',
    admission_number: 'A-101',
    date_of_birth: '2016-04-02',
    guardians: [
      {
        name: 'Meera Rao',
        relation: 'Mother',
        phone: '+91 98450 11111',
        email: 'meera@home.test',
        primary: true,
      },
      { name: 'Vikram Rao', relation: 'Father', phone: '', email: '', primary: false },
    ],
  });
  const ben = await student({
    name: 'Ben Lee',
    email: 'ben@pupils.test',
    roll_number: '2',
    standard: roses,
  });
  const chen = await student({
    name: 'Chen Wu',
    email: '',
    roll_number: '1',
    standard: lilies,
    guardians: [{ name: 'Li Wu', relation: 'Grandmother', phone: '', email: '', primary: true }],
  });
  const dara = await student({
    name: 'Dara',
    email: '',
    roll_number: '2',
    standard: lilies,
    status: 'left',
    left_on: '2026-03-01',
  });
  return {
    teachers: { priya: priya.id, omar: omar.id },
    standards: { roses, lilies },
    students: { asha, ben, chen, dara },
  };
}

/** A zip's CSV files, each as its rows of cells (the header first). */
export function readZip(body: Buffer | Uint8Array): Map<string, string[][]> {
  const files = unzipSync(new Uint8Array(body));
  return new Map(
    Object.entries(files).map(([name, bytes]) => [
      name,
      parse(Buffer.from(bytes).toString('utf8'), { relax_column_count: false }) as string[][],
    ]),
  );
}

/** A file's data rows as objects by heading. */
export function recordsOf(zip: Map<string, string[][]>, file: string): Record<string, string>[] {
  const [header, ...rows] = zip.get(file) ?? [];
  if (!header) throw new Error(`The zip has no ${file}.`);
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index]!])));
}

/**
 * Every reference of every row of the zip resolves to a row of the zip: the CSV binding's
 * references, column by column.
 */
export function unresolvedReferences(zip: Map<string, string[][]>): string[] {
  const idsOf = (file: string) => new Set(recordsOf(zip, file).map((row) => row['sourcedId']!));
  const orgs = idsOf('orgs.csv');
  const sessions = idsOf('academicSessions.csv');
  const courses = idsOf('courses.csv');
  const classes = idsOf('classes.csv');
  const users = idsOf('users.csv');
  const missing: string[] = [];
  const check = (file: string, column: string, targets: Set<string>) => {
    for (const row of recordsOf(zip, file)) {
      for (const id of (row[column] ?? '').split(',').filter(Boolean)) {
        if (!targets.has(id)) missing.push(`${file} ${row['sourcedId']} ${column} ${id}`);
      }
    }
  };
  check('courses.csv', 'orgSourcedId', orgs);
  check('courses.csv', 'schoolYearSourcedId', sessions);
  check('classes.csv', 'courseSourcedId', courses);
  check('classes.csv', 'schoolSourcedId', orgs);
  check('classes.csv', 'termSourcedIds', sessions);
  check('users.csv', 'agentSourcedIds', users);
  check('users.csv', 'primaryOrgSourcedId', orgs);
  check('roles.csv', 'userSourcedId', users);
  check('roles.csv', 'orgSourcedId', orgs);
  check('enrollments.csv', 'classSourcedId', classes);
  check('enrollments.csv', 'schoolSourcedId', orgs);
  check('enrollments.csv', 'userSourcedId', users);
  check('demographics.csv', 'sourcedId', users);
  check('academicSessions.csv', 'parentSourcedId', sessions);
  check('orgs.csv', 'parentSourcedId', orgs);
  return missing;
}

export const dataFiles = Object.keys(csvHeaders);
