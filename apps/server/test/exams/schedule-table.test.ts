/**
 * The exam schedule and history table (exam/gettable) on the demo school: every shape of its filters — branch,
 * status, kind, licence type, one day or a range, a text typed as digits, a name or a document code, a caller who
 * sees one branch — answers exactly the rows a plain reading of the tables gives, in the table's order, with the
 * filtered count and each page of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import { EXAM_KIND_NAMES, EXAM_STATUS_NAMES } from '@khabkhi/contracts';
import { rowsOf } from '../../src/db/sql.js';
import { createTestApp, type TestApp } from '../helpers.js';

type Ref = {
  attempt_id: number;
  branch_id: number;
  status: string;
  kind: string;
  course_type: string;
  exam_date: string;
  start_time: string;
  session_id: number;
  application_code: string;
  idcard: string;
  phone_1: string;
  fname: string;
  sname: string;
  recorded_at: string | null;
};

let t: TestApp;
let all: Ref[];
beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
  all = rowsOf<Ref>(
    await t.db
      .execute(sql`select a.attempt_id, a.branch_id, a.status, s.kind, s.course_type, s.exam_date::text as exam_date,
      s.start_time, s.session_id, ap.application_code, c.idcard, c.phone_1, c.fname, c.sname,
      to_char(a.recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as recorded_at
      from exam_attempts a join exam_sessions s on s.session_id = a.session_id
      join applications ap on ap.application_id = a.application_id join customers c on c.customer_id = a.customer_id`),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Filter = {
  branch?: number;
  status?: string;
  kind?: string;
  type?: string;
  date?: string;
  start?: string;
  end?: string;
  text?: string;
};

/** The rows a filter shows, read from the tables as the screen describes it. */
function expected(f: Filter, scope: number[] | null) {
  const digits = f.text?.replace(/[\s-]/g, '');
  const rows = all.filter(
    (r) =>
      (scope === null || scope.includes(r.branch_id)) &&
      (f.branch === undefined || r.branch_id === f.branch) &&
      (f.status ? r.status === f.status : r.status !== 'cancelled') &&
      (!f.kind || r.kind === f.kind) &&
      (!f.type || r.course_type === f.type) &&
      (f.date ? r.exam_date === f.date : (!f.start || r.exam_date >= f.start) && (!f.end || r.exam_date <= f.end)) &&
      (!f.text ||
        (/^\d+$/.test(digits!)
          ? r.idcard.startsWith(digits!) || r.phone_1.startsWith(digits!)
          : `${r.fname} ${r.sname}`.toLowerCase().startsWith(f.text.toLowerCase()) ||
            r.sname.toLowerCase().startsWith(f.text.toLowerCase()) ||
            r.idcard.startsWith(f.text.toUpperCase()) ||
            (/[A-Za-z0-9]/.test(f.text) && r.application_code.toLowerCase().includes(f.text.toLowerCase())))),
  );
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return rows.sort(
    (a, b) =>
      (f.date ? 0 : cmp(b.exam_date, a.exam_date)) ||
      cmp(a.start_time, b.start_time) ||
      cmp(a.session_id, b.session_id) ||
      cmp(a.attempt_id, b.attempt_id),
  );
}

/** Every page of the table for a filter (as the screen sends it: Thai names), and the count of the first. */
async function table(user: string, f: Filter) {
  const c = await t.as(user);
  const q: Record<string, string | number> = { per_page: 7 };
  if (f.branch !== undefined) q.branch = f.branch;
  if (f.status) q.status = EXAM_STATUS_NAMES[f.status]!;
  if (f.kind) q.exam_kind = EXAM_KIND_NAMES[f.kind]!;
  for (const k of ['type', 'date', 'start', 'end', 'text'] as const) if (f[k]) q[k] = f[k]!;
  const rows: any[] = [];
  let total = -1;
  for (let page = 1; page < 200; page++) {
    const r = await c.get('/api/exam/gettable', { ...q, page });
    expect(r.status, r.body.message).toBe(200);
    if (page === 1) total = r.body.meta.total;
    expect(r.body.meta.total).toBe(total);
    rows.push(...r.body.data);
    if (r.body.data.length < 7) break;
  }
  return { rows, total };
}

describe('the exam schedule and history table', () => {
  it('answers each filter shape with the rows the tables hold, in order, counted, page by page', async () => {
    const today = todayBangkok();
    const month = { start: addDays(today, -30), end: addDays(today, 30) };
    const someone = all.find((r) => r.status === 'failed')!;
    const cases: Filter[] = [
      {},
      { date: today },
      { date: today, kind: 'theory' },
      { ...month },
      { start: addDays(today, -30) },
      { end: today },
      { ...month, status: 'failed' },
      { ...month, status: 'passed', type: 'รถยนต์' },
      { ...month, status: 'cancelled' },
      { ...month, kind: 'practical', branch: someone.branch_id },
      { text: someone.idcard.slice(0, 6) },
      { text: someone.phone_1.slice(0, 5) },
      { text: `${someone.idcard.slice(0, 1)}-${someone.idcard.slice(1, 5)} ${someone.idcard.slice(5, 8)}` },
      { text: someone.fname },
      { text: `${someone.fname} ${someone.sname.slice(0, 2)}` },
      { text: someone.sname },
      { text: someone.application_code },
      { text: someone.application_code.slice(0, -2).toLowerCase() },
      { ...month, text: someone.fname, status: 'failed' },
      { text: 'ไม่มีผู้ใดชื่อนี้' },
    ];
    let nonEmpty = 0;
    for (const f of cases) {
      const want = expected(f, null);
      const got = await table('admin', f);
      expect(
        got.rows.map((r) => r.attempt_id),
        JSON.stringify(f),
      ).toEqual(want.map((r) => r.attempt_id));
      expect(got.total, JSON.stringify(f)).toBe(want.length);
      if (want.length) nonEmpty++;
      for (const r of got.rows) {
        const ref = all.find((x) => x.attempt_id === r.attempt_id)!;
        expect(r).toMatchObject({
          exam_date: ref.exam_date,
          kind_name: EXAM_KIND_NAMES[ref.kind],
          status_name: EXAM_STATUS_NAMES[ref.status],
          recorded_at: ref.recorded_at,
        });
      }
    }
    // the cases are not vacuous: all but the unknown name show rows
    expect(nonEmpty).toBe(cases.length - 1);
    expect(all.some((r) => r.recorded_at !== null)).toBe(true);
  });

  it('a caller who sees one branch gets that branch’s rows and that branch among the filter’s choices', async () => {
    const suda = await t.as('suda');
    const scoped = rowsOf<{ branch_id: number }>(
      await t.db.execute(sql`select branch_id from users where username = 'suda'`),
    ).map((r) => r.branch_id);
    // she sees her branch only, and another branch has exams
    expect(all.some((r) => r.branch_id === scoped[0])).toBe(true);
    expect(all.some((r) => r.branch_id !== scoped[0])).toBe(true);
    const got = await table('suda', {});
    expect(got.rows.map((r) => r.attempt_id)).toEqual(expected({}, scoped).map((r) => r.attempt_id));
    const first = await suda.get('/api/exam/gettable', { per_page: 1 });
    expect(first.body.filter.branch.map((b: any) => b.value)).toEqual(['ทั้งหมด', ...scoped]);
    const types = rowsOf<{ name: string }>(
      await t.db.execute(sql`select name from course_types where not is_delete order by sort, name`),
    ).map((r) => r.name);
    expect(first.body.filter.type.map((x: any) => x.value)).toEqual(['ทั้งหมด', ...types]);
  });
});
