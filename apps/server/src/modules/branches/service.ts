import { and, asc, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection.js';
import { branches, users } from '../../db/schema/core.js';
import { withPhoneDigits } from '../../lib/phones.js';
import { audit } from '../../http/audit.js';
import { softDeleteWithAudit } from '../../http/soft-delete.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { allOf, textSearch } from '../../http/tables.js';

/** Active employees of the branch (a correlated subquery written out: drizzle leaves single-table columns unqualified). */
const employeeCount = sql<number>`(select count(*)::int from users u where u.branch_id = "branches"."branch_id" and not u.is_delete and u.status = 'active')`;

export const BRANCH_STATUS = [
  { name: 'เปิดทำการ', value: 'active' },
  { name: 'ปิดแล้ว (ลบ)', value: 'deleted' },
];

type BranchInput = Omit<typeof branches.$inferInsert, 'branch_id'> & { branch_id?: number };
type NewBranchInput = Omit<BranchInput, 'code'> & { code?: string };

/** A code for a branch created without one: B01, B02, … the first not used by a live branch. */
async function derivedCode(db: Db): Promise<string> {
  const taken = new Set(
    (await db.select({ code: branches.code }).from(branches).where(eq(branches.is_delete, false))).map((r) => r.code),
  );
  for (let n = taken.size; ; n++) {
    const code = `B${String(n).padStart(2, '0')}`;
    if (!taken.has(code)) return code;
  }
}
// written out like employeeCount: ${branches.parent_id} would render unqualified and mean p.parent_id
const parentName = sql<string | null>`(select p.name from branches p where p.branch_id = "branches"."parent_id")`;

export async function findBranch(db: Db, id: number, includeDeleted = false) {
  const [row] = await db
    .select({ ...getTableColumns(branches), parent_name: parentName, employees: employeeCount })
    .from(branches)
    .where(and(eq(branches.branch_id, id), includeDeleted ? undefined : eq(branches.is_delete, false)));
  return row;
}

export async function getBranch(db: Db, actor: Actor, id: number) {
  const row = await findBranch(db, id, true);
  if (!row) throw notFound('ไม่พบสาขานี้');
  assertBranch(actor, row.branch_id);
  return row;
}

/** The SSO branch number as its 6 digits (สำนักงานใหญ่ 000000); dashes and spaces dropped; '' is "not set yet". */
function ssoBranchNo<T extends { sso_branch_no?: string }>(b: T): T {
  if (b.sso_branch_no === undefined) return b;
  const d = b.sso_branch_no.replace(/[\s-]/g, '');
  if (d && !/^\d{6}$/.test(d)) throw badRequest('เลขที่สาขา (ประกันสังคม): ต้องเป็นตัวเลข 6 หลัก (สำนักงานใหญ่ใช้ 000000)');
  return { ...b, sso_branch_no: d };
}

async function checkParentAndCode(db: Db, b: BranchInput) {
  if (b.parent_id) {
    if (b.parent_id === b.branch_id) throw badRequest('สาขาแม่: สาขาเป็นสาขาแม่ของตัวเองไม่ได้');
    let cursor: number | null = b.parent_id;
    const seen = new Set<number>();
    while (cursor) {
      if (seen.has(cursor) || cursor === b.branch_id) throw badRequest('สาขาแม่: ทำให้เกิดลำดับสาขาวนซ้ำ');
      seen.add(cursor);
      const [p] = await db
        .select({ parent_id: branches.parent_id, is_delete: branches.is_delete })
        .from(branches)
        .where(eq(branches.branch_id, cursor));
      if (!p || (cursor === b.parent_id && p.is_delete)) throw badRequest('สาขาแม่: ไม่พบสาขานี้');
      cursor = p.parent_id;
    }
  }
  const [dup] = await db
    .select({ id: branches.branch_id })
    .from(branches)
    .where(
      and(
        eq(branches.code, b.code),
        eq(branches.is_delete, false),
        b.branch_id ? ne(branches.branch_id, b.branch_id) : undefined,
      ),
    );
  if (dup) throw conflict('รหัส: มีสาขาที่ใช้รหัสนี้แล้ว');
}

export async function createBranch(db: Db, actor: Actor, input: NewBranchInput, reqId?: string) {
  if (actor.branchScope !== null) throw forbidden('เฉพาะสำนักงานใหญ่เท่านั้นที่เพิ่มสาขาได้');
  const b: BranchInput = ssoBranchNo({ ...input, code: input.code ?? (await derivedCode(db)) });
  await checkParentAndCode(db, b);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(branches)
      .values({ ...withPhoneDigits(b), parent_id: b.parent_id ?? null })
      .returning();
    await audit(
      tx,
      actor,
      { entity: 'branch', entityId: row!.branch_id, action: 'create', branchId: row!.branch_id, after: row },
      reqId,
    );
    return row!.branch_id;
  });
  return (await findBranch(db, id))!;
}

