/**
 * The catalog lists (courses, promotions, other fees, expense items, payroll items, evaluation criteria)
 * share one shape: create / update / soft delete / get / gettable, guarded by an ability, scoped to the
 * user's branches when the table has a branch, audited. Each list states its fields and rules; this
 * factory does the rest the same way for all of them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Type, type TProperties } from 'typebox';
import { Id, TableQuery } from '@khabkhi/contracts';
import { fromSatang, toSatang } from '@khabkhi/thai';
import type { Conn, Db } from '../db/connection.js';
import { branches } from '../db/schema/core.js';
import { audit } from './audit.js';
import { actorOf, assertBranch, branchScopeWhere, type Actor } from './auth.js';
import type { Subject } from './abilities.js';
import { ALL, isAll, ok, pageOf, table } from './envelope.js';
import { badRequest, forbidden, notFound } from './errors.js';
import { allOf, branchFilter, textSearch, withAll, type Opt } from './tables.js';

export const ACTIVE_OPTIONS: Opt[] = [{ name: 'เปิดใช้งาน', value: true }, { name: 'ปิดใช้งาน', value: false }];

export interface CrudSpec {
  prefix: string;
  subject: Subject;
  label: string;
  entity: string;
  table: PgTable & Record<string, any>;
  idKey: string;
  fields: TProperties;
  /** table has branch_id (scoped) */
  branched: boolean;
  moneyKeys?: string[];
  textColumns: (t: any) => (PgColumn | SQL)[];
  /** extra WHERE from the table query (status/type/category) */
  filters?: (q: TableQuery, t: any) => (SQL | undefined)[];
  filterOptions?: (db: Db, actor: Actor) => Promise<Record<string, unknown>>;
  /** rules on the merged row before it is written; throws a Thai 4xx */
  validate?: (conn: Conn, row: Record<string, any>, existing: Record<string, any> | null) => Promise<void>;
  order?: (t: any) => SQL[];
  /** fields filled from other data for the API (e.g. the category name) */
  decorate?: (db: Db, rows: Record<string, any>[]) => Promise<Record<string, any>[]>;
  /** how a status filter maps (default: is_activate with เปิดใช้งาน/ปิดใช้งาน) */
  statusColumn?: 'is_activate' | 'status' | null;
  /**
   * Items that may also be school-wide (branch_id null, offered by the branches in branch_ids or by all): who
   * sees them in the list, what a branch filter means, and what is saved beside the row (modules/catalog).
   * Only a user of every branch (head office) creates, changes or deletes a school-wide item.
   */
  schoolWide?: {
    scope: (actor: Actor, t: any) => SQL | undefined;
    atBranch: (t: any, branchId: number) => SQL;
    /** body keys that are not columns, saved by afterWrite */
    extraKeys?: string[];
    afterWrite?: (conn: Conn, id: number, body: Record<string, any>, actor: Actor, reqId: string) => Promise<void>;
  };
}

export function activeFilter(v: string | undefined, col: PgColumn): SQL | undefined {
  if (isAll(v)) return undefined;
  if (v === 'true' || v === 'เปิดใช้งาน' || v === 'active') return eq(col, true);
  if (v === 'false' || v === 'ปิดใช้งาน' || v === 'inactive') return eq(col, false);
  throw badRequest('สถานะ: ต้องเป็น เปิดใช้งาน, ปิดใช้งาน หรือ ทั้งหมด');
}

function toApiRow(spec: CrudSpec, row: Record<string, any>) {
  const out: Record<string, any> = {};
  for (const [k, v] of Object.entries(row)) {
    if (v instanceof Date) out[k] = v.toISOString();
    else if (spec.moneyKeys?.includes(k) && typeof v === 'string') out[k] = fromSatang(toSatang(v, { allowNegative: true }));
    else out[k] = v;
  }
  return out;
}

