/**
 * The SQL of the compliance calendar: small, indexed slices of the other modules' tables for a date range (vehicles'
 * due dates, exam permissions by date on exam_permissions_branch_date, exam sessions on exam_sessions_date_branch,
 * payrolls of a few months on payrolls_month, income_days and cash_closes on their keys), and the calendar's own
 * tables (feeds, filings ticked as done).
 */
import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Conn, Db } from '../../db/connection.js';
import { rowsOf } from '../../db/sql.js';

export interface VehicleDateRow {
  vehicle_id: number;
  branch_id: number;
  branch_name: string;
  no: string;
  province: string;
  kind: 'tax' | 'compulsory' | 'insurance' | 'check';
  due: string;
}

/** The due dates (tax, พ.ร.บ., insurance, ตรอ.) of live vehicles falling in the range. */
export async function vehicleDates(db: Db, ids: number[], start: string, end: string) {
  return rowsOf<VehicleDateRow>(
    await db.execute(sql`
      select v.vehicle_id, v.branch_id, b.name as branch_name, v.no, v.province, d.kind, d.due::text as due
      from vehicles v join branches b on b.branch_id = v.branch_id
      cross join lateral (values ('tax', v.noti_tax), ('compulsory', v.noti_compulsory),
        ('insurance', v.noti_insurance), ('check', v.noti_check)) as d(kind, due)
      where not v.is_delete and v.status <> 'sold' and ${inArray(sql`v.branch_id`, ids)}
        and d.due between ${start}::date and ${end}::date
      order by d.due, v.vehicle_id, d.kind`),
  );
}

/** Active exam permissions of live registrations not yet passed, running out on each day of the range, per branch. */
export async function permissionsEnding(db: Db, ids: number[], start: string, end: string) {
  return rowsOf<{ branch_id: number; branch_name: string; date: string; n: number }>(
    await db.execute(sql`
      select p.branch_id, b.name as branch_name, p.permission_date::text as date, count(*)::int as n
      from exam_permissions p join branches b on b.branch_id = p.branch_id
      join applications a on a.application_id = p.application_id
      where p.is_active and not p.passed and not a.is_delete and ${inArray(sql`p.branch_id`, ids)}
        and p.permission_date between ${start}::date and ${end}::date
      group by 1, 2, 3 order by 3, 1`),
  );
}

/** Live exam sessions of the range with their seats. */
export async function examSessions(db: Db, ids: number[], start: string, end: string) {
  return rowsOf<{
    session_id: number;
    branch_id: number;
    branch_name: string;
    date: string;
    start_time: string;
    kind: string;
    course_type: string;
    capacity: number;
    booked: number;
  }>(
    await db.execute(sql`
      select s.session_id, s.branch_id, b.name as branch_name, s.exam_date::text as date, s.start_time, s.kind,
        s.course_type, s.capacity, s.booked
      from exam_sessions s join branches b on b.branch_id = s.branch_id
      where not s.is_delete and s.exam_date between ${start}::date and ${end}::date
        and ${inArray(sql`s.branch_id`, ids)}
      order by s.exam_date, s.start_time, s.session_id`),
  );
}

/** The payrolls of these months (YYYY-MM) of the branches: their state. */
export async function payrollStates(db: Db, ids: number[], months: string[]) {
  if (!months.length) return [];
  return rowsOf<{ branch_id: number; month: string; status: string }>(
    await db.execute(sql`
      select p.branch_id, p.month, p.status from payrolls p
      where p.month in (${sql.join(
        months.map((m) => sql`${m}`),
        sql`, `,
      )}) and ${inArray(sql`p.branch_id`, ids)}`),
  );
}

/** Days of the range on which a branch took payments or refunds and which have no standing cash close. */
export async function unclosedDays(db: Db, ids: number[], start: string, end: string) {
  return rowsOf<{ branch_id: number; branch_name: string; date: string }>(
    await db.execute(sql`
      select d.branch_id, b.name as branch_name, d.date::text as date
      from income_days d join branches b on b.branch_id = d.branch_id
      where d.source <> 'other' and d.date between ${start}::date and ${end}::date
        and ${inArray(sql`d.branch_id`, ids)}
        and not exists (select 1 from cash_closes c where c.branch_id = d.branch_id and c.business_date = d.date
          and c.reopened_at is null)
      group by 1, 2, 3 having sum(d.n) > 0
      order by 3, 1`),
  );
}

