import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Envelope,
  EvaluationSettingsBody,
  EvaluationSettingsOut,
  EvaluateDeleteBody,
  EvaluateManageFilter,
  EvaluateManageRow,
  EvaluateRecordBody,
  EvaluateStudent,
  EvaluateStudentQuery,
  EvaluateUpdateBody,
  EXAM_STAGE,
  LineDocBody,
  ManageVehicleFilter,
  ManageVehicleRow,
  PdfLink,
  TableEnvelope,
  TableQuery,
  VehicleCheck,
  VehicleCheckCreateBody,
  VehicleCheckDeleteBody,
  VehicleCheckFilter,
  VehicleCheckGetQuery,
  VehicleCheckUpdateBody,
  ManageVehicleDetail,
  VehicleDetailQuery,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { namedOptions, withAll } from '../../http/tables.js';
import { owingByDefault, STATUS_LIST } from '../applications/money.js';
import { getApplicationDetail } from '../applications/detail.js';
import { listFilterOptions } from '../applications/lists.js';
import { certificateLink, registerEvaluationDocuments, trainingRecordLink } from './documents.js';
import {
  CHECK_STATUS,
  manageVehicleRows,
  TYPE_NAMES,
  vehicleCheckById,
  vehicleCheckRows,
  vehicleCheckWhere,
} from './check-list.js';
import { evaluateManageRows } from './manage-list.js';
import { EVAL_STATUS, evaluationSettingsOf } from './repo.js';
import {
  createVehicleCheck,
  deleteVehicleCheck,
  getVehicleCheck,
  updateVehicleCheck,
  vehicleDetailExtras,
} from './checks.js';
import { deleteEvaluation, recordEvaluation, updateEvaluation } from './record.js';
import { updateEvaluationSettings } from './settings.js';
import { certificateData, studentOfApplication, studentEvaluation } from './student.js';

const READ = { auth: ['read', 'Exam'] as ['read', 'Exam'] };
const WRITE = { auth: ['update', 'Exam'] as ['update', 'Exam'] };

