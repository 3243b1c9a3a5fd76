/**
 * The exam screens' server calls, typed by packages/contracts: the calendar, sessions (list, create, roster),
 * examiners, booking and cancelling a seat.
 */
import type { Static } from 'typebox';
import type { BookBody, Booking, ExaminerOption, ExamSession, PdfLink, SessionBody } from '@khabkhi/contracts';
import { todayBangkok } from '@khabkhi/thai';
import { api, type Option } from '../../api/client';
import type { CalEvent, Permission, Session } from './api';

/** The branch and licence-type filters the exam list offers (read from a one-row page of the list). */
export const examFilters = async () =>
  (await api.table('/exam/gettable', { per_page: 1, start: todayBangkok(), end: todayBangkok() })).filter as {
    branch: Option[];
    type: Option[];
  };

export const examCalendar = (query: Record<string, string>) => api.get<{ events: CalEvent[] }>('/exam/calendar', query);

export const sessionsOfDay = (start: string, branch: string) =>
  api.get<Session[]>('/exam/session/list', { start, branch });

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
