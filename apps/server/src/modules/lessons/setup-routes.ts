import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AvailabilityQuery,
  AvailabilityUpdateBody,
  Envelope,
  InstructorAvailability,
  LessonPay,
  LessonPayQuery,
  LessonRoom,
  LessonSettings,
  RoomBody,
  RoomDeleteBody,
  RoomQuery,
  RoomUpdateBody,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import {
  availability,
  createRoom,
  deleteRoom,
  roomList,
  settingsApi,
  updateAvailability,
  updateLessonSettings,
  updateRoom,
} from './admin.js';
import { lessonPay } from './pay.js';
import { lessonSettingsOf } from './repo.js';

const tags = ['lessons'];

/** The lessons' setup: instructor availability and rates, classrooms, the school's lesson rules. */
export default async function lessonSetupRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/lesson/availability',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: {
        tags,
        summary: 'Instructors of a branch (or one) with their weekly hours there, leave days and dated rates',
        querystring: AvailabilityQuery,
        response: { 200: Envelope(Type.Array(InstructorAvailability)) },
      },
    },
    async (req) => ok(await availability(db(), actorOf(req), req.query)),
  );

  app.put(
    '/lesson/availability/update',
    {
      config: { auth: ['manage', 'Lesson'] },
      schema: {
        tags,
        summary: 'Replace an instructor’s weekly hours at a branch, leave days and rates (one transaction)',
        body: AvailabilityUpdateBody,
        response: { 200: Envelope(InstructorAvailability) },
      },
    },
    async (req) =>
      ok(
        await db().transaction((tx) => updateAvailability(tx, actorOf(req), req.body, req.id)),
        'บันทึกเวลาทำงานของครูฝึกเรียบร้อยแล้ว',
      ),
  );

  app.get(
    '/lesson/pay',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Instructor pay from completed lessons in a month: the proposed lines per rate and the lessons behind them',
        querystring: LessonPayQuery,
        response: { 200: Envelope(Type.Array(LessonPay)) },
      },
    },
    async (req) => ok(await lessonPay(db(), actorOf(req), req.query)),
  );

  app.get(
    '/lesson/room/getall',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: {
        tags,
        summary: 'Classrooms of a branch',
        querystring: RoomQuery,
        response: { 200: Envelope(Type.Array(LessonRoom)) },
      },
    },
    async (req) => ok(await roomList(db(), actorOf(req), req.query.branch_id)),
  );

  app.post(
    '/lesson/room/create',
    {
      config: { auth: ['manage', 'Lesson'] },
      schema: { tags, summary: 'Add a classroom', body: RoomBody, response: { 200: Envelope(LessonRoom) } },
    },
    async (req) =>
      ok(await db().transaction((tx) => createRoom(tx, actorOf(req), req.body, req.id)), 'เพิ่มห้องเรียนเรียบร้อยแล้ว'),
  );

  app.put(
    '/lesson/room/update',
    {
      config: { auth: ['manage', 'Lesson'] },
      schema: {
        tags,
        summary: 'Rename or resize a classroom',
        body: RoomUpdateBody,
        response: { 200: Envelope(LessonRoom) },
      },
    },
    async (req) =>
      ok(await db().transaction((tx) => updateRoom(tx, actorOf(req), req.body, req.id)), 'บันทึกห้องเรียนเรียบร้อยแล้ว'),
  );

  app.delete(
    '/lesson/room/delete',
    {
      config: { auth: ['manage', 'Lesson'] },
      schema: {
        tags,
        summary: 'Delete (hide) a classroom with no booked class ahead',
        body: RoomDeleteBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await db().transaction((tx) => deleteRoom(tx, actorOf(req), req.body.room_id, req.id));
      return ok(null, 'ลบห้องเรียนเรียบร้อยแล้ว');
    },
  );

  app.get(
    '/lesson/setting',
    {
      config: { auth: ['read', 'Lesson'] },
      schema: { tags, summary: 'The school’s lesson rules', response: { 200: Envelope(LessonSettings) } },
    },
    async () => ok(settingsApi(await lessonSettingsOf(db()))),
  );

  app.put(
    '/lesson/setting/update',
    {
      config: { auth: ['manage', 'Lesson'] },
      schema: {
        tags,
        summary: 'Change the lesson rules (free cancellation notice, paid share, school day, longest lessons)',
        body: LessonSettings,
        response: { 200: Envelope(LessonSettings) },
      },
    },
    async (req) =>
      ok(
        await db().transaction((tx) => updateLessonSettings(tx, actorOf(req), req.body, req.id)),
        'บันทึกเกณฑ์การจองคาบเรียนเรียบร้อยแล้ว',
      ),
  );
}
