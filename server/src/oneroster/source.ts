import type { liveStandardsWithLastEvent, liveTeacherLinks } from '../repositories/standards.js';
import type {
  guardiansOfLiveStudents,
  liveStudentsWithStandard,
} from '../repositories/students.js';

/**
 * The rows the OneRoster export is made from, as the repositories read them: each query reads
 * one thing, so that no other feature's code is involved (docs/oneroster.md). Every time is the
 * ISO text both databases give back.
 */

export type StandardSource = Awaited<ReturnType<typeof liveStandardsWithLastEvent>>[number];

export type StudentSource = Awaited<ReturnType<typeof liveStudentsWithStandard>>[number];

export type GuardianSource = Awaited<ReturnType<typeof guardiansOfLiveStudents>>[number];

export type TeacherLinkSource = Awaited<ReturnType<typeof liveTeacherLinks>>[number];
