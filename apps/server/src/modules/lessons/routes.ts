import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ClassCreateBody,
  ClassEnrollBody,
  ClassEnrollResult,
  Envelope,
  IdParams,
  LessonCancelBody,
  LessonCheckinBody,
  LessonCheckinResult,
  LessonCompleteBody,
  LessonCreateBody,
  LessonNoShowBody,
  LessonRow,
  LessonTableFilter,
  LessonTableQuery,
  LessonUpdateBody,
  LineHours,
  LineHoursParams,
  TableEnvelope,
  Timetable,
  TimetableQuery,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { createLesson, updateLesson } from './book.js';
import { checkin } from './checkin.js';
import { createClass, enroll } from './classes.js';
import { lessonFilterOptions, lessonGet, lessonTable, lineHours } from './lists.js';
import { timetable } from './timetable.js';
import { cancelLesson, completeLesson, noShow } from './states.js';
import { hoursText } from './rules.js';
import setupRoutes from './setup-routes.js';

const tags = ['lessons'];

export default async function lessonRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  // ---- reading ----
  app.get(
    '/lesson/gettable',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: {
        tags,
        summary: 'Lessons list: branch, state, kind, instructor, vehicle, customer, course line, dates, text',
        querystring: LessonTableQuery,
        response: { 200: TableEnvelope(LessonRow, LessonTableFilter) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const actor = actorOf(req);
      const [{ rows, total }, filter] = await Promise.all([
        lessonTable(db(), actor, req.query, perPage, offset),
        lessonFilterOptions(db(), actor),
      ]);
      return table(rows, filter, page, perPage, total);
    },
  );

  app.get(
    '/lesson/get/:id',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: { tags, summary: 'One lesson, class or seat', params: IdParams, response: { 200: Envelope(LessonRow) } },
    },
    async (req) => ok(await lessonGet(db(), actorOf(req), req.params.id)),
  );

  app.get(
    '/lesson/timetable',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: {
        tags,
        summary:
          'A branch timetable for a period: rows = instructors (hours, leave) or vehicles (out of service), and every lesson of the period as the grid draws it (column by column, the names once per id)',
        querystring: TimetableQuery,
        response: { 200: Envelope(Timetable) },
      },
    },
    async (req) => ok(await timetable(db(), actorOf(req), req.query)),
  );

  app.get(
    '/lesson/hours/:line_id',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: {
        tags,
        summary: 'A course line’s hours ledger in minutes: included, booked, delivered, charged, remaining, recorded',
        params: LineHoursParams,
        response: { 200: Envelope(LineHours) },
      },
    },
    async (req) => ok(await lineHours(db(), actorOf(req), req.params.line_id)),
  );

  // ---- booking and changes ----
  app.post(
    '/lesson/create',
    {
      config: { auth: ['create', 'Lesson'] },
      schema: {
        tags,
        summary: 'Book a practical lesson (every rule checked; overlaps refused by the database)',
        body: LessonCreateBody,
        response: { 200: Envelope(LessonRow) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => createLesson(tx, actorOf(req), req.body, req.id));
      return ok(
        r,
        `จองคาบเรียนของ ${r.customer_name} กับ ${r.instructor_name} ${r.start_time}–${r.end_time} น. เรียบร้อยแล้ว`,
      );
    },
  );

  app.put(
    '/lesson/update',
    {
      config: { auth: ['update', 'Lesson'] },
      schema: {
        tags,
        summary: 'Move or reassign a booked lesson or class (a class’s seats move with it)',
        body: LessonUpdateBody,
        response: { 200: Envelope(LessonRow) },
      },
    },
    async (req) =>
      ok(
        await db().transaction((tx) => updateLesson(tx, actorOf(req), req.body, req.id)),
        'บันทึกการเปลี่ยนคาบเรียนเรียบร้อยแล้ว',
      ),
  );

  app.post(
    '/lesson/cancel',
    {
      config: { auth: ['update', 'Lesson'] },
      schema: {
        tags,
        summary: 'Cancel a booked lesson: by the school (free) or the student (charged when late, unless waived)',
        body: LessonCancelBody,
        response: { 200: Envelope(LessonRow) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => cancelLesson(tx, actorOf(req), req.body, req.id));
      const tail = r.charged
        ? ` ยกเลิกช้ากว่ากำหนด หักชั่วโมงเรียน ${hoursText(r.lesson.minutes)}`
        : r.late
          ? ' (ยกเว้นการหักชั่วโมง)'
          : r.seats
            ? ` พร้อมที่นั่งของผู้เรียน ${r.seats} คน`
            : '';
      return ok(r.lesson, `ยกเลิกคาบเรียนเรียบร้อยแล้ว${tail}`);
    },
  );

  app.post(
    '/lesson/noshow',
    {
      config: { auth: ['update', 'Lesson'] },
      schema: {
        tags,
        summary: 'The student did not come: charged unless a manager waives it',
        body: LessonNoShowBody,
        response: { 200: Envelope(LessonRow) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => noShow(tx, actorOf(req), req.body, req.id));
      return ok(r, r.charged ? `บันทึกขาดเรียน หักชั่วโมงเรียน ${hoursText(r.minutes)}` : 'บันทึกขาดเรียน (ยกเว้นการหักชั่วโมง)');
    },
  );

  app.post(
    '/lesson/checkin',
    {
      config: { auth: ['update', 'Lesson'] },
      schema: {
        tags,
        summary: 'Arrival: by the national ID card at a branch (the lesson of the hour), or by lesson id with a reason',
        body: LessonCheckinBody,
        response: { 200: Envelope(LessonCheckinResult) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => checkin(tx, actorOf(req), req.body, req.id));
      const name = r.who === 'student' ? r.lesson.customer_name : `ครูฝึก ${r.lesson.instructor_name}`;
      const slot = `${r.lesson.start_time}–${r.lesson.end_time} น.`;
      return ok(r, r.already ? `${name} บันทึกมาเรียนแล้ว (คาบ ${slot})` : `บันทึกมาเรียน: ${name} คาบ ${slot}`);
    },
  );

  app.post(
    '/lesson/complete',
    {
      config: { auth: ['update', 'Lesson'] },
      schema: {
        tags,
        summary: 'Complete a lesson (hours credited); a class completes its present seats, the absent become no-shows',
        body: LessonCompleteBody,
        response: { 200: Envelope(LessonRow) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => completeLesson(tx, actorOf(req), req.body, req.id));
      const tail = r.lesson.kind === 'class' ? ` เรียนจบ ${r.done} คน ขาดเรียน ${r.absent} คน` : '';
      return ok(r.lesson, `บันทึกเรียนจบเรียบร้อยแล้ว${tail}`);
    },
  );

  // ---- theory classes ----
  app.post(
    '/lesson/class/create',
    {
      config: { auth: ['create', 'Lesson'] },
      schema: {
        tags,
        summary: 'Create a theory class: an instructor in a room of the branch for a licence type',
        body: ClassCreateBody,
        response: { 200: Envelope(LessonRow) },
      },
    },
    async (req) =>
      ok(await db().transaction((tx) => createClass(tx, actorOf(req), req.body, req.id)), 'สร้างชั้นเรียนเรียบร้อยแล้ว'),
  );

  app.post(
    '/lesson/class/enroll',
    {
      config: { auth: ['create', 'Lesson'] },
      schema: {
        tags,
        summary: 'Enrol course lines into a class (seats taken under the class’s lock)',
        body: ClassEnrollBody,
        response: { 200: Envelope(ClassEnrollResult) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => enroll(tx, actorOf(req), req.body, req.id));
      return ok(r, `ลงชื่อเข้าชั้นเรียน ${r.seat_ids.length} คน (${r.enrolled}/${r.capacity} ที่นั่ง)`);
    },
  );

  await setupRoutes(plain);
}