export async function updateBranch(db: Db, actor: Actor, input: BranchInput & { branch_id: number }, reqId?: string) {
  const before = await getBranch(db, actor, input.branch_id);
  // checked after the branch scope: another branch's record answers 403 whatever its fields
  const b = ssoBranchNo(input);
  if (before.is_delete) throw badRequest('สาขานี้ถูกลบแล้ว แก้ไขไม่ได้');
  // parent_id left out keeps the current parent (like every other optional field); null detaches
  const parentId = b.parent_id === undefined ? before.parent_id : b.parent_id;
  if (actor.branchScope !== null && parentId !== before.parent_id)
    throw forbidden('เฉพาะสำนักงานใหญ่เท่านั้นที่เปลี่ยนสาขาแม่ได้');
  if (before.is_head_office && parentId !== null) throw badRequest('สาขาแม่: สำนักงานใหญ่ไม่มีสาขาแม่');
  await checkParentAndCode(db, { ...b, parent_id: parentId });
  await db.transaction(async (tx) => {
    const { branch_id, ...rest } = b;
    const [after] = await tx
      .update(branches)
      .set({ ...withPhoneDigits(rest), parent_id: parentId, updatedAt: new Date() })
      .where(eq(branches.branch_id, branch_id))
      .returning();
    await audit(
      tx,
      actor,
      { entity: 'branch', entityId: branch_id, action: 'update', branchId: branch_id, before, after },
      reqId,
    );
  });
  return (await findBranch(db, b.branch_id))!;
}

export async function deleteBranch(db: Db, actor: Actor, id: number, reqId?: string) {
  const before = await getBranch(db, actor, id);
  if (before.is_delete) throw badRequest('สาขานี้ถูกลบไปแล้ว');
  if (before.is_head_office) throw badRequest('ไม่สามารถลบสำนักงานใหญ่ได้');
  await db.transaction(async (tx) => {
    // counted inside the transaction, under a lock on the branch, so no employee slips in meanwhile
    await tx.select({ id: branches.branch_id }).from(branches).where(eq(branches.branch_id, id)).for('update');
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.branch_id, id), eq(users.is_delete, false), eq(users.status, 'active')))) as [{ n: number }];
    if (n > 0) throw badRequest(`ยังลบสาขานี้ไม่ได้ เพราะยังมีพนักงานที่ทำงานอยู่ ${n} คน กรุณาย้ายหรือระงับพนักงานก่อน`);
    const [kids] = await tx
      .select({ n: count() })
      .from(branches)
      .where(and(eq(branches.parent_id, id), eq(branches.is_delete, false)));
    if ((kids?.n ?? 0) > 0) throw badRequest('ยังลบสาขานี้ไม่ได้ เพราะมีสาขาย่อยที่ยังเปิดอยู่');
    await softDeleteWithAudit(
      tx,
      actor,
      branches,
      branches.branch_id,
      id,
      { entity: 'branch', branchId: id, before, after: { is_delete: true } },
      reqId,
    );
  });
}

export async function branchTable(
  db: Db,
  actor: Actor,
  f: { status?: string; text?: string },
  limit: number,
  offset: number,
) {
  const where = allOf(
    branchScopeWhere(actor, branches.branch_id),
    f.status === 'deleted'
      ? eq(branches.is_delete, true)
      : f.status === 'active'
        ? eq(branches.is_delete, false)
        : undefined,
    textSearch(
      f.text,
      [branches.name, branches.code, branches.province, branches.district, branches.phone_1],
      [branches.phone_1, branches.phone_2],
    ),
  );
  const rows = await db
    .select({ ...getTableColumns(branches), parent_name: parentName, employees: employeeCount })
    .from(branches)
    .where(where)
    .orderBy(asc(branches.is_delete), asc(branches.branch_id))
    .limit(limit)
    .offset(offset);
  const [{ n }] = (await db.select({ n: count() }).from(branches).where(where)) as [{ n: number }];
  return { rows, total: n };
}

export async function branchOptions(db: Db, actor: Actor) {
  return db
    .select({
      branch_id: branches.branch_id,
      name: branches.name,
      code: branches.code,
      parent_id: branches.parent_id,
      is_head_office: branches.is_head_office,
    })
    .from(branches)
    .where(and(eq(branches.is_delete, false), branchScopeWhere(actor, branches.branch_id)))
    .orderBy(asc(branches.branch_id));
}
