import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Branch,
  BranchCreateBody,
  BranchDeleteBody,
  BranchOption,
  BranchUpdateBody,
  Envelope,
  IdParams,
  ListFilter,
  TableEnvelope,
  TableQuery,
} from '@khabkhi/contracts';
import { actorOf } from '../../http/auth.js';
import { isAll, ok, pageOf, table } from '../../http/envelope.js';
import { withAll } from '../../http/tables.js';
import { toApi } from '../../lib/serialize.js';
import {
  BRANCH_STATUS,
  branchOptions,
  branchTable,
  createBranch,
  deleteBranch,
  getBranch,
  updateBranch,
} from './service.js';

const tags = ['branches'];
const One = Envelope(Branch);

export default async function branchRoutes(plain: FastifyInstance) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;

  app.post(
    '/branch/create',
    {
      config: { auth: ['create', 'Branch'] },
      schema: { tags, summary: 'Create a branch', body: BranchCreateBody, response: { 200: One } },
    },
    async (req) => ok(toApi(await createBranch(db(), actorOf(req), req.body, req.id)), 'เพิ่มสาขาเรียบร้อยแล้ว'),
  );

  app.put(
    '/branch/update',
    {
      config: { auth: ['update', 'Branch'] },
      schema: { tags, summary: 'Update a branch', body: BranchUpdateBody, response: { 200: One } },
    },
    async (req) => ok(toApi(await updateBranch(db(), actorOf(req), req.body, req.id)), 'บันทึกข้อมูลสาขาเรียบร้อยแล้ว'),
  );

  app.delete(
    '/branch/delete',
    {
      config: { auth: ['delete', 'Branch'] },
      schema: {
        tags,
        summary: 'Delete (soft) a branch',
        body: BranchDeleteBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      await deleteBranch(db(), actorOf(req), req.body.branch_id, req.id);
      return ok(null, 'ลบสาขาเรียบร้อยแล้ว');
    },
  );

  app.get(
    '/branch/get/:id',
    {
      config: { auth: ['read', 'Branch'] },
      schema: { tags, summary: 'One branch', params: IdParams, response: { 200: One } },
    },
    async (req) => ok(toApi(await getBranch(db(), actorOf(req), req.params.id))),
  );

  app.get(
    '/branch/list',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Branches the user may see, as options',
        response: { 200: Envelope(Type.Array(BranchOption)) },
      },
    },
    async (req) => ok(await branchOptions(db(), actorOf(req))),
  );

  app.get(
    '/branch/gettable',
    {
      config: { auth: ['read', 'Branch'] },
      schema: {
        tags,
        summary: 'Branch management table',
        querystring: TableQuery,
        response: { 200: TableEnvelope(Branch, ListFilter) },
      },
    },
    async (req) => {
      const q = req.query;
      const { page, perPage, offset } = pageOf(q);
      const status = isAll(q.status) ? undefined : q.status;
      const { rows, total } = await branchTable(db(), actorOf(req), { status, text: q.text }, perPage, offset);
      return table(
        rows.map((r) => toApi(r)),
        { status: withAll(BRANCH_STATUS) },
        page,
        perPage,
        total,
      );
    },
  );
}
