/**
 * The timetable at the chain's size (BENCH_ONLY=lessons): a year of practical lessons added to the chain database —
 * an idempotent step that runs on an existing data set without rebuilding it — and the measurements of the lessons
 * module: the timetable of one branch-week and the lessons list (list rows, beside their raw SQL, in run.ts), booking
 * with 20 concurrent clients aimed at overlapping slots, the chain's month of instructor pay lines and a branch's DLT
 * monthly report.
 *
 * The year (generateLessons): per branch `instructors` instructors (working every day 07:00–20:00, a dated rate) and
 * `vehicles` cars, every car busy each hour from 07:00 for `slots` hours of every day from `days` − 14 days ago to 13
 * days ahead: 20 × 20 × 13 × 365 ≈ 1,900,000 lessons for the chain. Within an hour each car has its own instructor
 * and student; a student drives one hour a day on seven days running, so no instructor, vehicle or student is in two
 * overlapping live lessons (the database's exclusion constraints check every row). Past lessons are completed (one in
 * 25 a charged no-show, one in 17 cancelled by the student), today's and later ones booked. One course line in ten is
 * left without lessons: the booking measurement books them. Each branch is written in one transaction and skipped
 * when it has its lessons (note 'bench'); the lines' stored training figures are then rewritten (again on a later run
 * if a run stopped before).
 */
import type pg from 'pg';
import { rebuildCountsStatements, refreshStatements } from '../src/modules/evaluations/training.js';
import { payGroups } from '../src/modules/lessons/pay.js';
import type { Db } from '../src/db/connection.js';
import type { SqlRunner } from './generate.js';
import type { Row } from './requests.js';

export interface LessonSizes {
  /** how many of the chain's branches get a year of lessons (the first, by id) */
  branches: number;
  instructors: number;
  vehicles: number;
  days: number;
  /** lessons of one hour per car and day, from 07:00 */
  slots: number;
}
/** 13 one-hour slots: the school day's default, 07:00–20:00 (lesson_settings) */
export const LESSON_SIZES: LessonSizes = { branches: 20, instructors: 60, vehicles: 20, days: 365, slots: 13 };

