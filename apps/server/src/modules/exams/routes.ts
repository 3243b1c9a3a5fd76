import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  BookBody,
  Booking,
  CalendarEvent,
  ExamSettingsBody,
  CalendarQuery,
  CancelBody,
  CustomerExamQuery,
  Envelope,
  ExaminerOption,
  ExaminerQuery,
  ExamAttempt,
  ExamHome,
  ExamSession,
  ExamSettings,
  ExamTableFilter,
  ExamTableQuery,
  ResultBody,
  RosterBody,
  SessionBody,
  SessionDeleteBody,
  SessionDetail,
  SessionListQuery,
  SessionUpdateBody,
  SessionWithStudents,
  TableEnvelope,
  EXAM_KIND_NAMES,
} from '@khabkhi/contracts';
import { formatThaiDate } from '@khabkhi/thai';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { writtenAsBuilt } from '../../http/responses.js';
import { getSettings } from '../settings/index.js';
import { rosterHtml } from './document.js';
import examPermissionRoutes from './permission-routes.js';
import { book, cancelBooking } from './book.js';
import { calendar } from './calendar.js';
import {
  customerExams,
  examFilterOptions,
  examHome,
  examStatusOptions,
  examTable,
  rosterData,
  sessionDetail,
  sessionsWithStudents,
} from './lists.js';
import { recordResults } from './results.js';
import { createSession, deleteSession, examinerOptions, updateSession } from './sessions.js';
import { updateExamSettings } from './settings.js';
import { examSettings } from './repo.js';

const tags = ['exams'];
const Link = Type.Object({ pdf: Type.String() });

