/**
 * The benchmark's data sets, generated inside the database with set-based SQL (generate_series):
 * the chain (PostgreSQL): 20 branches, 300,000 customers, 400,000 applications (one course line each, 30 % with
 * a fee line), 1,000,000 payments (2.5 per application, about 85 % of applications fully paid);
 * one school on the embedded database (PGlite): 3 branches, 30,000 customers, 40,000 applications, 100,000 payments.
 * Both span about two years. Money identities hold for every row.
 */

import { rebuildCountsStatements, refreshStatements } from '../src/modules/evaluations/training.js';

const FIRST = [
  'สมชาย',
  'สมศักดิ์',
  'วิชัย',
  'ประเสริฐ',
  'สุชาติ',
  'อนันต์',
  'ธนพล',
  'กิตติพงษ์',
  'ณัฐพล',
  'พงศกร',
  'สมหญิง',
  'มาลี',
  'วนิดา',
  'สุดา',
  'ปิยะนุช',
  'พิมพ์ชนก',
  'ณัฐธิดา',
  'กมลชนก',
  'อรุณี',
  'จันทร์เพ็ญ',
  'ธีรวัฒน์',
  'ภานุวัฒน์',
  'ศุภชัย',
  'วีระพงษ์',
  'ชยพล',
  'ปวีณา',
  'ศิริพร',
  'รัตนา',
  'นภัสสร',
  'ชุติมา',
  'เอกชัย',
  'ไพโรจน์',
  'บุญมี',
  'สมบัติ',
  'อำนาจ',
  'ดวงใจ',
  'เพ็ญศรี',
  'สายสุนีย์',
  'อัญชลี',
  'ขวัญใจ',
  'ธนากร',
  'ภัทรพล',
  'วรวุฒิ',
  'อภิชาติ',
  'ศักดิ์ชัย',
  'กัญญา',
  'นันทนา',
  'ลัดดา',
  'วาสนา',
  'สุภาพร',
];
const LAST = [
  'ใจดี',
  'สุขสวัสดิ์',
  'ศรีสุข',
  'บุญมา',
  'แก้วมณี',
  'ทองคำ',
  'พึ่งบุญ',
  'รุ่งเรือง',
  'มั่นคง',
  'ประเสริฐศรี',
  'วงศ์สวัสดิ์',
  'จันทร์แก้ว',
  'สมบูรณ์',
  'เจริญผล',
  'ศรีวงศ์',
  'พรหมมา',
  'อินทร์แก้ว',
  'ทองดี',
  'ชัยมงคล',
  'ปัญญาดี',
  'กาญจนา',
  'บุญเรือง',
  'นาคสวัสดิ์',
  'แสงทอง',
  'ศักดิ์ดี',
  'มีสุข',
  'สุวรรณ',
  'พูลผล',
  'เพชรรัตน์',
  'ทรัพย์มาก',
  'วิเศษสุข',
  'คงเจริญ',
  'สิงห์ทอง',
  'รักษาพล',
  'ธนากร',
  'วัฒนา',
  'ศรีทอง',
  'ยอดดี',
  'บุญประเสริฐ',
  'ชื่นใจ',
];
const BRANCHES = [
  'บางเขน',
  'เชียงใหม่',
  'ขอนแก่น',
  'นครราชสีมา',
  'ภูเก็ต',
  'หาดใหญ่',
  'อุดรธานี',
  'ชลบุรี',
  'พิษณุโลก',
  'สุราษฎร์ธานี',
  'นนทบุรี',
  'ปทุมธานี',
  'ระยอง',
  'อยุธยา',
  'ลำปาง',
  'อุบลราชธานี',
  'นครปฐม',
  'สมุทรปราการ',
  'เชียงราย',
];

export interface Sizes {
  branches: number;
  customers: number;
  applications: number;
}
export const SIZES: Sizes = { branches: 20, customers: 300_000, applications: 400_000 };
export const PGLITE_SIZES: Sizes = { branches: 3, customers: 30_000, applications: 40_000 };

