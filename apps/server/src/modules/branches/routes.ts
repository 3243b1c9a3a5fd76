import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Id, TableQuery, Text } from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { isAll, ok, pageOf, table } from '../../http/envelope.js';
import { withAll } from '../../http/tables.js';
import { toApi } from '../../lib/serialize.js';
import { BRANCH_STATUS, branchOptions, branchTable, createBranch, deleteBranch, getBranch, updateBranch } from './service.js';

const phone = Type.String({ pattern: '^[0-9+\\- ]{0,20}$' });
const fields = {
  parent_id: Type.Optional(Type.Union([Id(), Type.Null()])),
  code: Type.String({ pattern: '^[A-Z0-9]{2,10}$' }),
  name: Type.String({ minLength: 1, maxLength: 150 }),
  address: Type.Optional(Text(200)), moo: Type.Optional(Text(20)), soi: Type.Optional(Text(100)), street: Type.Optional(Text(100)),
  subdistrict: Type.Optional(Text(100)), district: Type.Optional(Text(100)), province: Type.Optional(Text(100)),
  postcode: Type.Optional(Type.String({ pattern: '^(\\d{5})?$' })),
  phone_1: Type.Optional(phone), phone_2: Type.Optional(phone), line: Type.Optional(Text(100)),
  tax_branch_no: Type.Optional(Type.String({ pattern: '^(\\d{5})?$' })),
};
// SPEC §7 creates a branch without a code: the server derives one (changeable later with branch/update)
const CreateBody = Type.Object({ ...fields, code: Type.Optional(fields.code) }, { additionalProperties: false });
const UpdateBody = Type.Object({ branch_id: Id(), ...fields }, { additionalProperties: false });
const DeleteBody = Type.Object({ branch_id: Id() }, { additionalProperties: false });
const tags = ['branches'];

export default async function branchRoutes(app: FastifyInstance) {
  const db = () => app.deps.database.db;

  app.post('/branch/create', { config: { auth: ['create', 'Branch'] }, schema: { tags, summary: 'Create a branch', body: CreateBody } },
    async (req) => ok(toApi(await createBranch(db(), actorOf(req), req.body as never, req.id)), 'เพิ่มสาขาเรียบร้อยแล้ว'));

  app.put('/branch/update', { config: { auth: ['update', 'Branch'] }, schema: { tags, summary: 'Update a branch', body: UpdateBody } },
    async (req) => ok(toApi(await updateBranch(db(), actorOf(req), req.body as never, req.id)), 'บันทึกข้อมูลสาขาเรียบร้อยแล้ว'));

  app.delete('/branch/delete', { config: { auth: ['delete', 'Branch'] }, schema: { tags, summary: 'Delete (soft) a branch', body: DeleteBody } },
    async (req) => {
      await deleteBranch(db(), actorOf(req), (req.body as { branch_id: number }).branch_id, req.id);
      return ok(null, 'ลบสาขาเรียบร้อยแล้ว');
    });

  app.get('/branch/get/:id', { config: { auth: ['read', 'Branch'] }, schema: { tags, summary: 'One branch', params: Type.Object({ id: Id() }) } },
    async (req) => ok(toApi(await getBranch(db(), actorOf(req), (req.params as { id: number }).id))));

  app.get('/branch/list', { config: { auth: 'user' }, schema: { tags, summary: 'Branches the user may see, as options' } },
    async (req) => ok(await branchOptions(db(), actorOf(req))));

  app.get('/branch/gettable', { config: { auth: ['read', 'Branch'] }, schema: { tags, summary: 'Branch management table', querystring: TableQuery } },
    async (req) => {
      const q = req.query as TableQuery;
      const { page, perPage, offset } = pageOf(q);
      const status = isAll(q.status) ? undefined : q.status;
      const { rows, total } = await branchTable(db(), actorOf(req), { status, text: q.text }, perPage, offset);
      return table(rows.map((r) => toApi(r)), { status: withAll(BRANCH_STATUS) }, page, perPage, total);
    });
}
