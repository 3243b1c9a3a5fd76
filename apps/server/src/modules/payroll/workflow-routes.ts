import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  Envelope,
  IdParams,
  PAYROLL_STATE_NAMES,
  PayrollHistoryStep,
  PayrollReopenBody,
  PayrollSendBackBody,
  PayrollWorkflow,
  PayrollWorkflowBody,
  StepBody,
  type PayrollState,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { Type } from 'typebox';
import { approve, confirm, reopen, sendBack, submit } from './workflow.js';
import { payrollHistory } from './history.js';
import { saveWorkflowRoles, workflowSettings } from './workflow-settings.js';
import { payrollRows } from './sheet.js';
import { Row, tags } from './schemas.js';

const stepMessages = {
  submit: 'ส่งตรวจเงินเดือนเรียบร้อยแล้ว รอผู้จัดการสาขายืนยัน',
  confirm: 'ยืนยันเงินเดือนเรียบร้อยแล้ว รอเจ้าของกิจการอนุมัติ',
  approve: 'อนุมัติเงินเดือนเรียบร้อยแล้ว ออกสลิปเงินเดือนให้พนักงานทุกคนแล้ว และรอบนี้ถูกล็อก',
};
/** The workflow's routes: submit → confirm → approve, sending back, reopening an approved month, its history and roles. */
export function workflowRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  const step = (
    name: 'submit' | 'confirm' | 'approve',
    auth: ['update' | 'approve', 'Payroll'],
    fn: typeof submit,
    summary: string,
  ) =>
    app.post(
      `/payroll/${name}`,
      {
        config: { auth },
        schema: { tags, summary, body: StepBody, response: { 200: Envelope(Row) } },
      },
      async (req) => {
        const actor = actorOf(req);
        const p = await db().transaction((tx) =>
          fn(tx, actor, req.body.payroll_id, req.id, req.body.acknowledge_deductions),
        );
        return ok((await payrollRows(db(), [p]))[0]!, stepMessages[name]);
      },
    );
  step(
    'submit',
    ['update', 'Payroll'],
    submit,
    'Submit a draft (the submitter roles of the school setting): the sheet is frozen as computed now; files the confirm request',
  );
  step(
    'confirm',
    ['approve', 'Payroll'],
    confirm,
    'Confirm a submitted payroll (the confirmer roles; never the submitter): approves its confirm request and files the approve request',
  );
  step(
    'approve',
    ['approve', 'Payroll'],
    approve,
    'Approve a confirmed payroll (the approver roles, by default the owner; never the submitter unless a one-owner school allows it): locked, payslips issued',
  );

  app.post(
    '/payroll/send-back',
    {
      config: { auth: ['approve', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Send a submitted or confirmed payroll back to draft with a reason (a confirmer or an approver, never the submitter): its pending request is rejected, the history keeps the reason',
        body: PayrollSendBackBody,
        response: { 200: Envelope(Row) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const p = await db().transaction((tx) => sendBack(tx, actor, req.body.payroll_id, req.body.reason, req.id));
      const [row] = await payrollRows(db(), [p]);
      return ok(row!, `ส่งเงินเดือนเดือน${row!.month_name} กลับเป็นฉบับร่างเพื่อแก้ไขแล้ว`);
    },
  );

  app.get(
    '/payroll/history/:id',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'A payroll month’s workflow history: every step of every version, who and when, with reasons',
        params: IdParams,
        response: { 200: Envelope(Type.Array(PayrollHistoryStep)) },
      },
    },
    async (req) => ok(await payrollHistory(db(), actorOf(req), req.params.id)),
  );

  app.get(
    '/payroll/workflow',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Who submits, confirms and approves a payroll month (a setting of the school) and the roles to choose from',
        response: { 200: Envelope(PayrollWorkflow) },
      },
    },
    async () => ok(await workflowSettings(db())),
  );

  app.put(
    '/payroll/workflow/update',
    {
      config: { auth: ['manage', 'Setting'] },
      schema: {
        tags,
        summary: 'Set who submits, confirms and approves a payroll month (owner; audited)',
        body: PayrollWorkflowBody,
        response: { 200: Envelope(PayrollWorkflow) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await db().transaction((tx) => saveWorkflowRoles(tx, actor, req.body, req.id));
      return ok(await workflowSettings(db()), 'บันทึกผู้ส่งตรวจ ผู้ยืนยัน และผู้อนุมัติเงินเดือนเรียบร้อยแล้ว');
    },
  );

  app.post(
    '/payroll/reopen',
    {
      config: { auth: ['approve', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Reopen an approved payroll (the approver roles, by default the owner, with a reason; audited): it returns to draft and its payslips are reissued as a new version at the next approval',
        body: PayrollReopenBody,
        response: { 200: Envelope(Row) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const p = await db().transaction((tx) => reopen(tx, actor, req.body.payroll_id, req.body.reason, req.id));
      return ok(
        (await payrollRows(db(), [p]))[0]!,
        `เปิดรอบเงินเดือนใหม่แล้ว (สถานะ ${PAYROLL_STATE_NAMES[p.status as PayrollState]}) เมื่ออนุมัติอีกครั้งจะออกสลิปฉบับที่ ${p.version}`,
      );
    },
  );
}
