/**
 * The routes of exam permissions: the permission lists, extending, disabling, changing the exam date, and the
 * application lists of the exam screens.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ChangeDateBody,
  DisableBody,
  Envelope,
  ExamApplicationRow,
  ExtendBody,
  IdParams,
  Option,
  PermissionDetail,
  PermissionRow,
  TableEnvelope,
  TableQuery,
} from '@khabkhi/contracts';
import { formatThaiDate } from '@khabkhi/thai';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { owingByDefault } from '../applications/money.js';
import { examFilterOptions, permissionStatusOptions } from './lists.js';
import { applicationsForExam, permissionDetail, permissionTable } from './permission-lists.js';
import { changeDate, disablePermission, extendPermission } from './permissions.js';

const tags = ['exams'];
const RequestMade = Type.Union([
  Type.Null(),
  Type.Object({ application_id: Type.Integer(), application_code: Type.String(), net: Type.String() }),
]);
const AppTableFilter = Type.Object(
  { branch: Type.Array(Option), status: Type.Array(Option), type: Type.Array(Option) },
  { additionalProperties: true },
);

export default async function examPermissionRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.post(
    '/exam/changedate',
    {
      config: { auth: ['update', 'Exam'] },
      schema: {
        tags,
        summary:
          'Change an exam date: move the booking to another session (rules checked again) or set the planned date; may make the request-fee application',
        body: ChangeDateBody,
        response: {
          200: Envelope(Type.Object({ line_id: Type.Integer(), exam_date: Type.String(), request: RequestMade })),
        },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => changeDate(tx, actorOf(req), req.body, req.id));
      return ok(
        { line_id: r.line_id, exam_date: r.exam_date, request: r.request },
        `เปลี่ยนวันสอบของ ${r.customer_name} เป็นวันที่ ${formatThaiDate(r.exam_date)} เรียบร้อยแล้ว${r.request ? ` ออกใบคำร้อง ${r.request.application_code} แล้ว` : ''}`,
      );
    },
  );

  // ---- permissions ----
  app.get(
    '/exam/permission',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary:
          'Exam permissions: one row per course line (status ใช้ได้ / ใกล้หมดอายุ / หมดอายุ / ระงับ / สอบผ่านแล้ว; start/end on the permission date)',
        querystring: TableQuery,
        response: { 200: TableEnvelope(PermissionRow, AppTableFilter) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const actor = actorOf(req);
      const [{ rows, total }, opts] = await Promise.all([
        permissionTable(db(), actor, req.query, perPage, offset),
        examFilterOptions(db(), actor),
      ]);
      return table(
        rows,
        { branch: opts.branch, type: opts.type, status: permissionStatusOptions() },
        page,
        perPage,
        total,
      );
    },
  );

  app.get(
    '/exam/permission/:id',
    {
      config: { auth: ['read', 'Exam'] },
      schema: {
        tags,
        summary: 'The exam permission of each course line of one application, with its history and attempts',
        params: IdParams,
        response: { 200: Envelope(PermissionDetail) },
      },
    },
    async (req) => ok(await permissionDetail(db(), actorOf(req), req.params.id)),
  );

  app.post(
    '/exam/extend',
    {
      config: { auth: ['update', 'Exam'] },
      schema: {
        tags,
        summary: 'Extend (and re-activate) a permission with a reason; may make the request-fee application',
        body: ExtendBody,
        response: {
          200: Envelope(Type.Object({ line_id: Type.Integer(), permission_date: Type.String(), request: RequestMade })),
        },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) => extendPermission(tx, actorOf(req), req.body, req.id));
      return ok(
        r,
        `ต่ออายุสิทธิ์สอบถึงวันที่ ${formatThaiDate(r.permission_date)} เรียบร้อยแล้ว${r.request ? ` ออกใบคำร้อง ${r.request.application_code} แล้ว` : ''}`,
      );
    },
  );

  app.post(
    '/exam/disable',
    {
      config: { auth: ['update', 'Exam'] },
      schema: {
        tags,
        summary: 'Disable a permission with a reason (its pending bookings are cancelled)',
        body: DisableBody,
        response: { 200: Envelope(Type.Object({ line_id: Type.Integer(), cancelled: Type.Integer() })) },
      },
    },
    async (req) => {
      const r = await db().transaction((tx) =>
        disablePermission(tx, actorOf(req), req.body.line_id, req.body.reason, req.id),
      );
      return ok(
        { line_id: r.line_id, cancelled: r.cancelled },
        `ระงับสิทธิ์สอบของ ${r.customer_name} เรียบร้อยแล้ว${r.cancelled ? ` (ยกเลิกการจองรอบสอบ ${r.cancelled} รายการ)` : ''}`,
      );
    },
  );

  // ---- the application lists of the exam screens ----
  for (const [path, summary, owingFirst] of [
    [
      '/application/getforpermission',
      'Applications with their course lines’ exam permission (exam permission screen)',
      false,
    ],
    [
      '/application/getformanageExam',
      'Applications with their course lines’ exam state (manage exam; status defaults to ค้างชำระ)',
      true,
    ],
  ] as const) {
    app.get(
      path,
      {
        config: { auth: ['read', 'Exam'] },
        schema: {
          tags,
          summary,
          querystring: TableQuery,
          response: { 200: TableEnvelope(ExamApplicationRow, AppTableFilter) },
        },
      },
      async (req) => {
        const { page, perPage, offset } = pageOf(req.query);
        const actor = actorOf(req);
        // manage exam opens on what is still owed (SPEC §2): collect the balance before the exam
        const q = owingFirst ? owingByDefault(req.query) : req.query;
        const [{ rows, total }, opts] = await Promise.all([
          applicationsForExam(db(), actor, q, perPage, offset),
          examFilterOptions(db(), actor),
        ]);
        const statuses = ['ค้างชำระ', 'ชำระครบ', 'คืนเงินบางส่วน', 'คืนเงิน'].map((s) => ({ name: s, value: s }));
        return table(
          rows,
          { branch: opts.branch, type: opts.type, status: [{ name: 'ทั้งหมด', value: 'ทั้งหมด' }, ...statuses] },
          page,
          perPage,
          total,
        );
      },
    );
  }
}
