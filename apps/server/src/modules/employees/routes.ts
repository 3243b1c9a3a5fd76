import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Id, TableQuery } from '@khabkhi/contracts';
import { Type } from 'typebox';
import { branches, roles } from '../../db/schema/core.js';
import { actorOf, branchScopeWhere } from '../../http/auth.js';
import { ok, pageOf, table } from '../../http/envelope.js';
import { branchFilter, idFilter, withAll } from '../../http/tables.js';
import { isAll } from '../../http/envelope.js';
import { toApi } from '../../lib/serialize.js';
import { userData } from '../auth/service.js';
import {
  BANK_ACC_TYPE_OPTIONS, BANKS, DEPARTMENTS, PAY_TYPE_OPTIONS, POSITIONS, PREFIXES, SALARY_PAY_TYPE_OPTIONS, USER_STATUS_OPTIONS, WEEKDAY_OPTIONS,
} from './options.js';
import { findUser, userTable } from './repo.js';
import { ChangePasswordBody, DeleteBody, ProfileBody, RegisterBody, UpdateBody } from './schemas.js';
import { changeOwnPassword, deleteUser, getUserScoped, registerUser, updateOwnProfile, updateUser } from './service.js';

const MONEY = ['salary', 'extra_salary', 'sso_salary'] as const;
const tags = ['employees'];

export default async function userRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;

  async function branchOptions(req: Parameters<typeof actorOf>[0]) {
    const actor = actorOf(req);
    const rows = await db().select({ branch_id: branches.branch_id, name: branches.name }).from(branches)
      .where(and(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id))).orderBy(asc(branches.branch_id));
    return rows;
  }

  app.get('/user/listforregister', { config: { auth: 'user' }, schema: { tags, summary: 'Options of the employee form' } }, async (req) => {
    const roleRows = await db().select({ role_id: roles.role_id, name: roles.name, slug: roles.slug }).from(roles)
      .where(eq(roles.is_delete, false)).orderBy(asc(roles.sort));
    return ok({
      role: roleRows,
      bank: BANKS.map((b) => ({ name: b, value: b })),
      department: DEPARTMENTS.map((d) => ({ name: d, value: d })),
      position: POSITIONS.map((p) => ({ name: p, value: p })),
      branch: await branchOptions(req),
      weekdays: WEEKDAY_OPTIONS,
      pay_type: PAY_TYPE_OPTIONS,
      salary_pay_type: SALARY_PAY_TYPE_OPTIONS,
      bank_acc_type: BANK_ACC_TYPE_OPTIONS,
      status: USER_STATUS_OPTIONS,
      prefix: PREFIXES.map((p) => ({ name: p, value: p })),
    });
  });

  app.post('/user/register', { config: { auth: ['create', 'User'] }, schema: { tags, summary: 'Register an employee', body: RegisterBody } },
    async (req) => ok(toApi(await registerUser(db(), actorOf(req), req.body as never, req.id), MONEY), 'เพิ่มพนักงานเรียบร้อยแล้ว'));

  app.put('/user/update', { config: { auth: ['update', 'User'] }, schema: { tags, summary: 'Update an employee', body: UpdateBody } },
    async (req) => ok(toApi(await updateUser(db(), actorOf(req), req.body as never, req.id), MONEY), 'บันทึกข้อมูลพนักงานเรียบร้อยแล้ว'));

  app.delete('/user/delete', { config: { auth: ['delete', 'User'] }, schema: { tags, summary: 'Delete (soft) an employee', body: DeleteBody } },
    async (req) => {
      await deleteUser(db(), actorOf(req), (req.body as { user_id: number }).user_id, req.id);
      return ok(null, 'ลบพนักงานเรียบร้อยแล้ว');
    });

  app.get('/user/gettable', { config: { auth: ['read', 'User'] }, schema: { tags, summary: 'Employee table', querystring: TableQuery } },
    async (req) => {
      const q = req.query as TableQuery;
      const { page, perPage, offset } = pageOf(q);
      const actor = actorOf(req);
      const { rows, total } = await userTable(db(), actor, {
        branch: branchFilter(q.branch),
        status: isAll(q.status) ? undefined : q.status,
        role: isAll(q.type) ? undefined : idFilter(q.type),
        text: q.text,
      }, perPage, offset);
      const roleRows = await db().select({ name: roles.name, value: roles.role_id }).from(roles).where(eq(roles.is_delete, false)).orderBy(asc(roles.sort));
      const branchRows = await branchOptions(req);
      return table(rows.map((r) => toApi(r)), {
        branch: withAll(branchRows.map((b) => ({ name: b.name, value: b.branch_id }))),
        status: withAll(USER_STATUS_OPTIONS),
        type: withAll(roleRows),
      }, page, perPage, total);
    });

  app.get('/user/get/:id', { config: { auth: ['read', 'User'] }, schema: { tags, summary: 'One employee', params: Type.Object({ id: Id() }) } },
    async (req) => ok(toApi(await getUserScoped(db(), actorOf(req), (req.params as { id: number }).id), MONEY)));

  app.get('/user/me', { config: { auth: 'user' }, schema: { tags, summary: 'My own profile' } }, async (req) => {
    const actor = actorOf(req);
    return ok({ ...toApi((await findUser(db(), actor.userId))!, MONEY), ...(await userData(db(), actor.userId)) });
  });

  app.put('/user/profile', { config: { auth: 'user' }, schema: { tags, summary: 'Update my own contact details', body: ProfileBody } },
    async (req) => ok(toApi(await updateOwnProfile(db(), actorOf(req), req.body as Record<string, unknown>, req.id), MONEY), 'บันทึกข้อมูลส่วนตัวเรียบร้อยแล้ว'));

  app.post('/user/change-password', { config: { auth: 'user' }, schema: { tags, summary: 'Change my own password', body: ChangePasswordBody } },
    async (req) => {
      const b = req.body as { old_password: string; new_password: string };
      await changeOwnPassword(db(), actorOf(req), b.old_password, b.new_password, req.id);
      return ok(null, 'เปลี่ยนรหัสผ่านเรียบร้อยแล้ว');
    });
}
