/**
 * The application lists on the demo school (application/gettable, the pay-balance and overdue lists, the exam
 * screens' applications): every shape of their filters — branch, status, licence type, registration dates, a text
 * typed as digits, a name or a document code, a caller who sees one branch — answers exactly the applications a plain
 * reading of the tables gives, in the list's order, page by page, with the count and the money totals to the satang.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, todayBangkok, toSatang } from '@khabkhi/thai';
import { rowsOf } from '../../src/db/sql.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { customer } from './fixtures.js';

type Ref = {
  application_id: number;
  application_code: string;
  branch_id: number;
  status: string;
  created_at: string;
  created_day: string;
  types: string[];
  course_names: string | null;
  idcard: string;
  phone_1: string;
  fname: string;
  sname: string;
  total: string;
  net: string;
  paid: string;
  paid_cash: string;
  paid_transfer: string;
  balance: string;
  exam_date: string | null;
  /** the place in registration order (created_at, then id) */
  ord: number;
};

let t: TestApp;
let all: Ref[];
beforeAll(async () => {
  t = await createTestApp({ demoMoney: true });
  // a cancelled registration (the demo school has none): the lists show it under ยกเลิก, the exam screens never
  const course = rowsOf<{ course_id: number }>(
    await t.db.execute(sql`select course_id from courses where not is_delete order by course_id limit 1`),
  )[0]!.course_id;
  const made = await (
    await t.as('malee')
  ).post('/api/application/create', {
    customer: customer(),
    courses: [{ course_id: course }],
    other_fees: [],
  });
  expect(made.status, made.body.message).toBe(200);
  const cancelled = await (
    await t.as('somchai')
  ).del('/api/application/delete', {
    application_id: made.body.data.application.application_id,
    note: 'สมัครซ้ำ',
  });
  expect(cancelled.status, cancelled.body.message).toBe(200);
  all = rowsOf<Ref>(
    await t.db
      .execute(sql`select a.application_id, row_number() over (order by a.created_at, a.application_id)::int as ord, a.application_code, a.branch_id, a.status,
      to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      (a.created_at at time zone 'Asia/Bangkok')::date::text as created_day,
      coalesce((select array_agg(distinct l.course_type) from application_courses l where l.application_id = a.application_id), '{}') as types,
      (select string_agg(l.course_name, ', ' order by l.line_no) from application_courses l where l.application_id = a.application_id) as course_names,
      (select min(l.exam_date)::text from application_courses l where l.application_id = a.application_id) as exam_date,
      c.idcard, c.phone_1, c.fname, c.sname, a.total::text as total, a.net::text as net, a.paid::text as paid,
      a.paid_cash::text as paid_cash, a.paid_transfer::text as paid_transfer, a.balance::text as balance
      from applications a join customers c on c.customer_id = a.customer_id where a.kind = 'course'`),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Filter = { branch?: number; status?: string; type?: string; start?: string; end?: string; text?: string };

/** Whether an application's customer or code matches a typed text, as the screen describes the search. */
function textMatches(r: Ref, text: string) {
  const digits = text.replace(/[\s-]/g, '');
  if (/^\d+$/.test(digits)) return r.idcard.startsWith(digits) || r.phone_1.startsWith(digits);
  const lower = text.toLowerCase();
  return (
    `${r.fname} ${r.sname}`.toLowerCase().startsWith(lower) ||
    r.sname.toLowerCase().startsWith(lower) ||
    r.idcard.startsWith(text.toUpperCase()) ||
    (/[A-Za-z0-9]/.test(text) && r.application_code.toLowerCase().includes(lower))
  );
}

/** The applications a filter shows, read from the tables; newest registration first, or oldest for the overdue list. */
function expected(f: Filter, o: { scope?: number[]; live?: boolean; oldestFirst?: boolean } = {}) {
  const rows = all.filter(
    (r) =>
      (!o.scope || o.scope.includes(r.branch_id)) &&
      (f.branch === undefined || r.branch_id === f.branch) &&
      (!f.status || f.status === 'ทั้งหมด' || r.status === f.status) &&
      (!o.live || r.status !== 'ยกเลิก') &&
      (!f.type || r.types.includes(f.type)) &&
      (!f.start || r.created_day >= f.start) &&
      (!f.end || r.created_day <= f.end) &&
      (!f.text || textMatches(r, f.text)),
  );
  return rows.sort((a, b) => (o.oldestFirst ? a.ord - b.ord : b.ord - a.ord));
}

const sum = (rows: Ref[], k: keyof Ref) => rows.reduce((s, r) => s + toSatang(r[k] as string), 0);

/** Every page of a list for a filter, the count and the totals of the first page. */
async function list(user: string, url: string, f: Filter) {
  const c = await t.as(user);
  const q: Record<string, string | number> = { per_page: 7 };
  for (const k of ['branch', 'status', 'type', 'start', 'end', 'text'] as const) if (f[k] !== undefined) q[k] = f[k]!;
  const rows: any[] = [];
  let first: any;
  for (let page = 1; page < 300; page++) {
    const r = await c.get(url, { ...q, page });
    expect(r.status, `${url} ${JSON.stringify(f)}: ${r.body.message}`).toBe(200);
    first ??= r.body;
    expect(r.body.meta.total).toBe(first.meta.total);
    rows.push(...r.body.data);
    if (r.body.data.length < 7) break;
  }
  return { rows, total: first.meta.total as number, totals: first.totals };
}

/** A list's rows are the expected applications, in order, and its count is theirs. */
function expectSameList(got: { rows: any[]; total: number }, want: Ref[], label: string) {
  expect(
    got.rows.map((r) => r.application_id),
    label,
  ).toEqual(want.map((r) => r.application_id));
  expect(got.total, label).toBe(want.length);
}

describe('the application lists', () => {
  const today = todayBangkok();
  const cases = (): Filter[] => {
    const someone = all.find((r) => r.status === 'ค้างชำระ' && r.types.length > 0)!;
    const type = someone.types[0]!;
    return [
      {},
      { status: 'ทั้งหมด' },
      { status: 'ชำระครบ' },
      { status: 'ยกเลิก' },
      { branch: someone.branch_id },
      { branch: someone.branch_id, status: 'ค้างชำระ' },
      { type },
      { type, status: 'ทั้งหมด', branch: someone.branch_id },
      { start: addDays(today, -30), end: today, status: 'ทั้งหมด' },
      { start: someone.created_day, status: 'ทั้งหมด' },
      { end: someone.created_day },
      { start: someone.created_day, end: someone.created_day, status: 'ทั้งหมด', type },
      { text: someone.idcard.slice(0, 6), status: 'ทั้งหมด' },
      { text: someone.phone_1.slice(0, 5) },
      { text: `${someone.idcard.slice(0, 1)}-${someone.idcard.slice(1, 5)} ${someone.idcard.slice(5, 8)}` },
      { text: someone.fname, status: 'ทั้งหมด' },
      { text: `${someone.fname} ${someone.sname.slice(0, 2)}` },
      { text: someone.application_code.slice(0, -2).toLowerCase(), status: 'ทั้งหมด' },
      { text: someone.application_code, branch: someone.branch_id, type },
      { text: 'ไม่มีผู้ใดชื่อนี้', status: 'ทั้งหมด' },
    ];
  };

  it('application/gettable answers each filter shape with the applications, totals and due of the tables', async () => {
    let nonEmpty = 0;
    const fs = cases();
    for (const f of fs) {
      const want = expected(f);
      const got = await list('admin', '/api/application/gettable', f);
      const label = JSON.stringify(f);
      expectSameList(got, want, label);
      expect(toSatang(got.totals.cash), label).toBe(sum(want, 'paid_cash'));
      expect(toSatang(got.totals.transfer), label).toBe(sum(want, 'paid_transfer'));
      expect(toSatang(got.totals.paid), label).toBe(sum(want, 'paid'));
      expect(toSatang(got.totals.net), label).toBe(sum(want, 'net'));
      expect(toSatang(got.totals.balance), label).toBe(
        sum(
          want.filter((r) => r.status === 'ค้างชำระ'),
          'balance',
        ),
      );
      for (const r of got.rows) {
        const ref = want.find((x) => x.application_id === r.application_id)!;
        expect(r).toMatchObject({ createdAt: ref.created_at, status: ref.status, course_names: ref.course_names });
        expect(toSatang(r.balance)).toBe(toSatang(ref.balance));
        expect(toSatang(r.due)).toBe(ref.status === 'ค้างชำระ' || ref.status === 'ชำระครบ' ? toSatang(ref.balance) : 0);
      }
      if (want.length) nonEmpty++;
    }
    // the cases are not vacuous: all but the unknown name show rows
    expect(nonEmpty).toBe(fs.length - 1);
  });

  it('the pay-balance, overdue and exam lists page the same filters in their own order and defaults', async () => {
    for (const f of cases()) {
      const label = JSON.stringify(f);
      // the owing lists have no registration dates: they list what is owed whenever it was registered
      const { start: _s, end: _e, ...undated } = f;
      const owing = f.status ? undated : { ...undated, status: 'ค้างชำระ' };
      const pay = await list('admin', '/api/application/getforoutstandingBalance', f);
      expectSameList(pay, expected(owing), label);
      const overdue = await list('admin', '/api/application/getforoverdue', f);
      const wantOverdue = expected(owing, { oldestFirst: true });
      expectSameList(overdue, wantOverdue, label);
      for (const r of overdue.rows) {
        const ref = wantOverdue.find((x) => x.application_id === r.application_id)!;
        expect(r.exam_date).toBe(ref.exam_date);
        expect(r.exam_passed).toBe(ref.exam_date !== null && ref.exam_date < today);
      }
      // the exam screens: live applications only (ทั้งหมด is every one but the cancelled); no registration dates
      if (f.start || f.end) continue;
      const exam = await list('admin', '/api/application/getforpermission', f);
      const wantExam = expected(f, { live: true });
      expectSameList(exam, wantExam, label);
      for (const r of exam.rows)
        expect(r.createdAt).toBe(wantExam.find((x) => x.application_id === r.application_id)!.created_at);
    }
  });

  it('a caller who sees one branch gets that branch’s applications and totals only', async () => {
    const scope = rowsOf<{ branch_id: number }>(
      await t.db.execute(sql`select branch_id from users where username = 'suda'`),
    ).map((r) => r.branch_id);
    expect(all.some((r) => r.branch_id === scope[0])).toBe(true);
    expect(all.some((r) => r.branch_id !== scope[0])).toBe(true);
    for (const f of [{ status: 'ทั้งหมด' }, {}, { text: all.find((r) => r.branch_id !== scope[0])!.fname }]) {
      const want = expected(f, { scope });
      const got = await list('suda', '/api/application/gettable', f);
      expectSameList(got, want, JSON.stringify(f));
      expect(toSatang(got.totals.paid)).toBe(sum(want, 'paid'));
    }
    const other = all.find((r) => r.branch_id !== scope[0])!.branch_id;
    const refused = await (await t.as('suda')).get('/api/application/gettable', { branch: other });
    expect(refused.status).toBe(403);
  });
});
