/** The SQL of the vehicle-check lists: each application's latest check, and the checks themselves. */
import { sql, type SQL } from 'drizzle-orm';
import { type ManageVehicleRow, type VehicleCheck } from '@khabkhi/contracts';
import type { Conn, Db } from '../../db/connection.js';
import { applications } from '../../db/schema/money.js';
import { branchScopeSql, type Actor } from '../../http/auth.js';
import { isAll } from '../../http/envelope.js';
import { allOf, branchFilter } from '../../http/tables.js';
import { canonicalMoney } from '../../lib/serialize.js';
import { applicationPageWhere, applicationSummary, listWhere, resolveText } from '../applications/index.js';
import { rowsOf } from '../../db/sql.js';
import { name, type ListArgs } from './repo.js';

export const CHECK_STATUS = { pass: 'ผ่าน', fail: 'ไม่ผ่าน', none: 'ยังไม่ตรวจ' } as const;
export const OWNER_NAMES: Record<string, string> = { student: 'รถของผู้เรียน', school: 'รถสอบของโรงเรียน' };
export const TYPE_NAMES: Record<string, string> = { car: 'รถยนต์', motorcycle: 'รถจักรยานยนต์' };

/**
 * application/getformanageVehicleCheck: course applications with their latest vehicle check. The page and its count
 * are the application list's (applicationPageWhere, the per-branch statistics); a check result filter reads the
 * result kept on the application (an index of the checked ones), and "not checked yet" is the list less the checked.
 */
