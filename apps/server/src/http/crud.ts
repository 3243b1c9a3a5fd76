/**
 * The catalog lists (courses, promotions, other fees, expense items, payroll items, evaluation criteria)
 * share one shape: create / update / soft delete / get / gettable, guarded by an ability, scoped to the
 * user's branches when the table has a branch, audited. Each list states its fields and rules; this
 * factory does the rest the same way for all of them.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { Type, type TObject, type TProperties, type TSchema } from 'typebox';
import { Envelope, Id, ListFilter, TableEnvelope, TableQuery } from '@khabkhi/contracts';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { Conn, Db } from '../db/connection.js';
import type { Repository, SoftDeleteTable } from '../db/repository.js';
import { audit } from './audit.js';
import { actorOf, assertBranch, branchScopeWhere, type Actor } from './auth.js';
import { assertLiveBranch } from './branch.js';
import type { Subject } from './abilities.js';
import { ALL, isAll, ok, pageOf, table } from './envelope.js';
import { badRequest, forbidden, notFound } from './errors.js';
import { allOf, branchFilter, textSearch, withAll, type Opt } from './tables.js';
import { liveBranchesInScope } from './branch.js';

export const ACTIVE_OPTIONS: Opt[] = [
  { name: 'เปิดใช้งาน', value: true },
  { name: 'ปิดใช้งาน', value: false },
];

/** A row as the factory handles it between the database and the API (columns plus decorations). */
export type CrudRow = Record<string, any>;

export interface CrudSpec<T extends SoftDeleteTable> {
  prefix: string;
  subject: Subject;
  label: string;
  entity: string;
  /** the list's table (packages a Drizzle table: rows typed by it) */
  repo: Repository<T>;
  idKey: string & keyof T['$inferSelect'];
  /** request fields of create (all) and update (each optional) */
  fields: TProperties;
  /** what one row looks like on the wire: the response schema of get/create/update and of each gettable row */
  row: TSchema;
  /** table has branch_id (scoped) */
  branched: boolean;
  moneyKeys?: string[];
  textColumns: (t: T) => (PgColumn | SQL)[];
  /** extra WHERE from the table query (status/type/category) */
  filters?: (q: TableQuery, t: T) => (SQL | undefined)[];
  filterOptions?: (db: Db, actor: Actor) => Promise<Record<string, Opt[]>>;
  /** rules on the merged row before it is written; throws a Thai 4xx */
  validate?: (conn: Conn, row: CrudRow, existing: CrudRow | null) => Promise<void>;
  order?: (t: T) => SQL[];
  /** fields filled from other data for the API (e.g. the category name) */
  decorate?: (db: Db, rows: CrudRow[]) => Promise<CrudRow[]>;
  /** data kept from the rows, brought up to date in the transaction of each create, update and delete of one */
  afterChange?: (conn: Conn, id: number) => Promise<void>;
  /** how a status filter maps (default: is_activate with เปิดใช้งาน/ปิดใช้งาน) */
  statusColumn?: 'is_activate' | 'status' | null;
  /**
   * Items that may also be school-wide (branch_id null, offered by the branches in branch_ids or by all): who
   * sees them in the list, what a branch filter means, and what is saved beside the row (modules/catalog).
   * Only a user of every branch (head office) creates, changes or deletes a school-wide item.
   */
  schoolWide?: {
    scope: (actor: Actor, t: T) => SQL | undefined;
    atBranch: (t: T, branchId: number) => SQL;
    /** body keys that are not columns, saved by afterWrite */
    extraKeys?: string[];
    afterWrite?: (conn: Conn, id: number, body: CrudRow, actor: Actor, reqId: string) => Promise<void>;
  };
}

export function activeFilter(v: string | undefined, col: PgColumn): SQL | undefined {
  if (isAll(v)) return undefined;
  if (v === 'true' || v === 'เปิดใช้งาน' || v === 'active') return eq(col, true);
  if (v === 'false' || v === 'ปิดใช้งาน' || v === 'inactive') return eq(col, false);
  throw badRequest('สถานะ: ต้องเป็น เปิดใช้งาน, ปิดใช้งาน หรือ ทั้งหมด');
}

function toApiRow<T extends SoftDeleteTable>(spec: CrudSpec<T>, row: CrudRow): CrudRow {
  const out: CrudRow = {};
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof Date) out[k] = v.toISOString();
    else if (spec.moneyKeys?.includes(k) && typeof v === 'string')
      out[k] = fromSatang(toSatang(v, { allowNegative: true }));
    else out[k] = v;
  }
  return out;
}

/** A column of the list's table by name (branch_id, is_activate, status): present when the spec says so. */
function column(t: SoftDeleteTable, name: string): PgColumn {
  const c = (t as unknown as Record<string, PgColumn | undefined>)[name];
  if (!c) throw new Error(`table has no column ${name}`);
  return c;
}

