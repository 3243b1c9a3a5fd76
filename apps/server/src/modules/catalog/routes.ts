import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CourseTypeBody,
  CourseTypeMinAgeBody,
  CourseTypeRow,
  Envelope,
  EvaluateLists,
  ExpenseLists,
  PayrollLists,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { crudRoutes } from '../../http/crud.js';
import { ALL, ok } from '../../http/envelope.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { courseList, evaluateList, expenseItemList, otherFeeList, payrollItemList, promotionList } from './lists.js';
import {
  EVALUATE_CATEGORIES,
  EVALUATE_STATUS,
  EXPENSE_STATUS,
  PAYROLL_CONDITIONS,
  PAYROLL_DEDUCTION_CATEGORIES,
  PAYROLL_INCOME_CATEGORIES,
  PAYROLL_STATUS,
  PAYROLL_TITLE_VALUES,
  PAYROLL_TYPES,
} from './options.js';
import {
  addCourseType,
  branchPairs,
  categoryTree,
  courseTypeList,
  courseTypeRows,
  removeCourseType,
  setCourseTypeMinAge,
} from './repo.js';

// the registration reads the course types' minimum ages from here
export { courseTypeList, courseTypeMinAges } from './repo.js';

const Names = Envelope(Type.Array(Type.String()));

/** The catalog: the CRUD lists (lists.ts) and the course types and option lists beside them. */
export default async function catalogRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  crudRoutes(plain, courseList);
  crudRoutes(plain, promotionList);
  crudRoutes(plain, otherFeeList);
  crudRoutes(plain, expenseItemList);
  crudRoutes(plain, payrollItemList);
  crudRoutes(plain, evaluateList);

  // ---- course types ---------------------------------------------------------
  app.get(
    '/course/type',
    {
      config: { auth: ['read', 'Course'] },
      schema: { tags: ['course'], summary: 'Course types (licence classes)', response: { 200: Names } },
    },
    async () => ok(await courseTypeList(db())),
  );
  app.get(
    '/course/type/list',
    {
      config: { auth: ['read', 'Course'] },
      schema: {
        tags: ['course'],
        summary: 'Course types with the minimum age the registration form warns under',
        response: { 200: Envelope(Type.Array(CourseTypeRow)) },
      },
    },
    async () => ok(await courseTypeRows(db())),
  );
  app.put(
    '/course/type/update',
    {
      config: { auth: ['update', 'Course'] },
      schema: {
        tags: ['course'],
        summary: 'Set a course type’s minimum age',
        body: CourseTypeMinAgeBody,
        response: { 200: Envelope(Type.Array(CourseTypeRow)) },
      },
    },
    async (req) => {
      const { name, min_age } = req.body;
      if (actorOf(req).branchScope !== null) throw forbidden('อายุขั้นต่ำของประเภทหลักสูตรใช้ทั้งโรงเรียน แก้ไขได้เฉพาะสำนักงานใหญ่');
      await setCourseTypeMinAge(db(), actorOf(req), name, min_age, req.id);
      return ok(await courseTypeRows(db()), `บันทึกอายุขั้นต่ำของ${name}เป็น ${min_age} ปีเรียบร้อยแล้ว`);
    },
  );
  app.post(
    '/course/type/create',
    {
      config: { auth: ['update', 'Course'] },
      schema: { tags: ['course'], summary: 'Add a course type', body: CourseTypeBody, response: { 200: Names } },
    },
    async (req) => {
      const name = req.body.name.trim();
      if (!name) throw badRequest('ชื่อ: ต้องระบุ', [{ field: 'name', message: 'ชื่อ: ต้องระบุ' }]);
      await addCourseType(db(), actorOf(req), name, req.id);
      return ok(await courseTypeList(db()), `เพิ่มประเภทหลักสูตร "${name}" เรียบร้อยแล้ว`);
    },
  );
  app.delete(
    '/course/type/delete',
    {
      config: { auth: ['update', 'Course'] },
      schema: {
        tags: ['course'],
        summary: 'Remove a course type not used by live courses',
        body: CourseTypeBody,
        response: { 200: Names },
      },
    },
    async (req) => {
      const { name } = req.body;
      await removeCourseType(db(), actorOf(req), name, req.id);
      return ok(await courseTypeList(db()), `ลบประเภทหลักสูตร "${name}" เรียบร้อยแล้ว`);
    },
  );

  // ---- option lists -------------------------------------------------------------
  app.get(
    '/promotion/type',
    {
      config: { auth: ['read', 'Promotion'] },
      schema: {
        tags: ['promotion'],
        summary: 'Course types a promotion may target (ทั้งหมด = all)',
        response: { 200: Names },
      },
    },
    async () => ok([ALL, ...(await courseTypeList(db()))]),
  );
  app.get(
    '/list-expenses/list',
    {
      config: { auth: ['read', 'ListExpense'] },
      schema: {
        tags: ['list-expenses'],
        summary: 'Expense categories (nested) and statuses',
        response: { 200: Envelope(ExpenseLists) },
      },
    },
    async () => ok({ category: await categoryTree(db()), status: EXPENSE_STATUS }),
  );
  app.get(
    '/list-payroll/list',
    {
      config: { auth: ['read', 'ListPayroll'] },
      schema: { tags: ['list-payroll'], summary: 'Payroll item options', response: { 200: Envelope(PayrollLists) } },
    },
    async (req) =>
      ok({
        branch: await branchPairs(db(), actorOf(req)),
        category_income: PAYROLL_INCOME_CATEGORIES,
        category_deduction: PAYROLL_DEDUCTION_CATEGORIES,
        condition: PAYROLL_CONDITIONS,
        status: PAYROLL_STATUS,
        title_value: PAYROLL_TITLE_VALUES,
        type: PAYROLL_TYPES,
      }),
  );
  app.get(
    '/evaluate/list',
    {
      config: { auth: ['read', 'Evaluate'] },
      schema: {
        tags: ['evaluate'],
        summary: 'Evaluation dropdowns (name/value pairs)',
        response: { 200: Envelope(EvaluateLists) },
      },
    },
    async () =>
      ok({
        category: EVALUATE_CATEGORIES,
        status: EVALUATE_STATUS,
        type: (await courseTypeList(db())).map((n) => ({ name: n, value: n })),
      }),
  );
}
