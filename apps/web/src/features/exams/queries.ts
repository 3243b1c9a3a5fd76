/**
 * The exam screens' server calls, typed by packages/contracts: the calendar, sessions (list, create, roster),
 * examiners, booking and cancelling a seat.
 */
import type { Static } from 'typebox';
import type {
  BookBody,
  Booking,
  ChangeDateBody,
  DisableBody,
  ExaminerOption,
  ExamHome,
  ExamSession,
  ExamSettings,
  ExamSettingsBody,
  ExtendBody,
  PdfLink,
  ResultBody,
  SessionBody,
} from '@khabkhi/contracts';
import { todayBangkok } from '@khabkhi/thai';
import { api, type Option } from '../../api/client';
import type { Attempt, CalEvent, Permission, PermissionInfo, Session, SessionDetail } from './api';

/** The branch and licence-type filters the exam list offers (read from a one-row page of the list). */
export const examFilters = async () =>
  (await api.table('/exam/gettable', { per_page: 1, start: todayBangkok(), end: todayBangkok() })).filter as {
    branch: Option[];
    type: Option[];
  };

export const examCalendar = (query: Record<string, string>) => api.get<{ events: CalEvent[] }>('/exam/calendar', query);

/** The sessions from `start` (to `end`), of a branch ('ทั้งหมด' or an id) and licence type when given. */
export const listSessions = (query: { start: string; end?: string; branch?: string; type?: string }) =>
  api.get<Session[]>('/exam/session/list', query);

export const sessionDetail = (session_id: number) => api.get<SessionDetail>('/exam/session/get', { session_id });

export const createSession = (body: SessionBody) => api.post<ExamSession>('/exam/session/create', body);

export const examiners = (branch_id: number) => api.get<ExaminerOption[]>('/exam/examiners', { branch_id });

/** Students with an exam permission for a session's licence type and branch, found by name, ID or phone. */
export const searchPermissions = (session: Pick<Session, 'course_type' | 'branch_id'>, text: string) =>
  api.table<Permission>('/exam/permission', {
    text,
    type: session.course_type,
    branch: String(session.branch_id),
    per_page: 10,
  });

export const bookExam = (body: BookBody) => api.post<Booking>('/exam/book', body);

export const cancelBooking = (attempt_id: number, reason: string) =>
  api.post<null>('/exam/cancel', { attempt_id, reason });

export const rosterPdf = (session_id: number) => api.post<Static<typeof PdfLink>>('/exam/roster/pdf', { session_id });

/** Records a whole session's results at once. */
export const saveResults = (body: ResultBody) =>
  api.post<{ passed: number; failed: number; absent: number }>('/exam/result', body);

export const changeExamDate = (body: ChangeDateBody) => api.post<null>('/exam/changedate', body);

export const permissionDetail = (applicationId: number) => api.get<PermissionInfo>(`/exam/permission/${applicationId}`);

export const extendPermission = (body: ExtendBody) => api.post<null>('/exam/extend', body);

export const disablePermission = (body: DisableBody) => api.post<null>('/exam/disable', body);

export const customerExams = (customer_id: number) => api.get<Attempt[]>('/customer/exam', { customer_id });

export const examHome = () => api.get<ExamHome>('/exam/home');

/** The exam-rule block of the school settings (read with the settings, saved alone). */
export const examSettings = () => api.get<ExamSettings>('/settings/get');

export const saveExamSettings = (body: ExamSettingsBody) => api.put<ExamSettings>('/exam/settings', body);

export const courseTypes = () => api.get<string[]>('/course/type');

/** The request fees the exam rules can charge (extend a permission, change a date). */
export const requestFees = async () =>
  (
    await api.table<{ other_fee_id: number; name: string; price: string }>('/otherfee/gettable', {
      type: 'request',
      per_page: 100,
    })
  ).data;
