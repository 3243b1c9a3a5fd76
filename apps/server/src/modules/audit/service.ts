import { eq, gte, lt, sql } from 'drizzle-orm';
import { addDays, isIsoDate } from '@khabkhi/thai';
import type { Db } from '../../db/connection.js';
import { auditLog } from '../../db/schema/core.js';
import { applications } from '../../db/schema/money.js';
import { assertBranch, branchScopeWhere, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { allOf, branchFilter, idFilter, withAll } from '../../http/tables.js';
import { ACTION_NAMES, actionName, ENTITY_NAMES, entityName } from './labels.js';
import { applicationHistory, auditPage, branchesInScope, usersInScope } from './repo.js';
import type { AuditQuery } from './schemas.js';

type Raw = Awaited<ReturnType<typeof applicationHistory>>[number];
const toApi = (r: Raw) => ({
  ...r,
  at: r.at.toISOString(),
  entity_name: entityName(r.entity),
  action_name: actionName(r.action, r.entity),
  before: r.before ?? null,
  after: r.after ?? null,
});

/** A day boundary in Bangkok as a timestamp (the filters are calendar days as staff read them). */
const bangkokMidnight = (iso: string) => sql`(${iso}::date::timestamp at time zone 'Asia/Bangkok')`;

function dateParam(label: string, v: string | undefined) {
  if (isAll(v)) return undefined;
  if (!isIsoDate(v)) throw badRequest(`${label}: วันที่ไม่ถูกต้อง`);
  return v;
}

/**
 * audit/gettable: who did what, newest first. A user outside the head office sees the rows of their branches only
 * (school-wide rows — settings, the school-wide catalog — are the head office's).
 */
export async function auditTable(db: Db, actor: Actor, q: AuditQuery, limit: number, offset: number) {
  const branchId = branchFilter(q.branch);
  if (branchId !== undefined) assertBranch(actor, branchId);
  const start = dateParam('ตั้งแต่วันที่', q.start);
  const end = dateParam('ถึงวันที่', q.end);
  if (start && end && end < start) throw badRequest('ถึงวันที่: ต้องไม่ก่อนวันเริ่มต้น');
  const where = allOf(
    branchScopeWhere(actor, auditLog.branch_id),
    branchId !== undefined ? eq(auditLog.branch_id, branchId) : undefined,
    isAll(q.user) ? undefined : eq(auditLog.user_id, idFilter(q.user)),
    isAll(q.type) ? undefined : eq(auditLog.entity, q.type!),
    isAll(q.status) ? undefined : eq(auditLog.action, q.status!),
    isAll(q.text) || !q.text?.trim() ? undefined : eq(auditLog.entity_id, q.text.trim()),
    start ? gte(auditLog.at, bangkokMidnight(start)) : undefined,
    end ? lt(auditLog.at, bangkokMidnight(addDays(end, 1))) : undefined,
  );
  const { rows, total } = await auditPage(db, where, limit, offset);
  const filter = {
    branch: withAll(await branchesInScope(db, actor.branchScope)),
    user: withAll(await usersInScope(db, actor.branchScope)),
    type: withAll(Object.entries(ENTITY_NAMES).map(([value, name]) => ({ name, value }))),
    status: withAll(Object.entries(ACTION_NAMES).map(([value, name]) => ({ name, value }))),
  };
  return { rows: rows.map(toApi), total, filter };
}

/** audit/application/{id}: the history of one application (in the user's branches). */
export async function applicationAudit(db: Db, actor: Actor, id: number) {
  const [a] = await db
    .select({ branch_id: applications.branch_id })
    .from(applications)
    .where(eq(applications.application_id, id));
  if (!a) throw notFound('ไม่พบใบสมัครนี้');
  assertBranch(actor, a.branch_id);
  return (await applicationHistory(db, id)).map(toApi);
}
