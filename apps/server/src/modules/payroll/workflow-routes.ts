import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, PAYROLL_STATE_NAMES, PayrollReopenBody, StepBody, type PayrollState } from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { approve, confirm, reopen, submit } from './workflow.js';
import { payrollRows } from './sheet.js';
import { Row, tags } from './schemas.js';

const stepMessages = {
  submit: 'ส่งตรวจเงินเดือนเรียบร้อยแล้ว รอผู้จัดการสาขายืนยัน',
  confirm: 'ยืนยันเงินเดือนเรียบร้อยแล้ว รอเจ้าของกิจการอนุมัติ',
  approve: 'อนุมัติเงินเดือนเรียบร้อยแล้ว ออกสลิปเงินเดือนให้พนักงานทุกคนแล้ว และรอบนี้ถูกล็อก',
};
/** The workflow's routes: submit → confirm → approve, and reopening an approved month. */
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
        const p = await db().transaction((tx) => fn(tx, actor, req.body.payroll_id, req.id));
        return ok((await payrollRows(db(), [p]))[0]!, stepMessages[name]);
      },
    );
  step('submit', ['update', 'Payroll'], submit, 'Submit a draft (HR): the sheet is frozen as computed now');
  step('confirm', ['approve', 'Payroll'], confirm, 'Confirm a submitted payroll (branch manager; never the submitter)');
  step(
    'approve',
    ['approve', 'Payroll'],
    approve,
    'Approve a confirmed payroll (owner; never the submitter): locked, payslips issued',
  );

  app.post(
    '/payroll/reopen',
    {
      config: { auth: ['approve', 'Payroll'] },
      schema: {
        tags,
        summary:
          'Reopen an approved payroll (owner, with a reason; audited): it returns to draft and its payslips are reissued as a new version at the next approval',
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
