import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ChangePasswordBody,
  DeleteBody,
  Employee,
  EmployeeRow,
  Envelope,
  IdParams,
  ListFilter,
  Me,
  ProfileBody,
  RegisterBody,
  EmployeeFormOptions,
  TableEnvelope,
  TableQuery,
  UpdateBody,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { isAll, ok, pageOf, table } from '../../http/envelope.js';
import { branchFilter, idFilter, withAll } from '../../http/tables.js';
import { toApi } from '../../lib/serialize.js';
import { userData } from '../auth/index.js';
import {
  BANK_ACC_TYPE_OPTIONS,
  BANKS,
  DEPARTMENTS,
  PAY_TYPE_OPTIONS,
  POSITIONS,
  PREFIXES,
  SALARY_PAY_TYPE_OPTIONS,
  USER_STATUS_OPTIONS,
  WEEKDAY_OPTIONS,
} from './options.js';
import { branchOptionsOf, findUser, roleOptions, roleRows, userTable } from './repo.js';
import { changeOwnPassword, deleteUser, getUserScoped, registerUser, updateOwnProfile, updateUser } from './service.js';

const MONEY = ['salary', 'extra_salary', 'sso_salary'] as const;
const tags = ['employees'];
const One = Envelope(Employee);

export default async function userRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.get(
    '/user/listforregister',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Options of the employee form', response: { 200: Envelope(EmployeeFormOptions) } },
    },
    async (req) =>
      ok({
        role: await roleRows(db()),
        bank: BANKS.map((b) => ({ name: b, value: b })),
        department: DEPARTMENTS.map((d) => ({ name: d, value: d })),
        position: POSITIONS.map((p) => ({ name: p, value: p })),
        branch: await branchOptionsOf(db(), actorOf(req)),
        weekdays: WEEKDAY_OPTIONS,
        pay_type: PAY_TYPE_OPTIONS,
        salary_pay_type: SALARY_PAY_TYPE_OPTIONS,
        bank_acc_type: BANK_ACC_TYPE_OPTIONS,
        status: USER_STATUS_OPTIONS,
        prefix: PREFIXES.map((p) => ({ name: p, value: p })),
      }),
  );

  app.post(
    '/user/register',
    {
      config: { auth: ['create', 'User'] },
      schema: { tags, summary: 'Register an employee', body: RegisterBody, response: { 200: One } },
    },
    async (req) => ok(toApi(await registerUser(db(), actorOf(req), req.body, req.id), MONEY), 'เพิ่มพนักงานเรียบร้อยแล้ว'),
  );

  app.put(
    '/user/update',
    {
      config: { auth: ['update', 'User'] },
      schema: { tags, summary: 'Update an employee', body: UpdateBody, response: { 200: One } },
    },
    async (req) => ok(toApi(await updateUser(db(), actorOf(req), req.body, req.id), MONEY), 'บันทึกข้อมูลพนักงานเรียบร้อยแล้ว'),
  );

  app.delete(
    '/user/delete',
    {
      config: { auth: ['delete', 'User'] },
      schema: {
        tags,
        summary: 'Delete (soft) an employee',
        body: DeleteBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await deleteUser(db(), actorOf(req), req.body.user_id, req.id);
      return ok(null, 'ลบพนักงานเรียบร้อยแล้ว');
    },
  );

  app.get(
    '/user/gettable',
    {
      config: { auth: ['read', 'User'] },
      schema: {
        tags,
        summary: 'Employee table',
        querystring: TableQuery,
        response: { 200: TableEnvelope(EmployeeRow, ListFilter) },
      },
    },
    async (req) => {
      const q = req.query;
      const { page, perPage, offset } = pageOf(q);
      const actor = actorOf(req);
      const { rows, total } = await userTable(
        db(),
        actor,
        {
          branch: branchFilter(q.branch),
          status: isAll(q.status) ? undefined : q.status,
          role: isAll(q.type) ? undefined : idFilter(q.type),
          text: q.text,
        },
        perPage,
        offset,
      );
      const branchRows = await branchOptionsOf(db(), actor);
      return table(
        rows.map((r) => toApi(r)),
        {
          branch: withAll(branchRows.map((b) => ({ name: b.name, value: b.branch_id }))),
          status: withAll(USER_STATUS_OPTIONS),
          type: withAll(await roleOptions(db())),
        },
        page,
        perPage,
        total,
      );
    },
  );

  app.get(
    '/user/get/:id',
    {
      config: { auth: ['read', 'User'] },
      schema: { tags, summary: 'One employee', params: IdParams, response: { 200: One } },
    },
    async (req) => ok(toApi(await getUserScoped(db(), actorOf(req), req.params.id), MONEY)),
  );

  app.get(
    '/user/me',
    { config: { auth: 'user' }, schema: { tags, summary: 'My own profile', response: { 200: Envelope(Me) } } },
    async (req) => {
      const actor = actorOf(req);
      return ok({ ...toApi((await findUser(db(), actor.userId))!, MONEY), ...(await userData(db(), actor.userId)) });
    },
  );

  app.put(
    '/user/profile',
    {
      config: { auth: 'user' },
      schema: { tags, summary: 'Update my own contact details', body: ProfileBody, response: { 200: One } },
    },
    async (req) =>
      ok(toApi(await updateOwnProfile(db(), actorOf(req), req.body, req.id), MONEY), 'บันทึกข้อมูลส่วนตัวเรียบร้อยแล้ว'),
  );

  app.post(
    '/user/change-password',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Change my own password',
        body: ChangePasswordBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await changeOwnPassword(db(), actorOf(req), req.body.old_password, req.body.new_password, req.id);
      return ok(null, 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว');
    },
  );
}
