import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Envelope,
  HistoryEnvelope,
  HistoryQuery,
  IdParams,
  Option,
  PayrollFilter,
  PayrollRow,
  PayrollTableQuery,
  PayslipPdfBody,
  PayslipRow,
  PAYROLL_STATE_NAMES,
  PayrollReopenBody,
  ReportRow,
  ReportUpdate,
  Sheet,
  SheetQuery,
  SheetUpdate,
  StaffDetail,
  StepBody,
  TableEnvelope,
  Totals,
  UserItem,
  UserItemCreate,
  UserItemQuery,
  UserItemUpdate,
  type PayrollState,
} from '@khabkhi/contracts';
import { registerDocumentType, signDocumentLink } from '../../documents/index.js';
import { actorOf, assertBranch } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { idFilter } from '../../http/tables.js';
import { payslipsHtml, summaryHtml } from './document.js';
import { statutoryRoutes } from './statutory-routes.js';
import {
  approve,
  branchOfUser,
  confirm,
  createUserItem,
  currentMonth,
  getPayroll,
  getSheet,
  monthName,
  payrollRows,
  payrollTable,
  payslipTable,
  reopen,
  reportTable,
  saveSheet,
  staffDetail,
  submit,
  updateUserItem,
  userHistory,
  userItems,
  type PayslipSnapshot,
} from './service.js';
import {
  branchCode,
  currentPayslips,
  findPayrollRecord,
  findPayslip,
  hasCurrentPayslip,
  payslipBranch,
  schoolSettingsRow,
} from './repo.js';

const tags = ['payroll'];
const Row = Type.Object({ ...PayrollRow.properties });
const ReportFilter = Type.Object({ branch: Type.Array(Option), month: Type.Array(Option), status: Type.Array(Option) });
const ReportEnvelope = Type.Object({
  ...TableEnvelope(ReportRow, ReportFilter).properties,
  month: Type.String(),
  totals: Totals,
});
const stepMessages = {
  submit: 'ส่งตรวจเงินเดือนเรียบร้อยแล้ว รอผู้จัดการสาขายืนยัน',
  confirm: 'ยืนยันเงินเดือนเรียบร้อยแล้ว รอเจ้าของกิจการอนุมัติ',
  approve: 'อนุมัติเงินเดือนเรียบร้อยแล้ว ออกสลิปเงินเดือนให้พนักงานทุกคนแล้ว และรอบนี้ถูกล็อก',
};