/** Student evaluations (training sessions, levels per criterion, hours) and vehicle checks before the exam. */
export default async function evaluationRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  registerEvaluationDocuments(plain);
  const evalTags = ['evaluations'];
  const checkTags = ['vehicle checks'];

  app.get(
    '/application/getforevaluateManage',
    {
      config: READ,
      schema: {
        tags: evalTags,
        summary:
          'Evaluation management: one row per course line with hours done, criteria evaluated and its theory and practical exams (status: training ยังไม่เริ่มอบรม / กำลังอบรม / อบรมครบ; category: exam stage สอบผ่านครบ / รอสอบ / สอบไม่ผ่าน / ผ่านภาคทฤษฎี / ยังไม่ได้สอบ)',
        querystring: TableQuery,
        response: { 200: TableEnvelope(EvaluateManageRow, EvaluateManageFilter) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { page, perPage, offset } = pageOf(req.query);
      const s = await evaluationSettingsOf(db());
      const [{ rows, total }, f] = await Promise.all([
        evaluateManageRows(db(), actor, req.query, s.pass_level, perPage, offset),
        listFilterOptions(db(), actor),
      ]);
      return table(
        rows,
        {
          branch: f.branch,
          type: f.type,
          status: withAll(namedOptions(Object.values(EVAL_STATUS))),
          category: withAll(namedOptions(Object.values(EXAM_STAGE))),
        },
        page,
        perPage,
        total,
      );
    },
  );

  app.get(
    '/evaluate/student',
    {
      config: READ,
      schema: {
        tags: evalTags,
        summary:
          'One student’s course line: criteria of the licence type with current levels, sessions, hours, the level scale and instructors',
        querystring: EvaluateStudentQuery,
        response: { 200: Envelope(EvaluateStudent) },
      },
    },
    async (req) => ok(await studentEvaluation(db(), actorOf(req), req.query.line_id)),
  );

  app.post(
    '/evaluate/record',
    {
      config: WRITE,
      schema: {
        tags: evalTags,
        summary:
          'Record a training session of a course line: date, instructor, hours of theory and practice, a level per criterion',
        body: EvaluateRecordBody,
        response: { 200: Envelope(EvaluateStudent) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const r = await db().transaction((tx) => recordEvaluation(tx, actor, req.body, req.id));
      return ok(await studentEvaluation(db(), actor, r.line_id), 'บันทึกผลการประเมินเรียบร้อยแล้ว');
    },
  );

  app.put(
    '/evaluate/student/update',
    {
      config: WRITE,
      schema: {
        tags: evalTags,
        summary: 'Correct a recorded training session',
        body: EvaluateUpdateBody,
        response: { 200: Envelope(EvaluateStudent) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const r = await db().transaction((tx) => updateEvaluation(tx, actor, req.body, req.id));
      return ok(await studentEvaluation(db(), actor, r.line_id), 'แก้ไขผลการประเมินเรียบร้อยแล้ว');
    },
  );

  app.delete(
    '/evaluate/student/delete',
    {
      config: WRITE,
      schema: {
        tags: evalTags,
        summary: 'Remove a recorded training session (hidden, audited)',
        body: EvaluateDeleteBody,
        response: { 200: Envelope(EvaluateStudent) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const r = await db().transaction((tx) => deleteEvaluation(tx, actor, req.body, req.id));
      return ok(await studentEvaluation(db(), actor, r.line_id), 'ลบรายการประเมินเรียบร้อยแล้ว');
    },
  );

  app.post(
    '/evaluate/trainingrecord/pdf',
    {
      config: READ,
      schema: {
        tags: evalTags,
        summary: 'Signed link to the student’s training record (hours and evaluation results)',
        body: LineDocBody,
        response: { 200: Envelope(PdfLink) },
      },
    },
    async (req) => {
      const d = await studentOfApplication(db(), actorOf(req), req.body.application_id, req.body.line_id);
      return ok({ pdf: await trainingRecordLink(plain, d.line_id) });
    },
  );

  app.post(
    '/evaluate/certificate/pdf',
    {
      config: READ,
      schema: {
        tags: evalTags,
        summary: 'Signed link to the training certificate (ใบรับรองผลการอบรม); refused until the training is complete',
        body: LineDocBody,
        response: { 200: Envelope(PdfLink) },
      },
    },
    async (req) => {
      const d = await certificateData(db(), actorOf(req), req.body.application_id, req.body.line_id);
      return ok({ pdf: await certificateLink(plain, d.line_id) });
    },
  );

  app.get(
    '/evaluate/settings',
    {
      config: READ,
      schema: {
        tags: evalTags,
        summary: 'The school’s level scale, passing level and vehicle checklists',
        response: { 200: Envelope(EvaluationSettingsOut) },
      },
    },
    async () => ok(await evaluationSettingsOf(db())),
  );

  app.put(
    '/evaluate/settings/update',
    {
      config: { auth: ['manage', 'Setting'] },
      schema: {
        tags: evalTags,
        summary: 'Change the level scale, the passing level and the vehicle checklists (owners; audited)',
        body: EvaluationSettingsBody,
        response: { 200: Envelope(EvaluationSettingsOut) },
      },
    },
    async (req) =>
      ok(
        await db().transaction((tx) => updateEvaluationSettings(tx, actorOf(req), req.body, req.id)),
        'บันทึกเกณฑ์การประเมินและรายการตรวจสภาพรถเรียบร้อยแล้ว',
      ),
  );

  // ---- vehicle checks ------------------------------------------------------------------------------------

  app.get(
    '/application/getformanageVehicleCheck',
    {
      config: READ,
      schema: {
        tags: checkTags,
        summary:
          'Manage vehicle check: course applications with their latest check (status defaults to ค้างชำระ; category = check result)',
        querystring: TableQuery,
        response: { 200: TableEnvelope(ManageVehicleRow, ManageVehicleFilter) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = owingByDefault(req.query);
      const { page, perPage, offset } = pageOf(q);
      const [{ rows, total }, f] = await Promise.all([
        manageVehicleRows(db(), actor, q, perPage, offset),
        listFilterOptions(db(), actor),
      ]);
      return table(
        rows,
        {
          branch: f.branch,
          status: withAll(namedOptions(STATUS_LIST)),
          type: f.type,
          category: withAll(namedOptions(Object.values(CHECK_STATUS))),
        },
        page,
        perPage,
        total,
      );
    },
  );

  app.get(
    '/application/getformanageVehicleDetail',
    {
      config: READ,
      schema: {
        tags: checkTags,
        summary:
          'One application for the vehicle check: its course and other_fee lists (or request_fee), its checks, the branch’s exam cars and the checklist',
        querystring: VehicleDetailQuery,
        response: { 200: Envelope(ManageVehicleDetail) },
      },
    },
    async (req) => {
      const d = await getApplicationDetail(db(), actorOf(req), req.query.application_id);
      const extras = await vehicleDetailExtras(db(), d.branch_id, d.application_id);
      return ok({
        application_id: d.application_id,
        application_code: d.application_code,
        kind: d.kind,
        status: d.status,
        branch_id: d.branch_id,
        branch_name: d.branch_name,
        customer_name: `${d.customer.prefix}${d.customer.fname} ${d.customer.sname}`.trim(),
        idcard: d.customer.idcard,
        phone: d.customer.phone_1,
        total: d.total,
        net: d.net,
        paid: d.paid,
        balance: d.balance,
        createdAt: d.createdAt,
        course: d.courses.map((l) => ({
          line_id: l.line_id,
          course_name: l.course_name,
          course_type: l.course_type,
          exam_date: l.exam_date,
          cost: l.cost,
          discount: l.discount,
        })),
        other_fee: d.other_fees.map((l) => ({
          line_id: l.line_id,
          other_fee_name: l.other_fee_name,
          date: l.date,
          cost: l.cost,
          discount: l.discount,
        })),
        request_fee: d.request_fees.map((l) => ({
          line_id: l.line_id,
          request_fee_name: l.request_fee_name,
          date: l.date,
          cost: l.cost,
          discount: l.discount,
        })),
        ...extras,
      });
    },
  );

  app.get(
    '/vehiclecheck/gettable',
    {
      config: READ,
      schema: {
        tags: checkTags,
        summary: 'Vehicle checks: branch, result (status), vehicle type, check date range, text',
        querystring: TableQuery,
        response: { 200: TableEnvelope(VehicleCheck, VehicleCheckFilter) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { page, perPage, offset } = pageOf(req.query);
      const [{ rows, total }, f] = await Promise.all([
        vehicleCheckRows(db(), vehicleCheckWhere(actor, req.query), perPage, offset),
        listFilterOptions(db(), actor),
      ]);
      return table(
        rows as never[],
        {
          branch: f.branch,
          status: withAll(namedOptions([CHECK_STATUS.pass, CHECK_STATUS.fail])),
          type: withAll(Object.entries(TYPE_NAMES).map(([value, name]) => ({ value, name }))),
        },
        page,
        perPage,
        total,
      );
    },
  );

  app.get(
    '/vehiclecheck/get',
    {
      config: READ,
      schema: {
        tags: checkTags,
        summary: 'One vehicle check',
        querystring: VehicleCheckGetQuery,
        response: { 200: Envelope(VehicleCheck) },
      },
    },
    async (req) => ok(await getVehicleCheck(db(), actorOf(req), req.query.check_id)),
  );

  const answer = async (checkId: number, message: string) => {
    const c = await vehicleCheckById(db(), checkId);
    if (!c) throw notFound('ไม่พบรายการตรวจสภาพรถนี้');
    return ok(
      c,
      c.result === 'pass' ? `${message} ผลการตรวจ: ผ่าน` : `${message} ผลการตรวจ: ไม่ผ่าน (${c.fail_reasons.join('; ')})`,
    );
  };

  app.post(
    '/vehiclecheck/create',
    {
      config: WRITE,
      schema: {
        tags: checkTags,
        summary:
          'Record a vehicle check: the student’s own vehicle or an exam car of the branch; fails when tax or พ.ร.บ. has expired on the exam day or an item is not in order',
        body: VehicleCheckCreateBody,
        response: { 200: Envelope(VehicleCheck) },
      },
    },
    async (req) => {
      const row = await db().transaction((tx) => createVehicleCheck(tx, actorOf(req), req.body, req.id));
      return answer(row.check_id, 'บันทึกการตรวจสภาพรถเรียบร้อยแล้ว');
    },
  );

  app.put(
    '/vehiclecheck/update',
    {
      config: WRITE,
      schema: {
        tags: checkTags,
        summary: 'Correct a vehicle check (the result is computed again)',
        body: VehicleCheckUpdateBody,
        response: { 200: Envelope(VehicleCheck) },
      },
    },
    async (req) => {
      const row = await db().transaction((tx) => updateVehicleCheck(tx, actorOf(req), req.body, req.id));
      return answer(row.check_id, 'แก้ไขการตรวจสภาพรถเรียบร้อยแล้ว');
    },
  );

  app.delete(
    '/vehiclecheck/delete',
    {
      config: WRITE,
      schema: {
        tags: checkTags,
        summary: 'Remove a vehicle check (hidden, audited)',
        body: VehicleCheckDeleteBody,
        response: { 200: Envelope(Type.Object({ check_id: Type.Integer() })) },
      },
    },
    async (req) => {
      await db().transaction((tx) => deleteVehicleCheck(tx, actorOf(req), req.body, req.id));
      return ok({ check_id: req.body.check_id }, 'ลบรายการตรวจสภาพรถเรียบร้อยแล้ว');
    },
  );
}