export async function manageVehicleRows(
  db: Db,
  actor: Actor,
  q: ListArgs,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: ManageVehicleRow[] }> {
  const f = await resolveText(db, {
    branch: q.branch,
    status: q.status,
    type: q.type,
    text: isAll(q.text) ? undefined : q.text,
  });
  const cat = q.category;
  const result = isAll(cat)
    ? undefined
    : cat === CHECK_STATUS.none
      ? null
      : cat === CHECK_STATUS.pass
        ? 'pass'
        : cat === CHECK_STATUS.fail
          ? 'fail'
          : '-';
  // the latest check's result is kept on the application (applications.check_result, by a trigger on vehicle_checks)
  const resultWhere = (r: string | null) =>
    r === null ? sql`${applications.check_result} is null` : sql`${applications.check_result} = ${r}`;
  const countChecked = async (r: string | undefined) =>
    Number(
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from ${applications}
          where ${allOf(listWhere(actor, f, 'course'), r === undefined ? sql`${applications.check_result} is not null` : resultWhere(r))}`),
      )[0]?.n ?? 0,
    );
  const onPage =
    result === undefined
      ? applicationPageWhere(actor, f, limit, offset)
      : applicationPageWhere(actor, f, limit, offset, 'course', resultWhere(result));
  const total = async () => {
    if (result) return countChecked(result);
    if (result === undefined) return (await applicationSummary(db, actor, f)).total;
    // not checked yet: the list's total (from the per-branch statistics) less the checked ones
    const [all, checkedCount] = await Promise.all([applicationSummary(db, actor, f), countChecked(undefined)]);
    return all.total - checkedCount;
  };
  const [res, n] = await Promise.all([
    db.execute(sql`select applications.application_id, applications.application_code, applications.branch_id,
      b.name as branch_name, ${name('c')} as customer_name, c.idcard, c.phone_1 as phone, applications.status,
      applications.balance::text as balance, applications.created_at,
      (select string_agg(l.course_name, ', ' order by l.line_no) from application_courses l where l.application_id = applications.application_id) as courses,
      (select min(l.course_type) from application_courses l where l.application_id = applications.application_id) as course_type,
      (select min(l.exam_date)::text from application_courses l where l.application_id = applications.application_id) as exam_date,
      vc.check_id, vc.check_date::text as check_date, vc.result as check_result, coalesce(vc.no || ' ' || vc.province, '') as plate
    from ${applications}
    join customers c on c.customer_id = applications.customer_id
    join branches b on b.branch_id = applications.branch_id
    left join lateral (select v.check_id, v.check_date, v.result, v.no, v.province from vehicle_checks v
      where v.application_id = applications.application_id and not v.is_delete order by v.check_date desc, v.check_id desc limit 1) vc on true
    where ${onPage}
    order by applications.created_at desc, applications.application_id desc`),
    total(),
  ]);
  return {
    total: n,
    rows: rowsOf<{
      application_id: number;
      application_code: string;
      branch_id: number;
      branch_name: string;
      customer_name: string;
      idcard: string;
      phone: string;
      status: string;
      balance: string;
      created_at: string | Date;
      courses: string | null;
      course_type: string | null;
      exam_date: string | null;
      check_id: number | null;
      check_date: string | null;
      check_result: 'pass' | 'fail' | null;
      plate: string;
    }>(res).map(({ created_at, ...r }): ManageVehicleRow => ({
      ...r,
      balance: canonicalMoney(r.balance),
      courses: r.courses ?? '',
      course_type: r.course_type ?? '',
      createdAt: new Date(created_at).toISOString(),
      check_result_name: r.check_result ? CHECK_STATUS[r.check_result] : CHECK_STATUS.none,
    })),
  };
}

/** A vehicle check as the API answers it; `where` picks them (by id, application, or the table's filters). */
export async function vehicleCheckRows(
  db: Conn,
  where: SQL,
  limit = 1000,
  offset = 0,
): Promise<{ total: number; rows: VehicleCheck[] }> {
  const res =
    await db.execute(sql`select v.check_id, v.application_id, a.application_code, ${name('c')} as customer_name, v.branch_id, b.name as branch_name,
      v.line_id, coalesce(l.course_name, '') as course_name, v.check_date::text as check_date, v.exam_date::text as exam_date, v.owner, v.vehicle_id,
      v.no, v.province, v.type, v.tax_until::text as tax_until, v.compulsory_until::text as compulsory_until, v.items, v.result, v.fail_reasons,
      v.checked_by, ${name('u')} as checked_by_name, v.note, v.created_at, count(*) over ()::int as total_rows
    from vehicle_checks v
    join applications a on a.application_id = v.application_id
    join customers c on c.customer_id = a.customer_id
    join branches b on b.branch_id = v.branch_id
    join users u on u.user_id = v.checked_by
    left join application_courses l on l.line_id = v.line_id
    where not v.is_delete and ${where}
    order by v.check_date desc, v.check_id desc limit ${limit} offset ${offset}`);
  const rows = rowsOf<Record<string, any>>(res);
  return {
    total: rows[0]?.total_rows ?? 0,
    rows: rows.map(
      ({ total_rows: _t, created_at, ...r }) =>
        ({
          ...r,
          owner_name: OWNER_NAMES[r.owner] ?? r.owner,
          type_name: TYPE_NAMES[r.type] ?? r.type,
          result_name: CHECK_STATUS[r.result as 'pass' | 'fail'],
          createdAt: new Date(created_at).toISOString(),
        }) as VehicleCheck,
    ),
  };
}

export function vehicleCheckWhere(actor: Actor, q: ListArgs): SQL {
  const branchId = branchFilter(q.branch);
  const result =
    q.status === CHECK_STATUS.pass ? 'pass' : q.status === CHECK_STATUS.fail ? 'fail' : isAll(q.status) ? null : '-';
  const type =
    q.type === TYPE_NAMES.car || q.type === 'car'
      ? 'car'
      : q.type === TYPE_NAMES.motorcycle || q.type === 'motorcycle'
        ? 'motorcycle'
        : isAll(q.type)
          ? null
          : '-';
  const t = q.text?.trim();
  const p = t ? `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql`${branchScopeSql(actor, 'v.branch_id')}
    ${branchId !== undefined ? sql`and v.branch_id = ${branchId}` : sql``}
    ${result ? sql`and v.result = ${result}` : sql``}
    ${type ? sql`and v.type = ${type}` : sql``}
    ${q.start ? sql`and v.check_date >= ${q.start}` : sql``}
    ${q.end ? sql`and v.check_date <= ${q.end}` : sql``}
    ${p ? sql`and (a.application_code ilike ${p} or c.fname ilike ${p} or c.sname ilike ${p} or c.idcard ilike ${p} or v.no ilike ${p})` : sql``}`;
}

/** One vehicle check by its id, as the lists show it. */
export async function vehicleCheckById(db: Conn, checkId: number): Promise<VehicleCheck | undefined> {
  const { rows } = await vehicleCheckRows(db, sql`v.check_id = ${checkId}`);
  return rows[0];
}