/** Runs SQL text that may hold several statements (node-postgres' simple query, PGlite's exec). */
export interface SqlRunner {
  exec(sql: string): Promise<unknown>;
}

const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

export async function generate(client: SqlRunner, adminId: number, log: (s: string) => void, sizes: Sizes = SIZES) {
  const step = async (label: string, q: string) => {
    const t0 = Date.now();
    await client.exec(q);
    log(`  ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  };
  const nb = sizes.branches;
  // rows are spaced so that each data set spans about two years whatever its size
  const customerStep = Math.round((230 * 300_000) / sizes.customers);
  const applicationStep = Math.round((170 * 400_000) / sizes.applications);
  const n = (x: number) => x.toLocaleString('en-US');
  await step(
    'branches',
    `insert into branches (code, name, parent_id, province, address) select 'B' || lpad(i::text, 2, '0'), 'สาขา' || (${arr(BRANCHES)})[i], 1, (${arr(BRANCHES)})[i], i || '/1'
    from generate_series(1, ${nb - 1}) i`,
  );
  await step(
    'courses and fees',
    `
    insert into courses (branch_id, name, price, type, theory_hours, practice_hours)
      select b.branch_id, c.name, c.price, c.type, 5, c.h from branches b cross join (values
        ('หลักสูตรรถยนต์ 15 ชั่วโมง', 6500.00, 'รถยนต์', 10), ('หลักสูตรรถจักรยานยนต์ 12 ชั่วโมง', 3500.00, 'รถจักรยานยนต์', 7),
        ('หลักสูตรรถยนต์ 20 ชั่วโมง', 8500.00, 'รถยนต์', 15), ('หลักสูตรรถยนต์เกียร์ธรรมดา', 7200.50, 'รถยนต์', 12)) c(name, price, type, h);
    insert into other_fees (branch_id, name, price) select branch_id, 'ค่าเช่ารถสอบ', 500 from branches;
    create temp table bench_courses as
      select b.branch_id, b.code, (row_number() over (partition by b.branch_id order by c.course_id) - 1)::int as idx, c.course_id, c.name, c.type, c.price,
             (select other_fee_id from other_fees f where f.branch_id = b.branch_id limit 1) as fee_id
      from branches b join courses c on c.branch_id = b.branch_id;
    create temp table bench_branch as select branch_id, code, (row_number() over (order by branch_id) - 1)::int as idx from branches;`,
  );
  await step(
    `${n(sizes.customers)} customers`,
    `
    create or replace function pg_temp.thai_id(base text) returns text language sql immutable as $f$
      select base || ((11 - (sum(substr(base, k, 1)::int * (14 - k)) % 11)) % 10)::text from generate_series(1, 12) k $f$;
    insert into customers (customer_id, is_foreigner, idcard, prefix, fname, sname, birthday, address, subdistrict, district, province, postcode, phone_1, branch_id, created_at, updated_at) overriding system value
    select i, false, pg_temp.thai_id('1' || lpad((i * 37)::text, 11, '0')), (array['นาย','นางสาว','นาง'])[1 + i % 3],
      (${arr(FIRST)})[1 + i % ${FIRST.length}], (${arr(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
      date '1975-01-01' + (i % 11000), (i % 300) || '/' || (i % 17), 'ตำบล' || (i % 50), 'อำเภอ' || (i % 20), 'จังหวัด' || (i % 20), lpad((10000 + i % 80000)::text, 5, '0'),
      '08' || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'), (select branch_id from bench_branch where idx = i % ${nb}),
      now() - ((${sizes.customers} - i) * interval '${customerStep} seconds'), now() - ((${sizes.customers} - i) * interval '${customerStep} seconds')
    from generate_series(1, ${sizes.customers}) i;
    select setval(pg_get_serial_sequence('customers', 'customer_id'), ${sizes.customers});`,
  );
  await step(
    `${n(sizes.applications)} applications with their lines`,
    `
    create temp table gen as
      select i, bb.branch_id, bb.code, bc.course_id, bc.name as course_name, bc.type, bc.price, bc.fee_id, (i % 10 < 3) as with_fee,
             now() - ((${sizes.applications} - i) * interval '${applicationStep} seconds') as at, 1 + (i * 7) % ${sizes.customers} as customer_id
      from generate_series(1, ${sizes.applications}) i
      join bench_branch bb on bb.idx = i % ${nb}
      join bench_courses bc on bc.branch_id = bb.branch_id and bc.idx = (i / ${nb}) % 4;
    alter table applications disable trigger application_stats_trg;
    insert into applications (application_id, kind, branch_id, application_code, customer_id, status, total, discount, net, paid, paid_cash, paid_transfer, balance, created_by, created_at, updated_at) overriding system value
      select i, 'course', branch_id, 'AP-' || code || '-' || (extract(year from at at time zone 'Asia/Bangkok')::int + 543) || '-H' || lpad((i / ${nb})::text, 6, '0'),
        customer_id, 'ค้างชำระ', price + case when with_fee then 500 else 0 end, 0, price + case when with_fee then 500 else 0 end, 0, 0, 0,
        price + case when with_fee then 500 else 0 end, ${adminId}, at, at from gen;
    select setval(pg_get_serial_sequence('applications', 'application_id'), ${sizes.applications});
    insert into application_courses (application_id, line_no, course_id, course_name, course_type, cost) select i, 1, course_id, course_name, type, price from gen;
    insert into application_fees (application_id, line_no, other_fee_id, other_fee_name, cost) select i, 2, fee_id, 'ค่าเช่ารถสอบ', 500 from gen where with_fee;`,
  );
  await step(
    `${n(Math.round(sizes.applications * 2.5))} payments`,
    `
    alter table payments disable trigger income_days_payments_trg;
    insert into payments (application_id, branch_id, kind, payment_code, pay_type, amount, business_date, created_by, created_at)
      select g.i, g.branch_id, 'payment',
        'RC-' || g.code || '-' || (extract(year from pa at time zone 'Asia/Bangkok')::int + 543) || '-H' || lpad((g.i * 4 + j)::text, 8, '0'),
        case when (g.i + j) % 3 = 0 then 'transfer' else 'cash' end,
        case when g.i % 7 = 0 then 500
             when j < k then round((g.price + case when g.with_fee then 500 else 0 end) / k, 0)
             else (g.price + case when g.with_fee then 500 else 0 end) - (k - 1) * round((g.price + case when g.with_fee then 500 else 0 end) / k, 0) end,
        (pa at time zone 'Asia/Bangkok')::date, ${adminId}, pa
      from gen g cross join lateral (select 1 + g.i % 4 as k) kk cross join lateral generate_series(1, kk.k) j
      cross join lateral (select least(g.at + (j - 1) * interval '9 days', now()) as pa) p;
    update applications a set paid = s.paid, paid_cash = s.cash, paid_transfer = s.transfer, balance = a.net - s.paid,
      status = case when a.net - s.paid > 0 then 'ค้างชำระ' else 'ชำระครบ' end
    from (select application_id, sum(amount) as paid, coalesce(sum(amount) filter (where pay_type = 'cash'), 0) as cash,
                 coalesce(sum(amount) filter (where pay_type = 'transfer'), 0) as transfer
          from payments group by application_id) s
    where s.application_id = a.application_id;
    select application_stats_rebuild();
    alter table applications enable trigger application_stats_trg;
    delete from income_days where not refund and source <> 'other';
    insert into income_days (branch_id, date, source, refund, pay_type, n, value)
      select p.branch_id, p.business_date, a.kind, p.kind = 'refund', p.pay_type, count(*), sum(p.amount)
      from payments p join applications a on a.application_id = p.application_id where not p.is_void group by 1, 2, 3, 4, 5
      on conflict (branch_id, date, source, refund, pay_type) do update set n = excluded.n, value = excluded.value;
    alter table payments enable trigger income_days_payments_trg;`,
  );
  await step('vacuum analyze', 'vacuum analyze');
}

/**
 * Exam data at the data set's size: every branch has four sessions a day (car and motorcycle, theory
 * and practical) from two years ago to a month ahead, and about one attempt per course line — in the branch's
 * session of its licence type two weeks after registration (theory for even application ids, practical for odd),
 * recorded (7 in 10 passed) when the day has passed, booked otherwise; every line has its permission (registration
 * + 90 days), 5 % of them extended to 120 days, 1 % disabled. Idempotent: skipped when sessions exist.
 */
export async function generateExams(
  client: SqlRunner & { rows?(sql: string): Promise<{ n: number }[]> },
  adminId: number,
  log: (s: string) => void,
) {
  const step = async (label: string, q: string) => {
    const t0 = Date.now();
    await client.exec(q);
    log(`  ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  };
  await step(
    'exam sessions, attempts and permissions',
    `
    do $$ begin
      if exists (select 1 from exam_sessions) then return; end if;
      insert into exam_sessions (branch_id, exam_date, start_time, kind, course_type, capacity, booked, place, examiner, created_by)
        select b.branch_id, d::date, t.tm, t.kind, t.type, 60, 0, 'ห้องสอบ ' || t.kind, 'ผู้คุมสอบ สาขา' || b.code, ${adminId}
        from branches b
        cross join generate_series((now() at time zone 'Asia/Bangkok')::date - 760, (now() at time zone 'Asia/Bangkok')::date + 30, interval '1 day') d
        cross join (values ('09:00', 'theory', 'รถยนต์'), ('10:30', 'theory', 'รถจักรยานยนต์'), ('13:00', 'practical', 'รถยนต์'), ('14:00', 'practical', 'รถจักรยานยนต์')) t(tm, kind, type);
      insert into exam_attempts (session_id, line_id, application_id, customer_id, branch_id, status, theory_score, theory_total, practical, booked_by, recorded_by, recorded_at, created_at, updated_at)
        select s.session_id, l.line_id, a.application_id, a.customer_id, a.branch_id,
          case when s.exam_date >= (now() at time zone 'Asia/Bangkok')::date then 'booked' when a.application_id % 10 < 7 then 'passed' when a.application_id % 10 < 9 then 'failed' else 'absent' end,
          case when s.exam_date < (now() at time zone 'Asia/Bangkok')::date and s.kind = 'theory' and a.application_id % 10 < 9 then case when a.application_id % 10 < 7 then 45 + a.application_id % 6 else 30 + a.application_id % 15 end end,
          case when s.exam_date < (now() at time zone 'Asia/Bangkok')::date and s.kind = 'theory' and a.application_id % 10 < 9 then 50 end,
          null, ${adminId}, case when s.exam_date < (now() at time zone 'Asia/Bangkok')::date then ${adminId} end,
          case when s.exam_date < (now() at time zone 'Asia/Bangkok')::date then s.exam_date + time '16:00' end, a.created_at, a.created_at
        from application_courses l join applications a on a.application_id = l.application_id
        join exam_sessions s on s.branch_id = a.branch_id and s.course_type = l.course_type
          and s.kind = case when a.application_id % 2 = 0 then 'theory' else 'practical' end
          and s.exam_date = (a.created_at at time zone 'Asia/Bangkok')::date + 14;
      update exam_sessions s set booked = x.n, passed = x.p, failed = x.f, recorded = x.r
        from (select session_id, count(*)::int as n, count(*) filter (where status = 'passed')::int as p, count(*) filter (where status = 'failed')::int as f,
                     count(*) filter (where status in ('passed', 'failed', 'absent'))::int as r from exam_attempts group by session_id) x where x.session_id = s.session_id;
      update application_courses l set exam_date = s.exam_date from exam_attempts x join exam_sessions s on s.session_id = x.session_id where x.line_id = l.line_id;
      alter table exam_permissions disable trigger exam_permission_counts_trg;
      insert into exam_permissions (line_id, application_id, branch_id, permission_date, is_active, updated_at)
        select l.line_id, a.application_id, a.branch_id,
          (a.created_at at time zone 'Asia/Bangkok')::date + case when a.application_id % 20 = 0 then 120 else 90 end, a.application_id % 100 <> 0, a.created_at
        from application_courses l join applications a on a.application_id = l.application_id
        on conflict (line_id) do nothing;
      update exam_permissions p set passed = true
        where exists (select 1 from exam_attempts x join exam_sessions xs on xs.session_id = x.session_id
          where x.line_id = p.line_id and x.status = 'passed' and xs.kind = 'practical');
      insert into exam_permission_history (line_id, action, old_value, new_value, reason, user_id)
        select line_id, case when is_active then 'extend' else 'disable' end, (permission_date - 30)::text, permission_date::text, 'ข้อมูลทดสอบ', ${adminId}
        from exam_permissions where application_id % 20 = 0;
      -- the per-branch counts rebuilt once after the bulk insert (the trigger keeps them from then on)
      delete from exam_permission_counts;
      insert into exam_permission_counts (branch_id, permission_date, passed, is_active, n)
        select branch_id, permission_date, passed, is_active, count(*) from exam_permissions group by 1, 2, 3, 4;
      alter table exam_permissions enable trigger exam_permission_counts_trg;
    end $$;`,
  );
  // the lines' exam dates were rewritten: vacuum (outside a transaction) so index-only scans stay index-only
  await step('vacuum analyze (exams)', 'vacuum analyze application_courses');
  await step(
    'vacuum analyze (exam tables)',
    'vacuum analyze exam_sessions, exam_attempts, exam_permissions, exam_permission_history',
  );
}

/**
 * Training records at the chain's size (the evaluation list's training-status filter): every course line registered
 * in the last 120 days, but one in 25 (not started), has 2–6 sessions two days apart from two days after
 * registration, up to today — theory hours on the first, 4 practice hours on each of the others — each evaluating
 * about half of the licence type's criteria (levels 1–2), the line's last planned session all of them (levels 2–4,
 * one in 13 criteria still at 1); one line in 40 has a later deleted session (every criterion at 1). So the newest
 * lines are in training, older ones complete or short of hours or of a criterion. The figures kept at commit are
 * rewritten with the statements of the migration's backfill. Idempotent: skipped when evaluations exist.
 */
export async function generateEvaluations(client: SqlRunner, adminId: number, log: (s: string) => void) {
  const t0 = Date.now();
  await client.exec(`
    do $$ begin
      if exists (select 1 from student_evaluations) then return; end if;
      create temp table bench_ev on commit drop as
        select l.line_id, a.application_id, a.branch_id, l.course_type, (a.created_at at time zone 'Asia/Bangkok')::date as reg,
          2 + l.line_id % 5 as n, co.theory_hours as th
        from application_courses l join applications a on a.application_id = l.application_id join courses co on co.course_id = l.course_id
        where a.kind = 'course' and not a.is_delete and a.created_at > now() - interval '120 days' and l.line_id % 25 <> 0;
      create temp table bench_crit on commit drop as
        select evaluate_id, type, row_number() over (partition by type order by sort, evaluate_id)::int as k
        from evaluates where not is_delete and is_activate;
      with ins as (
        insert into student_evaluations (branch_id, application_id, line_id, date, instructor_id, theory_hours, practice_hours, note, created_by, is_delete)
          select g.branch_id, g.application_id, g.line_id, g.reg + 2 * j, ${adminId}, case when j = 1 then g.th else 0 end,
            case when j = 1 then 0 else 4 end, case when j > g.n then 'บันทึกซ้ำ (ลบแล้ว)' else '' end, ${adminId}, j > g.n
          from bench_ev g cross join generate_series(1, g.n + case when g.line_id % 40 = 1 then 1 else 0 end) j
          where g.reg + 2 * j <= (now() at time zone 'Asia/Bangkok')::date
        returning evaluation_id, line_id, date, is_delete)
      insert into evaluation_results (evaluation_id, evaluate_id, level)
        select i.evaluation_id, c.evaluate_id,
          case when i.is_delete then 1
               when (i.date - g.reg) / 2 >= g.n then case when (g.line_id + c.k) % 13 = 0 then 1 else 2 + (g.line_id + c.k) % 3 end
               else 1 + (c.k + (i.date - g.reg) / 2) % 2 end
        from ins i join bench_ev g on g.line_id = i.line_id join bench_crit c on c.type = g.course_type
        where i.is_delete or (i.date - g.reg) / 2 >= g.n or (c.k + (i.date - g.reg) / 2) % 2 = 0;
      ${[...refreshStatements('select line_id from student_evaluations'), ...rebuildCountsStatements()].join(';\n')};
    end $$;`);
  await client.exec(
    'vacuum analyze student_evaluations, evaluation_results, line_training, line_criterion_levels, evaluates',
  );
  log(`  evaluations and the lines' training figures (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/**
 * Vehicle checks at the chain's size (the manage-vehicle-check list's result filter): two course lines in three
 * registered in the last year are checked 20 days after registration for an exam 5 days later, in the student's
 * own vehicle; one in ten fails (the horn), and half of those pass a second check the next day; one check in 50
 * was deleted. Idempotent: skipped when checks exist.
 */
export async function generateVehicleChecks(client: SqlRunner, adminId: number, log: (s: string) => void) {
  const t0 = Date.now();
  await client.exec(`
    do $$ begin
      if exists (select 1 from vehicle_checks) then return; end if;
      insert into vehicle_checks (branch_id, application_id, line_id, check_date, exam_date, owner, no, province, type,
          tax_until, compulsory_until, items, result, fail_reasons, checked_by, created_by, is_delete)
        select a.branch_id, a.application_id, l.line_id, d.reg + 20 + k, d.reg + 25, 'student', (1 + l.line_id % 9) || 'กข ' || lpad((l.line_id % 10000)::text, 4, '0'),
          'กรุงเทพมหานคร', case when l.course_type = 'รถยนต์' then 'car' else 'motorcycle' end, d.reg + 200, d.reg + 200,
          jsonb_build_array(jsonb_build_object('name', 'แตร', 'ok', not (k = 0 and l.line_id % 10 = 1))),
          case when k = 0 and l.line_id % 10 = 1 then 'fail' else 'pass' end,
          case when k = 0 and l.line_id % 10 = 1 then '["ไม่ผ่านรายการตรวจ: แตร"]'::jsonb else '[]'::jsonb end,
          ${adminId}, ${adminId}, l.line_id % 50 = 7
        from application_courses l join applications a on a.application_id = l.application_id
        cross join lateral (select (a.created_at at time zone 'Asia/Bangkok')::date as reg) d
        cross join generate_series(0, case when l.line_id % 20 = 1 then 1 else 0 end) k
        where a.kind = 'course' and a.created_at > now() - interval '365 days' and l.line_id % 3 <> 0
          and d.reg + 20 + k <= (now() at time zone 'Asia/Bangkok')::date;
    end $$;`);
  // the checks' trigger wrote each registration's check result: vacuum the registrations too (this server may run
  // without autovacuum), or the result filter's plan reads the dead rows and old statistics
  await client.exec('vacuum analyze vehicle_checks, applications');
  log(`  vehicle checks (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
}

/**
 * The fleet and the expenses of the chain: 400 vehicles over the branches, an expense item per
 * sub-category and branch, 200,000 expenses over two years (a third of them for a vehicle, with a rising mileage),
 * other incomes; the per-day totals rebuilt once after the bulk insert (the triggers keep them from then on).
 */
export async function generateFleet(
  client: SqlRunner,
  adminId: number,
  log: (s: string) => void,
  vehicles = 400,
  expenses = 200_000,
) {
  const t0 = Date.now();
  await client.exec(`
    insert into list_expenses (branch_id, name, category_id)
      select b.branch_id, c.name, c.category_id from branches b cross join expense_categories c
      where c.parent_id is not null and not exists (select 1 from list_expenses x where x.branch_id = b.branch_id);
    insert into vehicles (branch_id, brand, model, no, province, type, status)
      select (select branch_id from branches order by branch_id offset (i % (select count(*) from branches)) limit 1),
        (array['Toyota','Honda','Isuzu','Yamaha'])[1 + i % 4], 'รุ่น ' || (i % 7), (1 + i % 9) || 'กข ' || lpad(i::text, 4, '0'), 'กรุงเทพมหานคร',
        case when i % 4 = 3 then 'motorcycle' else 'car' end, 'active'
      from generate_series(1, ${vehicles}) i;
    alter table expenses disable trigger expense_days_trg;
    alter table other_incomes disable trigger income_days_other_trg;
    create temp table bench_le as select branch_id, list_expenses_id, (row_number() over (partition by branch_id order by list_expenses_id) - 1)::int as idx,
      count(*) over (partition by branch_id)::int as cnt from list_expenses where not is_delete;
    create temp table bench_v as select branch_id, vehicle_id, (row_number() over (partition by branch_id order by vehicle_id) - 1)::int as idx,
      count(*) over (partition by branch_id)::int as cnt from vehicles where not is_delete;
    create temp table bench_b as select branch_id, (row_number() over (order by branch_id) - 1)::int as idx, count(*) over ()::int as cnt from branches;
    insert into expenses (branch_id, list_expenses_id, date, vehicle_id, detail, pay_type, mile, value, created_by)
      select b.branch_id, le.list_expenses_id, (now() at time zone 'Asia/Bangkok')::date - (i % 730),
        case when i % 3 = 0 then v.vehicle_id end, 'ค่าใช้จ่าย ' || i, case when i % 3 = 1 then 'transfer' else 'cash' end,
        case when i % 3 = 0 then 100000 - (i % 730) * 50 end, 50 + (i % 90) * 12.5, ${adminId}
      from generate_series(1, ${expenses}) i
      join bench_b b on b.idx = i % (select count(*) from branches)
      join bench_le le on le.branch_id = b.branch_id and le.idx = (i / 7) % le.cnt
      left join bench_v v on v.branch_id = b.branch_id and v.idx = (i / 3) % v.cnt;
    insert into other_incomes (branch_id, date, name, detail, pay_type, value, created_by)
      select b.branch_id, (now() at time zone 'Asia/Bangkok')::date - (i % 730), 'รายรับอื่น ' || (i % 5), '', case when i % 2 = 0 then 'cash' else 'transfer' end, 100 + (i % 50) * 10.25, ${adminId}
      from branches b cross join generate_series(1, 2000) i;
    delete from expense_days;
    insert into expense_days (branch_id, date, list_expenses_id, pay_type, n, value)
      select branch_id, date, list_expenses_id, pay_type, count(*), sum(value) from expenses where not is_delete group by 1, 2, 3, 4;
    delete from income_days where source = 'other';
    insert into income_days (branch_id, date, source, refund, pay_type, n, value)
      select branch_id, date, 'other', false, pay_type, count(*), sum(value) from other_incomes where not is_delete group by 1, 2, 5;
    alter table expenses enable trigger expense_days_trg;
    alter table other_incomes enable trigger income_days_other_trg;
    analyze vehicles; analyze list_expenses; analyze expenses; analyze other_incomes; analyze expense_days; analyze income_days;`);
  log(
    `  ${vehicles} vehicles, ${expenses.toLocaleString('en-US')} expenses and other incomes (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
}