export default async function examRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  registerDocumentType(plain, 'examroster', async (sessionId) => {
    const data = await rosterData(db(), sessionId);
    const s = await getSettings(db());
    const pdf = await app.documents.html(rosterHtml({ school: s.name, ...data }), { format: 'a4' });
    return { pdf, filename: `รายชื่อผู้เข้าสอบ-${data.session.exam_date}-${data.session.session_id}.pdf` };
  });

  // ---- the schedule and history ----
  app.get(
    '/exam/gettable',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary:
          'Exam schedule and history: one row per student and session (date or date range, branch, status, licence type, kind, text)',
        querystring: ExamTableQuery,
        response: { 200: TableEnvelope(ExamAttempt, ExamTableFilter) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const actor = actorOf(req);
      const [{ rows, total }, opts] = await Promise.all([
        examTable(db(), actor, req.query, perPage, offset),
        examFilterOptions(db(), actor),
      ]);
      return table(rows, { ...opts, status: examStatusOptions() }, page, perPage, total);
    },
  );

  app.get(
    '/exam/calendar',
    {
      config: { auth: ['read', 'Exam'] },
      // up to hundreds of events of Thai text, each built field by field (see writtenAsBuilt)
      ...writtenAsBuilt,
      schema: {
        tags,
        summary:
          'Calendar events of a month or week: each a session, or (group=day) a day with its counts; coloured by kind and licence type',
        querystring: CalendarQuery,
        response: { 200: Envelope(Type.Object({ events: Type.Array(CalendarEvent) })) },
      },
    },
    async (req) => ok({ events: await calendar(db(), actorOf(req), req.query) }),
  );

  // ---- sessions ----
  app.get(
    '/exam/session/list',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary: 'Sessions of a day or a date range with their students (the calendar’s day view)',
        querystring: SessionListQuery,
        response: { 200: Envelope(Type.Array(SessionWithStudents)) },
      },
    },
    async (req) => ok(await sessionsWithStudents(db(), actorOf(req), req.query)),
  );

  app.get(
    '/exam/session/get',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary: 'One session with its students, the manoeuvres of its practical exam and the theory pass mark',
        querystring: RosterBody,
        response: { 200: Envelope(SessionDetail) },
      },
    },
    async (req) => ok(await sessionDetail(db(), actorOf(req), req.query.session_id)),
  );

  app.get(
    '/exam/examiners',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary:
          'Who may be picked as the examiner of a branch’s sessions: its active employees, then the head office’s (an outside examiner is typed instead)',
        querystring: ExaminerQuery,
        response: { 200: Envelope(Type.Array(ExaminerOption)) },
      },
    },
    async (req) => ok(await examinerOptions(db(), actorOf(req), req.query.branch_id)),
  );

  app.post(
    '/exam/session/create',
    {
      config: { auth: ['create', 'Exam'] },
      schema: { tags, summary: 'Create an exam session', body: SessionBody, response: { 200: Envelope(ExamSession) } },
    },
    async (req) => {
      const row = await db().transaction((tx) => createSession(tx, actorOf(req), req.body, req.id));
      return ok(
        row,
        `สร้างรอบสอบ${EXAM_KIND_NAMES[row.kind]}วันที่ ${formatThaiDate(row.exam_date)} เวลา ${row.start_time} น. เรียบร้อยแล้ว`,
      );
    },
  );

  app.put(
    '/exam/session/update',
    {
      config: { auth: ['update', 'Exam'] },
      schema: {
        tags,
        summary: 'Update an exam session (seats never below the bookings)',
        body: SessionUpdateBody,
        response: { 200: Envelope(ExamSession) },
      },
    },
    async (req) =>
      ok(await db().transaction((tx) => updateSession(tx, actorOf(req), req.body, req.id)), 'บันทึกรอบสอบเรียบร้อยแล้ว'),
  );

  app.delete(
    '/exam/session/delete',
    {
      config: { auth: ['delete', 'Exam'] },
      schema: {
        tags,
        summary: 'Delete (hide) a session that has no booking',
        body: SessionDeleteBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await db().transaction((tx) => deleteSession(tx, actorOf(req), req.body.session_id, req.id));
      return ok(null, 'ลบรอบสอบเรียบร้อยแล้ว');
    },
  );

  // ---- bookings and results ----
  app.post(
    '/exam/book',
    {
      config: { auth: ['update', 'Exam'] },
      schema: {
        tags,
        summary: 'Book a course line onto a session: every rule checked, the seat taken under the session’s lock',
        body: BookBody,
        response: { 200: Envelope(Booking) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => book(tx, actorOf(req), req.body, req.id));
      return ok(
        {
          attempt_id: r.attempt.attempt_id,
          session_id: r.session.session_id,
          booked: r.session.booked,
          capacity: r.session.capacity,
        },
        `จองสอบ${EXAM_KIND_NAMES[r.session.kind]}ให้ ${r.line.customer_name} วันที่ ${formatThaiDate(r.session.exam_date)} เวลา ${r.session.start_time} น. เรียบร้อยแล้ว`,
      );
    },
  );

  app.post(
    '/exam/cancel',
    {
      config: { auth: ['update', 'Exam'] },
      schema: {
        tags,
        summary: 'Cancel a booking not yet taken (the seat is freed)',
        body: CancelBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await db().transaction((tx) => cancelBooking(tx, actorOf(req), req.body.attempt_id, req.body.reason, req.id));
      return ok(null, 'ยกเลิกการจองรอบสอบเรียบร้อยแล้ว');
    },
  );

  app.post(
    '/exam/result',
    {
      config: { auth: ['update', 'Exam'] },
      schema: {
        tags,
        summary:
          'Record a whole session’s results at once: theory scores (pass at the setting’s mark) or practical manoeuvres',
        body: ResultBody,
        response: {
          200: Envelope(Type.Object({ passed: Type.Integer(), failed: Type.Integer(), absent: Type.Integer() })),
        },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => recordResults(tx, actorOf(req), req.body, req.id));
      return ok(r, `บันทึกผลสอบเรียบร้อยแล้ว: ผ่าน ${r.passed} คน ไม่ผ่าน ${r.failed} คน ขาดสอบ ${r.absent} คน`);
    },
  );

  app.get(
    '/customer/exam',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary: 'A customer’s exams across all applications (of the caller’s branches)',
        querystring: CustomerExamQuery,
        response: { 200: Envelope(Type.Array(ExamAttempt)) },
      },
    },
    async (req) => ok(await customerExams(db(), actorOf(req), req.query.customer_id)),
  );

  app.put(
    '/exam/settings',
    {
      config: { auth: ['manage', 'Setting'] },
      schema: {
        tags,
        summary:
          'The exam rules of the school (pass mark, retake wait, permission days, full payment, minimum hours, request fees)',
        body: ExamSettingsBody,
        response: { 200: Envelope(ExamSettings) },
      },
    },
    async (req) => {
      await db().transaction((tx) => updateExamSettings(tx, actorOf(req), req.body, req.id));
      return ok(await examSettings(db()), 'บันทึกเกณฑ์การสอบเรียบร้อยแล้ว');
    },
  );

  app.get(
    '/exam/home',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary: 'Home page: today’s sessions and the permissions ending within the warning days',
        response: { 200: Envelope(ExamHome) },
      },
    },
    async (req) => ok(await examHome(db(), actorOf(req))),
  );

  app.post(
    '/exam/roster/pdf',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary: 'Signed link to the roster of a session (รายชื่อผู้เข้าสอบ)',
        body: RosterBody,
        response: { 200: Envelope(Link) },
      },
    },
    async (req) => {
      await sessionDetail(db(), actorOf(req), req.body.session_id);
      return ok({ pdf: await signDocumentLink(app.deps.secret, { type: 'examroster', id: req.body.session_id }) });
    },
  );

  await examPermissionRoutes(plain);
}
