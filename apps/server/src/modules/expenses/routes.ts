/** expenses/* (SPEC §7 Accounting): HTTP only; the rules are in service.ts. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Envelope,
  Expense,
  ExpenseCategory,
  ExpenseCreateBody,
  ExpenseDeleteBody,
  ExpenseItem,
  ExpenseOptionsQuery,
  ExpenseUpdateBody,
  IdParams,
  NameValue,
  UploadedFile,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { acceptUpload } from '../files/upload.js';
import { createExpense, deleteExpense, updateExpense } from './write.js';
import { employeeOptions, expenseCategoryTree, expenseItems, vehicleOptions } from './options.js';
import { getExpense } from './lists.js';

const tags = ['expenses'];

export default async function expenseRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post(
    '/expenses/create',
    {
      config: { auth: ['create', 'Accounting'] },
      schema: {
        tags,
        summary: 'Record an expense (a vehicle’s fuel with its mileage, a renewal moving its due date)',
        body: ExpenseCreateBody,
        response: { 200: Envelope(Expense) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const id = await createExpense(db(), actor, req.body, req.id);
      return ok(await getExpense(db(), actor, id), 'บันทึกค่าใช้จ่ายเรียบร้อยแล้ว');
    },
  );

  r.put(
    '/expenses/update',
    {
      config: { auth: ['update', 'Accounting'] },
      schema: { tags, summary: 'Change an expense', body: ExpenseUpdateBody, response: { 200: Envelope(Expense) } },
    },
    async (req) => {
      const actor = actorOf(req);
      const id = await updateExpense(db(), actor, req.body, req.id);
      return ok(await getExpense(db(), actor, id), 'บันทึกการแก้ไขค่าใช้จ่ายเรียบร้อยแล้ว');
    },
  );

  r.delete(
    '/expenses/delete',
    {
      config: { auth: ['delete', 'Accounting'] },
      schema: {
        tags,
        summary: 'Delete (soft) an expense',
        body: ExpenseDeleteBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await deleteExpense(db(), actorOf(req), req.body.expenses_id, req.id);
      return ok(null, 'ลบรายการค่าใช้จ่ายเรียบร้อยแล้ว');
    },
  );

  r.get(
    '/expenses/get/:id',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'One expense with its attachments',
        params: IdParams,
        response: { 200: Envelope(Expense) },
      },
    },
    async (req) => ok(await getExpense(db(), actorOf(req), req.params.id)),
  );

  r.get(
    '/expenses/list',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'Expense items to choose (of a branch, or of every branch in scope)',
        querystring: ExpenseOptionsQuery,
        response: { 200: Envelope(Type.Array(ExpenseItem)) },
      },
    },
    async (req) => ok(await expenseItems(db(), actorOf(req), req.query.branch)),
  );

  r.get(
    '/expenses/list-category',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'Expense categories with their nested items',
        querystring: ExpenseOptionsQuery,
        response: { 200: Envelope(Type.Array(ExpenseCategory)) },
      },
    },
    async (req) => ok(await expenseCategoryTree(db(), actorOf(req), req.query.branch)),
  );

  r.get(
    '/expenses/employee',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'Employees as name/value options',
        querystring: ExpenseOptionsQuery,
        response: { 200: Envelope(Type.Array(NameValue)) },
      },
    },
    async (req) => ok(await employeeOptions(db(), actorOf(req), req.query.branch)),
  );

  r.get(
    '/expenses/vehicle',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'Vehicles of a branch (default: the user’s) as name/value options',
        querystring: ExpenseOptionsQuery,
        response: { 200: Envelope(Type.Array(NameValue)) },
      },
    },
    async (req) => ok(await vehicleOptions(db(), actorOf(req), req.query.branch)),
  );

  r.get(
    '/expenses/vehicle-all',
    {
      config: { auth: ['read', 'Accounting'] },
      schema: {
        tags,
        summary: 'Vehicles of every branch in the user’s scope (head office: all) as name/value options',
        response: { 200: Envelope(Type.Array(NameValue)) },
      },
    },
    async (req) => ok(await vehicleOptions(db(), actorOf(req), undefined, true)),
  );

  r.post(
    '/expenses/upload',
    {
      config: { auth: ['create', 'Accounting'] },
      schema: {
        tags,
        summary: 'Upload a bill (JPEG, PNG or PDF; multipart field "file") to attach to an expense',
        consumes: ['multipart/form-data'],
        response: { 200: Envelope(UploadedFile) },
      },
    },
    async (req) =>
      ok(
        await acceptUpload(req, actorOf(req), { types: ['image', 'pdf'], label: 'ไฟล์แนบ', kind: 'bill' }),
        'อัปโหลดไฟล์แนบเรียบร้อยแล้ว',
      ),
  );
}