export function crudRoutes<T extends SoftDeleteTable>(plain: FastifyInstance, spec: CrudSpec<T>) {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  const db = () => app.deps.database.db;
  const { repo } = spec;
  const t = repo.table;
  const tags = [spec.prefix];
  const sw = spec.schoolWide;
  const branchFields: TProperties = !spec.branched
    ? {}
    : sw
      ? {
          branch_id: Type.Optional(Type.Union([Id(), Type.Null()])),
          branch_ids: Type.Optional(Type.Union([Type.Array(Id(), { maxItems: 500 }), Type.Null()])),
        }
      : { branch_id: Type.Optional(Id()) };
  const columnsOnly = (body: CrudRow) =>
    Object.fromEntries(Object.entries(body).filter(([k]) => !sw?.extraKeys?.includes(k)));
  const CreateBody: TObject<TProperties> = Type.Object(
    { ...spec.fields, ...branchFields },
    { additionalProperties: false },
  );
  const UpdateBody: TObject<TProperties> = Type.Object(
    {
      [spec.idKey]: Id(),
      ...Object.fromEntries(Object.entries(spec.fields).map(([k, v]) => [k, Type.Optional(v)])),
      ...branchFields,
    },
    { additionalProperties: false },
  );
  const DeleteBody: TObject<TProperties> = Type.Object({ [spec.idKey]: Id() }, { additionalProperties: false });
  const idOf = (body: CrudRow): number => {
    const id = body[spec.idKey];
    if (typeof id !== 'number') throw badRequest('รหัสรายการ: ต้องระบุ');
    return id;
  };
  const One = Envelope(spec.row);

  async function load(conn: Conn, actor: Actor, id: number, write = false): Promise<CrudRow> {
    const row: CrudRow | undefined = await repo.find(conn, id);
    if (!row) throw notFound(`ไม่พบ${spec.label}นี้`);
    if (spec.branched && row.branch_id === null && sw) {
      if (write) schoolWideWriter(actor);
    } else if (spec.branched) assertBranch(actor, row.branch_id);
    return row;
  }

  function schoolWideWriter(actor: Actor) {
    if (actor.branchScope !== null) throw forbidden(`${spec.label}ของทุกสาขาแก้ไขได้เฉพาะสำนักงานใหญ่ (ผู้ดูแลระบบ/เจ้าของ)`);
  }

  /** branch_id null = school-wide (head office only), offered by branch_ids or by every branch */
  async function checkScope(conn: Conn, actor: Actor, row: CrudRow) {
    if (row.branch_id !== null) {
      await assertLiveBranch(conn, actor, row.branch_id);
      row.branch_ids = null;
      return;
    }
    schoolWideWriter(actor);
    if (row.branch_ids) {
      row.branch_ids = [...new Set(row.branch_ids as number[])].sort((a, b) => a - b);
      if (!row.branch_ids.length) throw badRequest('สาขาที่เปิด: เลือกอย่างน้อย 1 สาขา หรือเลือกทุกสาขา');
      for (const b of row.branch_ids) await assertLiveBranch(conn, actor, b);
    }
  }

  async function one(id: number): Promise<CrudRow> {
    const row: CrudRow | undefined = await repo.get(db(), id);
    if (!row) throw notFound(`ไม่พบ${spec.label}นี้`);
    const [decorated] = spec.decorate ? await spec.decorate(db(), [row]) : [row];
    return toApiRow(spec, decorated!);
  }

  app.post(
    `/${spec.prefix}/create`,
    {
      config: { auth: ['create', spec.subject] },
      schema: { tags, summary: `Create: ${spec.label}`, body: CreateBody, response: { 200: One } },
    },
    async (req) => {
      const actor = actorOf(req);
      const body: CrudRow = { ...req.body };
      if (spec.branched) {
        if (body.branch_id === undefined) body.branch_id = actor.branchId;
        if (sw) await checkScope(db(), actor, body);
        else await assertLiveBranch(db(), actor, body.branch_id);
      }
      const id = await db().transaction(async (tx) => {
        await spec.validate?.(tx, body, null);
        const row: CrudRow = await repo.insert(tx, columnsOnly(body));
        const rid = idOf(row);
        await sw?.afterWrite?.(tx, rid, { ...body, ...row }, actor, req.id);
        await spec.afterChange?.(tx, rid);
        await audit(
          tx,
          actor,
          { entity: spec.entity, entityId: rid, action: 'create', branchId: row.branch_id ?? null, after: row },
          req.id,
        );
        return rid;
      });
      return ok(await one(id), `เพิ่ม${spec.label}เรียบร้อยแล้ว`);
    },
  );

  app.put(
    `/${spec.prefix}/update`,
    {
      config: { auth: ['update', spec.subject] },
      schema: { tags, summary: `Update: ${spec.label}`, body: UpdateBody, response: { 200: One } },
    },
    async (req) => {
      const actor = actorOf(req);
      const id = idOf(req.body);
      const changes: CrudRow = { ...req.body };
      delete changes[spec.idKey];
      await db().transaction(async (tx) => {
        const before = await load(tx, actor, id, true);
        if (sw) {
          const scope = {
            branch_id: changes.branch_id === undefined ? before.branch_id : changes.branch_id,
            branch_ids: changes.branch_ids === undefined ? before.branch_ids : changes.branch_ids,
          };
          await checkScope(tx, actor, scope);
          Object.assign(changes, scope);
        } else if (spec.branched && changes.branch_id !== undefined && changes.branch_id !== before.branch_id)
          await assertLiveBranch(tx, actor, changes.branch_id);
        const merged = { ...before, ...changes };
        await spec.validate?.(tx, merged, before);
        const after: CrudRow = await repo.update(tx, id, columnsOnly(changes));
        await sw?.afterWrite?.(tx, id, { ...merged, ...after }, actor, req.id);
        await spec.afterChange?.(tx, id);
        await audit(
          tx,
          actor,
          { entity: spec.entity, entityId: id, action: 'update', branchId: after.branch_id ?? null, before, after },
          req.id,
        );
      });
      return ok(await one(id), `บันทึก${spec.label}เรียบร้อยแล้ว`);
    },
  );

  app.delete(
    `/${spec.prefix}/delete`,
    {
      config: { auth: ['delete', spec.subject] },
      schema: {
        tags,
        summary: `Delete (soft): ${spec.label}`,
        body: DeleteBody,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const id = idOf(req.body);
      await db().transaction(async (tx) => {
        const before = await load(tx, actor, id, true);
        await repo.softDelete(tx, id);
        await spec.afterChange?.(tx, id);
        await audit(
          tx,
          actor,
          { entity: spec.entity, entityId: id, action: 'delete', branchId: before.branch_id ?? null, before },
          req.id,
        );
      });
      return ok(null, `ลบ${spec.label}เรียบร้อยแล้ว`);
    },
  );

  app.get(
    `/${spec.prefix}/get/:id`,
    {
      config: { auth: ['read', spec.subject] },
      schema: { tags, summary: `One: ${spec.label}`, params: Type.Object({ id: Id() }), response: { 200: One } },
    },
    async (req) => {
      const id = req.params.id;
      await load(db(), actorOf(req), id);
      return ok(await one(id));
    },
  );

  app.get(
    `/${spec.prefix}/gettable`,
    {
      config: { auth: ['read', spec.subject] },
      schema: {
        tags,
        summary: `Table: ${spec.label}`,
        querystring: TableQuery,
        response: { 200: TableEnvelope(spec.row, ListFilter) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const q = req.query;
      const { page, perPage, offset } = pageOf(q);
      const branchId = spec.branched ? branchFilter(q.branch) : undefined;
      if (branchId !== undefined) assertBranch(actor, branchId);
      const statusCol = spec.statusColumn === undefined ? 'is_activate' : spec.statusColumn;
      const where = allOf(
        eq(t.is_delete, false),
        !spec.branched ? undefined : sw ? sw.scope(actor, t) : branchScopeWhere(actor, column(t, 'branch_id')),
        branchId === undefined ? undefined : sw ? sw.atBranch(t, branchId) : eq(column(t, 'branch_id'), branchId),
        statusCol === 'is_activate'
          ? activeFilter(q.status, column(t, 'is_activate'))
          : statusCol === 'status' && !isAll(q.status)
            ? eq(column(t, 'status'), q.status!)
            : undefined,
        textSearch(q.text, spec.textColumns(t)),
        ...(spec.filters?.(q, t) ?? []),
      );
      const rows: CrudRow[] = await repo.page(db(), {
        where,
        order: spec.order?.(t) ?? [desc(repo.id)],
        limit: perPage,
        offset,
      });
      const total = await repo.count(db(), where);
      const decorated = spec.decorate ? await spec.decorate(db(), rows) : rows;
      const filter: Record<string, Opt[]> = {
        ...(spec.branched
          ? {
              branch: withAll(
                (await liveBranchesInScope(db(), actor)).map((b) => ({ value: b.branch_id, name: b.name })),
              ),
            }
          : {}),
        ...(statusCol === 'is_activate' ? { status: withAll(ACTIVE_OPTIONS) } : {}),
        ...(await spec.filterOptions?.(db(), actor)),
      };
      return table(
        decorated.map((r) => toApiRow(spec, r)),
        filter,
        page,
        perPage,
        total,
      );
    },
  );
}

export { ALL };