export function crudRoutes(app: FastifyInstance, spec: CrudSpec) {
  const db = () => app.deps.database.db;
  const t = spec.table;
  const idCol = t[spec.idKey] as PgColumn;
  const tags = [spec.prefix];
  const cols = getTableColumns(t);
  const sw = spec.schoolWide;
  const branchFields: TProperties = !spec.branched ? {} : sw
    ? { branch_id: Type.Optional(Type.Union([Id(), Type.Null()])), branch_ids: Type.Optional(Type.Union([Type.Array(Id(), { maxItems: 500 }), Type.Null()])) }
    : { branch_id: Type.Optional(Id()) };
  const columnsOnly = (body: Record<string, any>) => Object.fromEntries(Object.entries(body).filter(([k]) => !sw?.extraKeys?.includes(k)));
  const CreateBody = Type.Object({ ...spec.fields, ...branchFields }, { additionalProperties: false });
  const UpdateBody = Type.Object({ [spec.idKey]: Id(), ...Object.fromEntries(Object.entries(spec.fields).map(([k, v]) => [k, Type.Optional(v)])), ...branchFields }, { additionalProperties: false });
  const DeleteBody = Type.Object({ [spec.idKey]: Id() }, { additionalProperties: false });

  async function load(conn: Conn, actor: Actor, id: number, write = false) {
    const [row] = await conn.select().from(t).where(and(eq(idCol, id), eq(t.is_delete, false)));
    if (!row) throw notFound(`ไม่พบ${spec.label}นี้`);
    if (spec.branched && (row as any).branch_id === null && sw) {
      if (write) schoolWideWriter(actor);
    } else if (spec.branched) assertBranch(actor, (row as any).branch_id);
    return row as Record<string, any>;
  }

  function schoolWideWriter(actor: Actor) {
    if (actor.branchScope !== null) throw forbidden(`${spec.label}ของทุกสาขาแก้ไขได้เฉพาะสำนักงานใหญ่ (ผู้ดูแลระบบ/เจ้าของ)`);
  }

  /** branch_id null = school-wide (head office only), offered by branch_ids or by every branch */
  async function checkScope(conn: Conn, actor: Actor, row: Record<string, any>) {
    if (row.branch_id !== null) {
      await checkBranch(conn, actor, row.branch_id);
      row.branch_ids = null;
      return;
    }
    schoolWideWriter(actor);
    if (row.branch_ids) {
      row.branch_ids = [...new Set(row.branch_ids as number[])].sort((a, b) => a - b);
      if (!row.branch_ids.length) throw badRequest('สาขาที่เปิด: เลือกอย่างน้อย 1 สาขา หรือเลือกทุกสาขา');
      for (const b of row.branch_ids) await checkBranch(conn, actor, b);
    }
  }

  async function one(id: number) {
    const [row] = await db().select().from(t).where(eq(idCol, id));
    const [decorated] = spec.decorate ? await spec.decorate(db(), [row as any]) : [row as any];
    return toApiRow(spec, decorated!);
  }

  async function checkBranch(conn: Conn, actor: Actor, branchId: number) {
    assertBranch(actor, branchId);
    const [b] = await conn.select({ id: branches.branch_id }).from(branches).where(and(eq(branches.branch_id, branchId), eq(branches.is_delete, false)));
    if (!b) throw badRequest('สาขา: ไม่พบสาขานี้');
  }

  app.post(`/${spec.prefix}/create`, {
    config: { auth: ['create', spec.subject] },
    schema: { tags, summary: `Create: ${spec.label}`, body: CreateBody },
  }, async (req) => {
    const actor = actorOf(req);
    const body = { ...(req.body as Record<string, any>) };
    if (spec.branched) {
      if (body.branch_id === undefined) body.branch_id = actor.branchId;
      if (sw) await checkScope(db(), actor, body);
      else await checkBranch(db(), actor, body.branch_id);
    }
    const id = await db().transaction(async (tx) => {
      await spec.validate?.(tx, body, null);
      const [row] = await tx.insert(t).values(columnsOnly(body) as never).returning();
      const rid = (row as any)[spec.idKey] as number;
      await sw?.afterWrite?.(tx, rid, { ...body, ...(row as object) }, actor, req.id);
      await audit(tx, actor, { entity: spec.entity, entityId: rid, action: 'create', branchId: (row as any).branch_id ?? null, after: row }, req.id);
      return rid;
    });
    return ok(await one(id), `เพิ่ม${spec.label}เรียบร้อยแล้ว`);
  });

  app.put(`/${spec.prefix}/update`, {
    config: { auth: ['update', spec.subject] },
    schema: { tags, summary: `Update: ${spec.label}`, body: UpdateBody },
  }, async (req) => {
    const actor = actorOf(req);
    const { [spec.idKey]: id, ...changes } = req.body as Record<string, any>;
    await db().transaction(async (tx) => {
      const before = await load(tx, actor, id, true);
      if (sw) {
        const scope = { branch_id: changes.branch_id === undefined ? before.branch_id : changes.branch_id, branch_ids: changes.branch_ids === undefined ? before.branch_ids : changes.branch_ids };
        await checkScope(tx, actor, scope);
        Object.assign(changes, scope);
      } else if (spec.branched && changes.branch_id !== undefined && changes.branch_id !== before.branch_id) await checkBranch(tx, actor, changes.branch_id);
      const merged = { ...before, ...changes };
      await spec.validate?.(tx, merged, before);
      const [after] = await tx.update(t).set({ ...columnsOnly(changes), ...('updatedAt' in cols ? { updatedAt: new Date() } : {}) } as never).where(eq(idCol, id)).returning();
      await sw?.afterWrite?.(tx, id, { ...merged, ...(after as object) }, actor, req.id);
      await audit(tx, actor, { entity: spec.entity, entityId: id, action: 'update', branchId: (after as any).branch_id ?? null, before, after }, req.id);
    });
    return ok(await one(id), `บันทึก${spec.label}เรียบร้อยแล้ว`);
  });

  app.delete(`/${spec.prefix}/delete`, {
    config: { auth: ['delete', spec.subject] },
    schema: { tags, summary: `Delete (soft): ${spec.label}`, body: DeleteBody },
  }, async (req) => {
    const actor = actorOf(req);
    const id = (req.body as Record<string, number>)[spec.idKey]!;
    await db().transaction(async (tx) => {
      const before = await load(tx, actor, id, true);
      await tx.update(t).set({ is_delete: true, ...('updatedAt' in cols ? { updatedAt: new Date() } : {}) } as never).where(eq(idCol, id));
      await audit(tx, actor, { entity: spec.entity, entityId: id, action: 'delete', branchId: before.branch_id ?? null, before }, req.id);
    });
    return ok(null, `ลบ${spec.label}เรียบร้อยแล้ว`);
  });

  app.get(`/${spec.prefix}/get/:id`, {
    config: { auth: ['read', spec.subject] },
    schema: { tags, summary: `One: ${spec.label}`, params: Type.Object({ id: Id() }) },
  }, async (req) => {
    const id = (req.params as { id: number }).id;
    await load(db(), actorOf(req), id);
    return ok(await one(id));
  });

  app.get(`/${spec.prefix}/gettable`, {
    config: { auth: ['read', spec.subject] },
    schema: { tags, summary: `Table: ${spec.label}`, querystring: TableQuery },
  }, async (req: FastifyRequest) => {
    const actor = actorOf(req);
    const q = req.query as TableQuery;
    const { page, perPage, offset } = pageOf(q);
    const branchId = spec.branched ? branchFilter(q.branch) : undefined;
    if (branchId !== undefined) assertBranch(actor, branchId);
    const statusCol = spec.statusColumn === undefined ? 'is_activate' : spec.statusColumn;
    const where = allOf(
      eq(t.is_delete, false),
      !spec.branched ? undefined : sw ? sw.scope(actor, t) : branchScopeWhere(actor, t.branch_id),
      branchId === undefined ? undefined : sw ? sw.atBranch(t, branchId) : eq(t.branch_id, branchId),
      statusCol === 'is_activate' ? activeFilter(q.status, t.is_activate) : statusCol === 'status' && !isAll(q.status) ? eq(t.status, q.status!) : undefined,
      textSearch(q.text, spec.textColumns(t)),
      ...(spec.filters?.(q, t) ?? []),
    );
    const rows = await db().select({ ...cols, ...(spec.branched ? { branch_name: branches.name } : {}) } as never).from(t)
      .leftJoin(branches, spec.branched ? eq(branches.branch_id, t.branch_id) : sql`false`)
      .where(where).orderBy(...(spec.order?.(t) ?? [desc(idCol)])).limit(perPage).offset(offset);
    const [{ total }] = await db().select({ total: sql<number>`count(*)::int` }).from(t).where(where) as [{ total: number }];
    const decorated = spec.decorate ? await spec.decorate(db(), rows as never) : rows;
    const filter: Record<string, unknown> = {
      ...(spec.branched ? { branch: withAll((await db().select({ value: branches.branch_id, name: branches.name }).from(branches)
        .where(allOf(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id))).orderBy(asc(branches.branch_id)))) } : {}),
      ...(statusCol === 'is_activate' ? { status: withAll(ACTIVE_OPTIONS) } : {}),
      ...(await spec.filterOptions?.(db(), actor)),
    };
    return table((decorated as Record<string, any>[]).map((r) => toApiRow(spec, r)), filter, page, perPage, total);
  });
}

export { ALL };
