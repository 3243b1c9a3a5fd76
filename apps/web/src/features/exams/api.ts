/** The exam feature's types (from the contracts), query keys and small helpers. */
import type { Static } from 'typebox';
import type {
  CalendarEvent,
  ExamAttempt,
  PermissionDetail,
  PermissionRow,
  SessionDetail as SessionDetailSchema,
  SessionWithStudents,
} from '@khabkhi/contracts';
import { tableKeys } from '../../api/queryKeys';

export type Attempt = Static<typeof ExamAttempt>;
export type Session = Static<typeof SessionWithStudents>;
export type SessionDetail = Static<typeof SessionDetailSchema>;
export type Permission = Static<typeof PermissionRow>;
export type PermissionInfo = Static<typeof PermissionDetail>;
export type CalEvent = Static<typeof CalendarEvent>;

export const examKeys = {
  all: ['exam'] as const,
  sessions: (start: string, end: string, branch: string) => ['exam', 'sessions', start, end, branch] as const,
  session: (id: number) => ['exam', 'session', id] as const,
  calendar: (q: Record<string, string>) => ['exam', 'calendar', q] as const,
  permission: (applicationId: number) => ['exam', 'permission', applicationId] as const,
  customer: (customerId: number) => ['exam', 'customer', customerId] as const,
  home: ['exam', 'home'] as const,
  filters: ['exam', 'filters'] as const,
  examiners: (branchId: number | undefined) => ['exam', 'examiners', branchId] as const,
  bookSearch: (sessionId: number, search: string) => ['exam', 'book-search', sessionId, search] as const,
  changeSessions: (lineId: number | undefined) => ['exam', 'change-sessions', lineId] as const,
  /** the settings card's own reads (not under 'exam': saving a session does not read them again) */
  courseTypes: ['course-types'] as const,
  requestFees: ['request-fees'] as const,
};

/** Every exam list (tables) and read: after a booking, a result or a permission change. */
export const examTables = [
  '/exam/gettable',
  '/exam/permission',
  '/application/getforpermission',
  '/application/getformanageExam',
].map((e) => tableKeys.of(e));

export const STATUS_COLOR: Record<string, string> = {
  booked: 'blue',
  passed: 'green',
  failed: 'red',
  absent: 'orange',
  cancelled: 'default',
};
export const PERMISSION_COLOR: Record<string, string> = {
  ใช้ได้: 'green',
  ใกล้หมดอายุ: 'orange',
  หมดอายุ: 'red',
  ระงับ: 'default',
  สอบผ่านแล้ว: 'blue',
};
export const KIND_COLOR: Record<string, string> = { theory: '#1677ff', practical: '#389e0d' };

export { monthGrid, weekOf } from '../../components/monthGrid';
