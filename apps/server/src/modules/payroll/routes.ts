import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Envelope,
  HistoryEnvelope,
  HistoryQuery,
  IdParams,
  PayrollFilter,
  PayrollTableQuery,
  ReportUpdate,
  Sheet,
  SheetQuery,
  SheetUpdate,
  StaffDetail,
  TableEnvelope,
  UserItem,
  UserItemCreate,
  UserItemQuery,
  UserItemUpdate,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { idFilter } from '../../http/tables.js';
import { saveSheet } from './save.js';
import { getSheet } from './sheet.js';
import { payrollTable, reportTable } from './lists.js';
import { staffDetail, userHistory } from './employee.js';
import { createUserItem, updateUserItem, userItems } from './standing.js';
import { currentMonth, monthName } from './common.js';
import { branchOfUser } from './repo.js';
import { payingBranch } from './person-month.js';
import { Row, ReportEnvelope, tags } from './schemas.js';
import { workflowRoutes } from './workflow-routes.js';
import { payslipRoutes } from './payslip-routes.js';
import { fileRoutes } from './file-routes.js';
import { allowanceRoutes } from './allowance-routes.js';

/** Payroll: a branch's month (sheet), the report, the workflow submit → confirm → approve, payslips, standing items. */
export default async function payrollRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

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
      const b = req.body;
      await db().transaction((tx) =>
        saveSheet(tx, actor, b.branch_id, b.month, b.lines, req.id, b.acknowledge_deductions),
      );
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
      const { month, acknowledge_deductions: ack, ...line } = req.body;
      const u = await branchOfUser(db(), actor, line.user_id);
      // the month is saved on the sheet that pays it (a person moved since stays on the old branch's month)
      const branchId = (await payingBranch(db(), line.user_id, month)) ?? u.branch_id;
      await db().transaction((tx) => saveSheet(tx, actor, branchId, month, [line], req.id, ack));
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

  workflowRoutes(plain);
  payslipRoutes(plain);
  fileRoutes(plain);
  allowanceRoutes(plain);
}