/** The filings ticked as done among these keys. */
export async function doneKeys(db: Conn, keys: string[]) {
  if (!keys.length) return new Set<string>();
  const rows = rowsOf<{ key: string }>(
    await db.execute(
      sql`select key from compliance_done where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    ),
  );
  return new Set(rows.map((r) => r.key));
}

/** Ticks (or unticks) a filing; true when something changed. */
export async function setDone(conn: Conn, key: string, done: boolean, userId: number) {
  const res = done
    ? await conn.execute(
        sql`insert into compliance_done (key, done_by) values (${key}, ${userId}) on conflict (key) do nothing`,
      )
    : await conn.execute(sql`delete from compliance_done where key = ${key}`);
  return (
    ((res as { rowCount?: number; affectedRows?: number }).rowCount ??
      (res as { affectedRows?: number }).affectedRows ??
      0) > 0
  );
}

// ---- feeds ----

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface FeedRow {
  feed_id: number;
  branch_id: number | null;
  branch_name: string;
  name: string;
  created_by: number;
  created_by_name: string;
  created_at: string;
  revoked_at: string | null;
  last_read_at: string | null;
}

const FEED_COLUMNS = sql`f.feed_id, f.branch_id, coalesce(b.name, 'ทุกสาขา') as branch_name, f.name, f.created_by,
  u.prefix || u.fname || ' ' || u.sname as created_by_name,
  to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(f.revoked_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as revoked_at,
  to_char(f.last_read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_read_at`;
const FEED_FROM = sql`compliance_feeds f left join branches b on b.branch_id = f.branch_id
  join users u on u.user_id = f.created_by`;

/** The feeds of these branches (null scope: every feed), newest first. */
export async function listFeeds(db: Conn, scope: number[] | null) {
  return rowsOf<FeedRow>(
    await db.execute(sql`select ${FEED_COLUMNS} from ${FEED_FROM}
      where ${scope === null ? sql`true` : sql`f.branch_id is not null and ${inArray(sql`f.branch_id`, scope)}`}
      order by f.feed_id desc`),
  );
}

export async function feedById(db: Conn, id: number) {
  return rowsOf<FeedRow>(await db.execute(sql`select ${FEED_COLUMNS} from ${FEED_FROM} where f.feed_id = ${id}`))[0];
}

export async function insertFeed(conn: Conn, f: { branch_id: number | null; name: string; hash: string; by: number }) {
  const [row] = rowsOf<{ feed_id: number }>(
    await conn.execute(sql`insert into compliance_feeds (branch_id, name, token_hash, created_by)
      values (${f.branch_id}, ${f.name}, ${f.hash}, ${f.by}) returning feed_id`),
  );
  return row!.feed_id;
}

export async function revokeFeed(conn: Conn, id: number, by: number) {
  await conn.execute(
    sql`update compliance_feeds set revoked_at = now(), revoked_by = ${by} where feed_id = ${id} and revoked_at is null`,
  );
}

/** The live feed of a secret (not revoked, its maker still a live user), marked as read now. */
export async function feedOfToken(db: Db, token: string) {
  const rows = rowsOf<{ feed_id: number; branch_id: number | null; name: string }>(
    await db.execute(sql`update compliance_feeds f set last_read_at = now()
      from users u where u.user_id = f.created_by and not u.is_delete and u.status = 'active' and f.revoked_at is null
        and f.token_hash = ${hashToken(token)}
      returning f.feed_id, f.branch_id, f.name`),
  );
  return rows[0];
}

/** Live branches (all, or one) for a feed. */
export async function liveBranches(db: Db, branchId: number | null) {
  return rowsOf<{ branch_id: number; name: string }>(
    await db.execute(sql`select branch_id, name from branches where not is_delete
      ${branchId === null ? sql`` : sql`and branch_id = ${branchId}`} order by branch_id`),
  );
}