/** Payroll: a branch's month (sheet), the report, the workflow submit → confirm → approve, payslips, standing items. */
export default async function payrollRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  const school = async () => {
    const s = await schoolSettingsRow(db());
    return { name: s?.name ?? '', tax_id: s?.tax_id ?? '' };
  };
  registerDocumentType(plain, 'payslip', async (id) => {
    const s = await findPayslip(db(), id);
    if (!s) throw notFound('ไม่พบสลิปเงินเดือนนี้');
    const snap = s.snapshot as unknown as PayslipSnapshot;
    return {
      pdf: await app.documents.html(payslipsHtml(await school(), [snap])),
      filename: `สลิปเงินเดือน-${s.month}-${snap.employee.name}${s.version > 1 ? `-ฉบับที่${s.version}` : ''}.pdf`,
    };
  });
  registerDocumentType(plain, 'payslips', async (id) => {
    const list = await currentPayslips(db(), id);
    if (!list.length) throw notFound('ยังไม่มีสลิปเงินเดือนของรอบนี้');
    const code = await branchCode(db(), list[0]!.branch_id);
    return {
      pdf: await app.documents.html(
        payslipsHtml(
          await school(),
          list.map((s) => s.snapshot as unknown as PayslipSnapshot),
        ),
      ),
      filename: `สลิปเงินเดือน-${code}-${list[0]!.month}.pdf`,
    };
  });
  registerDocumentType(plain, 'payroll-summary', async (id) => {
    const p = await findPayrollRecord(db(), id);
    if (!p) throw notFound('ไม่พบรอบเงินเดือนนี้');
    const [row] = await payrollRows(db(), [p]);
    const sheet = await getSheet(
      db(),
      {
        userId: 0,
        username: '',
        roleId: 0,
        roleSlug: '',
        branchId: p.branch_id,
        familyId: '',
        abilities: [],
        branchScope: null,
      },
      String(p.branch_id),
      p.month,
    );
    const steps = [
      row!.submitted.by ? `ส่งตรวจโดย ${row!.submitted.by}` : '',
      row!.confirmed.by ? `ยืนยันโดย ${row!.confirmed.by}` : '',
      row!.approved.by ? `อนุมัติโดย ${row!.approved.by}` : '',
    ].filter(Boolean);
    const html = summaryHtml({
      school: (await school()).name,
      branch: row!.branch_name,
      month_name: row!.month_name,
      status_name: row!.status_name,
      lines: sheet.lines,
      totals: sheet.totals,
      steps,
    });
    return { pdf: await app.documents.html(html), filename: `สรุปเงินเดือน-${p.month}.pdf` };
  });

  app.get(
    '/payroll/gettable',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'Payrolls: branch × month with their state and totals',
        querystring: PayrollTableQuery,
        response: { 200: TableEnvelope(Row, PayrollFilter) },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const r = await payrollTable(db(), actorOf(req), req.query, perPage, offset);
      return table(r.rows, r.filter, page, perPage, r.total);
    },
  );

  app.get(
    '/payroll/user/:id',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'Payroll staff detail: salary, standing incomes and deductions, user_info',
        params: IdParams,
        response: { 200: Envelope(StaffDetail) },
      },
    },
    async (req) => ok(await staffDetail(db(), actorOf(req), req.params.id)),
  );

  app.get(
    '/payroll/userhistory/:user_id',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'An employee’s payroll of a month (data; detail.is_approve, detail.is_payroll)',
        params: Type.Object(
          { user_id: Type.Integer({ minimum: 1, maximum: 2147483647 }) },
          { additionalProperties: false },
        ),
        querystring: HistoryQuery,
        response: { 200: HistoryEnvelope },
      },
    },
    async (req) => {
      const r = await userHistory(db(), actorOf(req), req.params.user_id, req.query.month);
      return { status: 'success' as const, message: 'สำเร็จ', data: r.data, detail: r.detail };
    },
  );

  app.get(
    '/list-payrollList/list',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'The sheet of a branch-month: employees × items, computed by the server',
        querystring: SheetQuery,
        response: { 200: Envelope(Sheet) },
      },
    },
    async (req) => ok(await getSheet(db(), actorOf(req), req.query.branch, req.query.month ?? currentMonth())),
  );

  app.put(
    '/list-payrollList/update',
    {
      config: { auth: ['update', 'Payroll'] },
      schema: {
        tags,
        summary: 'Save a draft sheet: days worked, fill amounts and quantities; the server computes every amount',
        body: SheetUpdate,
        response: { 200: Envelope(Sheet) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await db().transaction((tx) => saveSheet(tx, actor, req.body.branch_id, req.body.month, req.body.lines, req.id));
      return ok(
        await getSheet(db(), actor, String(req.body.branch_id), req.body.month),
        `บันทึกเงินเดือนเดือน${monthName(req.body.month)} เรียบร้อยแล้ว`,
      );
    },
  );

  app.get(
    '/list-payrollReport/list',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'The payroll report of a month (default the latest), every employee’s line',
        querystring: PayrollTableQuery,
        response: { 200: ReportEnvelope },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const r = await reportTable(db(), actorOf(req), req.query, perPage, offset);
      return { ...table(r.rows, r.filter, page, perPage, r.total), month: r.month, totals: r.totals };
    },
  );

  app.put(
    '/list-payrollReport/update',
    {
      config: { auth: ['update', 'Payroll'] },
      schema: {
        tags,
        summary: 'Edit one employee’s line of a month (history edit mode) while the branch’s payroll is a draft',
        body: ReportUpdate,
        response: { 200: HistoryEnvelope },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const { month, ...line } = req.body;
      const u = await branchOfUser(db(), actor, line.user_id);
      await db().transaction((tx) => saveSheet(tx, actor, u.branch_id, month, [line], req.id));
      const r = await userHistory(db(), actor, line.user_id, month);
      return {
        status: 'success' as const,
        message: `บันทึกเงินเดือนของ ${r.data.user_info.name} เดือน${monthName(month)} เรียบร้อยแล้ว`,
        data: r.data,
        detail: r.detail,
      };
    },
  );

  app.get(
    '/list-payrollListUser/list',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'An employee’s standing incomes and deductions',
        querystring: UserItemQuery,
        response: { 200: Envelope(Type.Array(UserItem)) },
      },
    },
    async (req) => {
      const id = idFilter(req.query.user);
      if (id < 1) throw badRequest('พนักงาน: ต้องระบุ');
      return ok(await userItems(db(), actorOf(req), id));
    },
  );

  app.post(
    '/list-payrollListUser/create',
    {
      config: { auth: ['update', 'Payroll'] },
      schema: {
        tags,
        summary: 'Add a standing item to an employee (copied into every new month)',
        body: UserItemCreate,
        response: { 200: Envelope(Type.Array(UserItem)) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await db().transaction((tx) => createUserItem(tx, actor, req.body, req.id));
      return ok(await userItems(db(), actor, req.body.user_id), 'เพิ่มรายการประจำเรียบร้อยแล้ว');
    },
  );

  app.put(
    '/list-payrollListUser/update',
    {
      config: { auth: ['update', 'Payroll'] },
      schema: {
        tags,
        summary: 'Change or remove a standing item',
        body: UserItemUpdate,
        response: { 200: Envelope(Type.Array(UserItem)) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const row = await db().transaction((tx) => updateUserItem(tx, actor, req.body, req.id));
      return ok(
        await userItems(db(), actor, row.user_id),
        req.body.is_delete ? 'ลบรายการประจำเรียบร้อยแล้ว' : 'แก้ไขรายการประจำเรียบร้อยแล้ว',
      );
    },
  );

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

  app.get(
    '/payroll/payslip/gettable',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'Issued payslips (every version; the current one flagged)',
        querystring: PayrollTableQuery,
        response: {
          200: TableEnvelope(PayslipRow, Type.Object({ branch: Type.Array(Option), month: Type.Array(Option) })),
        },
      },
    },
    async (req) => {
      const { page, perPage, offset } = pageOf(req.query);
      const r = await payslipTable(db(), actorOf(req), req.query, perPage, offset);
      return table(r.rows, r.filter, page, perPage, r.total);
    },
  );

  app.post(
    '/payroll/payslip/pdf',
    {
      config: { auth: ['read', 'Payroll'] },
      schema: {
        tags,
        summary: 'Signed link (data.pdf) to one payslip, all payslips of a payroll, or the month’s summary',
        body: PayslipPdfBody,
        response: { 200: Envelope(Type.Object({ pdf: Type.String() })) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const b = req.body;
      if (b.payslip_id) {
        const s = await payslipBranch(db(), b.payslip_id);
        if (!s) throw notFound('ไม่พบสลิปเงินเดือนนี้');
        assertBranch(actor, s.branch_id);
        return ok({ pdf: await signDocumentLink(app.deps.secret, { type: 'payslip', id: b.payslip_id }) });
      }
      if (!b.payroll_id) throw badRequest('สลิปเงินเดือน: ต้องระบุสลิปหรือรอบเงินเดือน');
      const p = await getPayroll(db(), actor, b.payroll_id);
      if (b.document !== 'summary') {
        if (!(await hasCurrentPayslip(db(), p.payroll_id)))
          throw badRequest('ยังไม่มีสลิปเงินเดือนของรอบนี้ สลิปออกเมื่อเงินเดือนได้รับอนุมัติ');
      }
      return ok({
        pdf: await signDocumentLink(app.deps.secret, {
          type: b.document === 'summary' ? 'payroll-summary' : 'payslips',
          id: p.payroll_id,
        }),
      });
    },
  );

  statutoryRoutes(plain);
}