export async function generateLessons(
  client: SqlRunner,
  adminId: number,
  log: (s: string) => void,
  sizes: LessonSizes = LESSON_SIZES,
) {
  const { instructors: ni, vehicles: nv, days, slots } = sizes;
  if (ni < nv) throw new Error('lessons: at least as many instructors as vehicles per branch');
  // one statement: node-postgres answers its rows
  const rows = async (q: string) => (await client.exec(q)) as { rows: Record<string, any>[] };
  const branches = (
    await rows(`select branch_id from branches where not is_delete order by branch_id limit ${sizes.branches}`)
  ).rows.map((r) => Number(r.branch_id));
  let written = 0;
  const t0 = Date.now();
  for (const b of branches) {
    const done = await rows(`select 1 from lessons where branch_id = ${b} and note = 'bench' limit 1`);
    if (done.rows.length) continue;
    const t = Date.now();
    await client.exec(`begin;
      -- the branch's instructors (working every day 07:00–20:00, paid 150 baht an hour of practice) and cars
      insert into users (username, password_hash, role_id, branch_id, prefix, fname, sname, position, department, start_date, salary, sso_salary)
        select 'bench_i_${b}_' || k, (select password_hash from users where user_id = ${adminId}),
          (select role_id from roles where slug = 'instructor'), ${b}, 'นาย', 'ครูฝึก' || k, 'สาขา ${b}', 'ครูฝึกภาคปฏิบัติ', 'ฝึกอบรม',
          current_date - 800, 15000, 15000
        from generate_series(1, ${ni}) k
        where not exists (select 1 from users u where lower(u.username) = 'bench_i_${b}_' || k and not u.is_delete);
      create temp table bench_li on commit drop as
        select user_id, (row_number() over (order by user_id) - 1)::int as idx from users
        where branch_id = ${b} and username like 'bench\\_i\\_${b}\\_%' and not is_delete;
      insert into instructor_hours (user_id, branch_id, weekday, start_time, end_time)
        select i.user_id, ${b}, wd, '07:00', '20:00' from bench_li i cross join generate_series(0, 6) wd
        on conflict do nothing;
      insert into instructor_rates (user_id, course_type, part, rate, valid_from)
        select i.user_id, 'รถยนต์', 'practice', 150, current_date - 800 from bench_li i
        where not exists (select 1 from instructor_rates r where r.user_id = i.user_id);
      insert into vehicles (branch_id, brand, model, no, province, type, status)
        select ${b}, 'Toyota', 'Yaris', 'ฝก ' || ${b} || '-' || k, 'กรุงเทพมหานคร', 'car', 'active'
        from generate_series(1, greatest(0, ${nv} - (select count(*)::int from vehicles
          where branch_id = ${b} and type = 'car' and status = 'active' and not is_delete))) k;
      create temp table bench_lv on commit drop as
        select vehicle_id, (row_number() over (order by vehicle_id) - 1)::int as idx from vehicles
        where branch_id = ${b} and type = 'car' and status = 'active' and not is_delete order by vehicle_id limit ${nv};
      -- the students: one car line per customer (oldest registration first), one line in ten kept for booking
      create temp table bench_ll on commit drop as
        select line_id, application_id, customer_id, (row_number() over (order by created_at, line_id) - 1)::int as idx
        from (select distinct on (a.customer_id) l.line_id, a.application_id, a.customer_id, a.created_at
          from application_courses l join applications a on a.application_id = l.application_id
          where a.branch_id = ${b} and a.kind = 'course' and not a.is_delete and l.course_type = 'รถยนต์' and l.line_id % 10 <> 0
            and not exists (select 1 from applications o where o.customer_id = a.customer_id and o.branch_id <> ${b})
          order by a.customer_id, a.created_at, l.line_id) x;
      insert into lessons (branch_id, kind, state, starts_at, ends_at, minutes, course_type, line_id, application_id,
          customer_id, instructor_id, vehicle_id, cancel_by, cancel_reason, charged, checked_in_at, checkin_method,
          completed_at, completed_by, note, created_by)
        select ${b}, 'practice', g.state, g.starts_at, g.starts_at + interval '1 hour', 60, 'รถยนต์', s.line_id,
          s.application_id, s.customer_id, i.user_id, v.vehicle_id,
          case when g.state = 'cancelled' then 'student' end, case when g.state = 'cancelled' then 'ติดธุระ' else '' end,
          g.state = 'no_show', case when g.state = 'done' then g.starts_at - interval '5 minutes' end,
          case when g.state = 'done' then 'card' end, case when g.state = 'done' then g.starts_at + interval '1 hour' end,
          case when g.state = 'done' then i.user_id end, 'bench', ${adminId}
        from (select d, s, v, k,
            ((current_date + d)::timestamp + make_interval(hours => 7 + s)) at time zone 'Asia/Bangkok' as starts_at,
            case when d >= 0 then 'booked' when k % 25 = 0 then 'no_show' when k % 17 = 0 then 'cancelled' else 'done' end as state
          from generate_series(${14 - days}, 13) d cross join generate_series(0, ${slots - 1}) s
          cross join generate_series(0, ${nv - 1}) v
          cross join lateral (select ((d + ${days}) * ${slots * nv} + s * ${nv} + v) as k) kk) g
        join bench_lv v on v.idx = g.v
        join bench_li i on i.idx = (g.v + ${nv} * (g.s % ${Math.floor(ni / nv)})) % ${ni}
        -- a student a day per car-hour of it: ${Math.ceil((slots * nv) / 7)} new students a day, each on seven days running
        join bench_ll s on s.idx = ((g.d + ${days}) * ${Math.ceil((slots * nv) / 7)} + g.s * ${nv} + g.v)
          % greatest(${slots * nv}, (select count(*) from bench_ll));
      commit;`);
    const n = (await rows(`select count(*)::int as n from lessons where branch_id = ${b} and note = 'bench'`)).rows[0]
      .n as number;
    written += n;
    log(`  branch ${b}: ${n.toLocaleString('en-US')} lessons (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  }
  // the lines' stored training figures: rewritten when lessons were written now, or when an earlier run stopped before
  const pending = Number(
    (
      await rows(`select count(*)::int as n from lessons l where l.note = 'bench' and l.state = 'done'
        and not exists (select 1 from line_training lt where lt.line_id = l.line_id and lt.lesson_practice_minutes > 0)`)
    ).rows[0]!.n,
  );
  if (!written && !pending) {
    log('  lessons: every branch has its year (skipped)');
    return;
  }
  const t = Date.now();
  await client.exec('analyze lessons');
  await client.exec(`begin;
    create temp table bench_tl on commit drop as select distinct line_id from lessons where state = 'done' and note = 'bench';
    analyze bench_tl;
    ${[...refreshStatements('select line_id from bench_tl'), ...rebuildCountsStatements()].join(';\n')};
    commit;`);
  await client.exec('vacuum analyze lessons, line_training, line_criterion_levels, instructor_rates, instructor_hours');
  log(
    `  ${written.toLocaleString('en-US')} lessons written in ${((Date.now() - t0) / 1000).toFixed(0)} s; training figures rewritten (${((Date.now() - t) / 1000).toFixed(1)} s)`,
  );
}

/** A branch with a year of lessons, the Monday–Sunday week before this one and the list's default 7 days either side (Bangkok). */
export async function lessonSample(pool: pg.Pool) {
  const r = await pool.query(`select (select min(branch_id) from lessons where note = 'bench') as branch_id,
    to_char(date_trunc('week', (now() at time zone 'Asia/Bangkok')::date) - interval '7 days', 'YYYY-MM-DD') as week,
    to_char(date_trunc('week', (now() at time zone 'Asia/Bangkok')::date) - interval '1 day', 'YYYY-MM-DD') as week_end,
    to_char((now() at time zone 'Asia/Bangkok')::date - 7, 'YYYY-MM-DD') as around,
    to_char((now() at time zone 'Asia/Bangkok')::date + 7, 'YYYY-MM-DD') as around_end`);
  const row = r.rows[0] as {
    branch_id: number | null;
    week: string;
    week_end: string;
    around: string;
    around_end: string;
  };
  if (!row.branch_id) throw new Error('lessons: no bench lessons (generateLessons has not run)');
  return {
    branchId: Number(row.branch_id),
    week: row.week,
    weekEnd: row.week_end,
    around: row.around,
    aroundEnd: row.around_end,
  };
}

/** The lesson lists measured beside their raw SQL (run.ts's list rows). */
export function lessonRequests(s: {
  branchId: number;
  week: string;
  weekEnd: string;
  around: string;
  aroundEnd: string;
}): [string, string][] {
  const b = s.branchId;
  return [
    [
      'lesson/timetable one branch-week, by instructor',
      `/api/lesson/timetable?branch_id=${b}&date_from=${s.week}&date_to=${s.weekEnd}&resource=instructor`,
    ],
    [
      'lesson/timetable one branch-week, by vehicle',
      `/api/lesson/timetable?branch_id=${b}&date_from=${s.week}&date_to=${s.weekEnd}&resource=vehicle`,
    ],
    [
      'lesson/gettable page 1, one branch-week',
      `/api/lesson/gettable?per_page=10&branch=${b}&start=${s.week}&end=${s.weekEnd}`,
    ],
    [
      'lesson/gettable page 1, the screen’s default (all branches, 7 days either side)',
      `/api/lesson/gettable?per_page=10&start=${s.around}&end=${s.aroundEnd}`,
    ],
    ['lesson/gettable page 1, one branch, every date', `/api/lesson/gettable?per_page=10&branch=${b}`],
    ['lesson/gettable page 100, one branch, every date', `/api/lesson/gettable?per_page=10&branch=${b}&page=100`],
  ];
}

type Inject = (o: {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
}) => Promise<{ statusCode: number; body: string; json: () => any; headers: Record<string, unknown> }>;

/** A row of the lessons part: the benchmark's row (no raw SQL side). */
export type LessonBenchRow = Row;
const r2 = (n: number) => Math.round(n * 100) / 100;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const row = (name: string, times: number[], note: string, per_s: number | null = null): LessonBenchRow => ({
  name,
  p50_ms: r2(pct(times, 50)),
  p95_ms: r2(pct(times, 95)),
  sql_p50_ms: null,
  sql_p95_ms: null,
  ratio: null,
  per_s,
  note,
});

/**
 * Booking with 20 concurrent clients aimed at overlapping slots, the chain's month of pay lines and a branch's DLT
 * report. `inject` sends a request as the bench's admin.
 */
export async function lessonBench(
  inject: Inject,
  db: Db,
  pool: pg.Pool,
  log: (s: string) => void,
  sample: { branchId: number },
): Promise<LessonBenchRow[]> {
  const out: LessonBenchRow[] = [];
  const b = sample.branchId;
  // booking: a day after the generated year, the branch's lines kept without lessons, its instructors and cars; every
  // request takes a random line, instructor, car and half-hour start (one hour long), so most aim at taken slots
  const day = (await pool.query(`select to_char((now() at time zone 'Asia/Bangkok')::date + 30, 'YYYY-MM-DD') as d`))
    .rows[0].d as string;
  await pool.query(`delete from lessons where note = 'bench-booking'`);
  const lines = (
    await pool.query(
      `select l.line_id from application_courses l join applications a on a.application_id = l.application_id
      where a.branch_id = $1 and a.kind = 'course' and not a.is_delete and l.course_type = 'รถยนต์' and l.line_id % 10 = 0
        and a.status not in ('ยกเลิก', 'คืนเงิน', 'คืนเงินบางส่วน') and not exists (select 1 from lessons x where x.line_id = l.line_id)
      order by a.created_at desc limit 300`,
      [b],
    )
  ).rows.map((r) => r.line_id as number);
  const teachers = (
    await pool.query(
      `select user_id from users where branch_id = $1 and username like 'bench\\_i\\_%' order by user_id`,
      [b],
    )
  ).rows.map((r) => r.user_id as number);
  const cars = (
    await pool.query(
      `select distinct vehicle_id from lessons where branch_id = $1 and note = 'bench' and vehicle_id is not null`,
      [b],
    )
  ).rows.map((r) => r.vehicle_id as number);
  if (lines.length < 50 || !teachers.length || !cars.length)
    throw new Error(`booking: ${lines.length} lines, ${teachers.length} instructors, ${cars.length} cars`);
  const TOTAL = Number(process.env.BENCH_LESSON_BOOKINGS ?? 3000);
  let seed = 12345;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pad = (n: number) => String(n).padStart(2, '0');
  const jobs = Array.from({ length: TOTAL }, () => {
    // inside the school day (07:00–20:00): starts 07:00 … 19:00
    const start = 7 * 60 + 30 * rand(25);
    return {
      line_id: lines[rand(lines.length)]!,
      instructor_id: teachers[rand(teachers.length)]!,
      vehicle_id: cars[rand(cars.length)]!,
      date: day,
      start_time: `${pad(Math.floor(start / 60))}:${pad(start % 60)}`,
      end_time: `${pad(Math.floor(start / 60) + 1)}:${pad(start % 60)}`,
      note: 'bench-booking',
    };
  });
  const codes = new Map<number, number>();
  /** the refusals other than a taken slot, by message (numbers masked) */
  const why = new Map<string, number>();
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < TOTAL) {
        const job = jobs[next++]!;
        const t = performance.now();
        const r = await inject({ method: 'POST', url: '/api/lesson/create', payload: job });
        times.push(performance.now() - t);
        codes.set(r.statusCode, (codes.get(r.statusCode) ?? 0) + 1);
        if (r.statusCode !== 200 && r.statusCode !== 409) {
          const m = String(r.json().message ?? r.statusCode).replace(/\d+/g, '#');
          why.set(m, (why.get(m) ?? 0) + 1);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const overlaps = (
    await pool.query(
      `select count(*)::int as n from lessons a join lessons o on o.lesson_id > a.lesson_id
        and tstzrange(a.starts_at, a.ends_at) && tstzrange(o.starts_at, o.ends_at)
        and (a.instructor_id = o.instructor_id or a.vehicle_id = o.vehicle_id or a.customer_id = o.customer_id)
      where a.state in ('booked', 'checked_in', 'done') and o.state in ('booked', 'checked_in', 'done')
        and a.starts_at >= $1::date - 1 and a.starts_at < $1::date + 2 and o.starts_at >= $1::date - 1 and o.starts_at < $1::date + 2`,
      [day],
    )
  ).rows[0].n as number;
  const booked = codes.get(200) ?? 0;
  const refused = codes.get(409) ?? 0;
  const fivexx = [...codes].filter(([c]) => c >= 500).reduce((n, [, k]) => n + k, 0);
  const other = TOTAL - booked - refused - fivexx;
  out.push(
    row(
      'lesson/create, 20 concurrent clients at overlapping slots',
      times,
      `${TOTAL} requests: ${booked} booked, ${refused} refused as taken, ${other} other 4xx, ${fivexx} answers 5xx; ${overlaps} overlaps counted afterwards`,
      r2(TOTAL / seconds),
    ),
  );
  log(`  lesson booking: ${out[0]!.per_s} requests/s, ${out[0]!.note}, p95 ${out[0]!.p95_ms} ms`);
  for (const [m, n] of [...why].sort((a, b) => b[1] - a[1]).slice(0, 5)) log(`    ${n} × ${m}`);

  // the chain's month of instructor pay lines (last month: a whole month of completed lessons)
  const month = (
    await pool.query(
      `select to_char(date_trunc('month', now() at time zone 'Asia/Bangkok') - interval '1 month', 'YYYY-MM') as m`,
    )
  ).rows[0].m as string;
  const payTimes: number[] = [];
  let groups: Awaited<ReturnType<typeof payGroups>> = [];
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    groups = await payGroups(db, month, null);
    if (i) payTimes.push(performance.now() - t);
  }
  const paidLessons = groups.reduce((n, g) => n + g.lessons, 0);
  out.push(
    row(
      'instructor pay lines, the chain’s month',
      payTimes,
      `${groups.length} lines of ${new Set(groups.map((g) => g.user_id)).size} instructors, ${paidLessons.toLocaleString('en-US')} lessons; 5 runs (p95 = max)`,
    ),
  );
  log(`  pay lines: p50 ${out[1]!.p50_ms} ms, ${out[1]!.note}`);

  // a branch's DLT monthly report: the data with its signed link, then the PDF rendered; and the Excel sheets
  const pdfTimes: number[] = [];
  const xlsTimes: number[] = [];
  let students = 0;
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    const r = await inject({ method: 'POST', url: '/api/lesson/report/pdf', payload: { branch_id: b, month } });
    if (r.statusCode !== 200) throw new Error(`report: ${r.statusCode} ${r.body.slice(0, 200)}`);
    const pdf = await inject({ method: 'GET', url: r.json().data.pdf as string });
    if (pdf.headers['content-type'] !== 'application/pdf') throw new Error('report: not a PDF');
    if (i) pdfTimes.push(performance.now() - t);
    students = (r.json().data.report.students ?? []).length;
    const x = performance.now();
    const xls = await inject({ method: 'POST', url: '/api/lesson/report/excel', payload: { branch_id: b, month } });
    if (xls.statusCode !== 200) throw new Error(`report excel: ${xls.statusCode}`);
    if (i) xlsTimes.push(performance.now() - x);
  }
  out.push(row('DLT monthly report, one branch: data and PDF', pdfTimes, `${students} students; 5 runs (p95 = max)`));
  out.push(row('DLT monthly report, one branch: Excel sheets', xlsTimes, '5 runs (p95 = max)'));
  log(`  DLT report: PDF p50 ${out[2]!.p50_ms} ms, Excel p50 ${out[3]!.p50_ms} ms (${students} students)`);
  return out;
}
