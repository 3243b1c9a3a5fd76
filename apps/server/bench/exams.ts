/** The exams part of the benchmark (run.ts, BENCH_ONLY=exams): concurrent bookings onto one session. */
import type pg from 'pg';
import type { buildApp } from '../src/app.js';
import type { Row } from './requests.js';

const log = (s: string) => process.stdout.write(s + '\n');
const r2 = (n: number) => Math.round(n * 100) / 100;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/**
 * 50 concurrent bookings onto one 30-seat session: eligible lines (paid in full, adult, permission
 * running, no theory attempt yet) of one branch, all booked at once; exactly 30 must be taken, none overbooked.
 */
export async function concurrentBookings(
  app: Awaited<ReturnType<typeof buildApp>>,
  auth: Record<string, string>,
  pool: pg.Pool,
): Promise<Row> {
  const cands = (
    await pool.query(`select l.line_id, a.branch_id from application_courses l join applications a on a.application_id = l.application_id
    where a.kind = 'course' and a.status = 'ชำระครบ' and l.course_type = 'รถยนต์' and a.created_at > now() - interval '50 days'
      and exists (select 1 from exam_permissions p where p.line_id = l.line_id and p.is_active and not p.passed and p.permission_date > (now() at time zone 'Asia/Bangkok')::date + 20)
      and not exists (select 1 from exam_attempts x join exam_sessions s on s.session_id = x.session_id where x.line_id = l.line_id and s.kind = 'theory' and x.status <> 'cancelled')
    order by a.branch_id, l.line_id`)
  ).rows as { line_id: number; branch_id: number }[];
  const byBranch = new Map<number, number[]>();
  for (const c of cands) byBranch.set(c.branch_id, [...(byBranch.get(c.branch_id) ?? []), c.line_id]);
  const [branchId, lines] = [...byBranch.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [0, []];
  if (lines.length < 50) throw new Error(`bookings: only ${lines.length} eligible lines`);
  const date = (await pool.query(`select to_char((now() at time zone 'Asia/Bangkok')::date + 20, 'YYYY-MM-DD') as d`))
    .rows[0].d as string;
  const s = await app.inject({
    method: 'POST',
    url: '/api/exam/session/create',
    headers: auth,
    payload: {
      branch_id: branchId,
      exam_date: date,
      start_time: '07:30',
      exam_kind: 'theory',
      course_type: 'รถยนต์',
      capacity: 30,
      place: 'bench',
    },
  });
  if (s.statusCode !== 200) throw new Error(`session: ${s.body}`);
  const sessionId = s.json().data.session_id as number;
  const times: number[] = [];
  const t0 = performance.now();
  const codes = await Promise.all(
    lines.slice(0, 50).map(async (line_id) => {
      const t = performance.now();
      const r = await app.inject({
        method: 'POST',
        url: '/api/exam/book',
        headers: auth,
        payload: { session_id: sessionId, line_id },
      });
      times.push(performance.now() - t);
      return r.statusCode;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const taken = (
    await pool.query(
      `select booked, (select count(*)::int from exam_attempts where session_id = $1 and status <> 'cancelled') as n from exam_sessions where session_id = $1`,
      [sessionId],
    )
  ).rows[0];
  const ok = codes.filter((c) => c === 200).length;
  const full = codes.filter((c) => c === 409).length;
  const row: Row = {
    name: '50 concurrent bookings, 30-seat session',
    p50_ms: r2(pct(times, 50)),
    p95_ms: r2(pct(times, 95)),
    sql_p50_ms: null,
    sql_p95_ms: null,
    ratio: null,
    per_s: r2(50 / seconds),
    note: `${ok} booked, ${full} refused as full, seats taken ${taken.booked} (rows ${taken.n}) of 30, overbooked ${Math.max(0, taken.n - 30)}`,
  };
  log(`  bookings: ${row.note}, p95 ${row.p95_ms} ms`);
  return row;
}
