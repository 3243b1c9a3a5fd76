/**
 * A lived-in demo school for `npm start`: at each branch, over the last weeks, course registrations (deposits,
 * balances paid, one refund, one void request waiting for approval), an other-fee application and a request-fee
 * application, so every list shows rows on first start (each branch's last registration is today's, so the daily
 * cash close has entries too). Made through the real money services (so every identity,
 * number and receipt snapshot is what the counter would produce); then the registrations are back-dated, and
 * each one's payments with it, in the order they were numbered: a payment is dated within its application's life
 * (a deposit just after the registration, a balance payment before the branch's next registration).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { makeThaiNationalId, todayBangkok } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches, roles, users } from './schema/core.js';
import { courses, otherFees } from './schema/catalog.js';
import { offeredAtSql } from '../modules/catalog/index.js';
import { applications } from './schema/money.js';
import type { Actor } from '../http/auth.js';
import { createApplication, payBalance, lockApplication, recordRefund } from '../modules/applications/index.js';
import { fileRequest } from '../modules/approvals/index.js';
import { voidPayment } from '../modules/payments/index.js';
import { permissionsFrom } from '../modules/exams/index.js';
import { rowsOf } from './sql.js';

const STUDENTS: [string, string, string, string][] = [
  ['นาย', 'ธนกร', 'วงศ์ใหญ่', '0891234501'],
  ['นางสาว', 'ปิยะพร', 'แสงอรุณ', '0861234502'],
  ['นาย', 'ณัฐวุฒิ', 'บุญมาก', '0821234503'],
  ['นาง', 'สุภาวดี', 'ทองประเสริฐ', '0811234504'],
  ['นาย', 'กฤษดา', 'ศรีวิไล', '0951234505'],
  ['นางสาว', 'อรอุมา', 'จันทร์หอม', '0971234506'],
  ['นาย', 'วรพล', 'เพชรสุวรรณ', '0881234507'],
  ['นางสาว', 'ชนิดา', 'รุ่งโรจน์', '0631234508'],
  ['นาย', 'ภูริ', 'กิตติคุณ', '0641234509'],
  ['นางสาว', 'เบญจมาศ', 'สายทอง', '0651234510'],
  ['นาย', 'อิทธิพล', 'ชัยชนะ', '0661234511'],
  ['นางสาว', 'ศิริลักษณ์', 'นาคประสิทธิ์', '0671234512'],
];
/** other-fee customers (renting the school's car for the exam, a retest) */
const FEE_CUSTOMERS: [string, string, string, string][] = [
  ['นาย', 'สมปอง', 'ดีมาก', '0891234521'],
  ['นางสาว', 'กาญจนา', 'ใจงาม', '0861234522'],
  ['นาย', 'วีรยุทธ', 'คำแก้ว', '0821234523'],
];
const DAY = 86_400_000;

/**
 * When each demo application was made: spread over the last 60 days (oldest first, in creation order), never
 * before 1 January in Bangkok, so its number's Buddhist year and its date agree.
 */
export function demoTimeline(count: number, now = new Date()): Date[] {
  const bangkokYear = new Date(now.getTime() + 7 * 3600_000).getUTCFullYear();
  const yearStart = Date.UTC(bangkokYear, 0, 1) - 7 * 3600_000;
  const from = Math.max(now.getTime() - 60 * DAY, yearStart + 3600_000);
  const to = Math.max(from, now.getTime() - 2 * DAY);
  return Array.from({ length: count }, (_, i) => new Date(from + ((to - from) * i) / Math.max(1, count)));
}

export async function seedDemoMoney(db: Db) {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(applications)) as [{ n: number }];
  if (n > 0) return;
  const branchRows = await db
    .select()
    .from(branches)
    .where(eq(branches.is_delete, false))
    .orderBy(asc(branches.branch_id));
  /** every application made, in creation order (= the order of their numbers and receipts) */
  const made: { applicationId: number; branchId: number }[] = [];
  let s = 0;
  let f = 0;
  for (const b of branchRows) {
    const staff = await db
      .select({ u: users, r: roles })
      .from(users)
      .innerJoin(roles, eq(roles.role_id, users.role_id))
      .where(and(eq(users.branch_id, b.branch_id), eq(users.is_demo, true)));
    const cashier = staff.find((x) => x.r.slug === 'cashier');
    const manager = staff.find((x) => x.r.slug === 'manager');
    if (!cashier || !manager) continue;
    const actor = (x: typeof cashier): Actor => ({
      userId: x.u.user_id,
      username: x.u.username,
      roleId: x.r.role_id,
      roleSlug: x.r.slug,
      branchId: b.branch_id,
      familyId: '00000000-0000-0000-0000-000000000000',
      abilities: x.r.abilities,
      branchScope: null,
    });
    const counter = actor(cashier);
    const course = await db
      .select()
      .from(courses)
      .where(and(offeredAtSql(courses, b.branch_id), eq(courses.is_activate, true), eq(courses.is_delete, false)))
      .orderBy(asc(courses.course_id));
    const allFees = await db
      .select()
      .from(otherFees)
      .where(and(offeredAtSql(otherFees, b.branch_id), eq(otherFees.is_activate, true), eq(otherFees.is_delete, false)))
      .orderBy(asc(otherFees.other_fee_id));
    const fees = allFees.filter((x) => !x.is_request_fee);
    const requestFees = allFees.filter((x) => x.is_request_fee);
    if (course.length === 0) continue;
    const province = b.province || 'กรุงเทพมหานคร';
    const customerOf = (row: [string, string, string, string], k: number, idBase: number) => {
      const [prefix, fname, sname, phone] = row;
      return {
        is_foreigner: false,
        prefix,
        fname,
        sname,
        idcard: makeThaiNationalId(`3${String(idBase + k * 7919).slice(0, 11)}`),
        birthday: `${1985 + (k % 20)}-0${(k % 9) + 1}-1${k % 9}`,
        address: `${12 + k}/${k + 3}`,
        moo: String((k % 8) + 1),
        soi: '',
        street: '',
        subdistrict: b.subdistrict,
        district: b.district,
        province,
        postcode: b.postcode,
        phone_1: phone,
        phone_2: '',
      };
    };
    const courseApps: number[] = [];
    for (let i = 0; i < 4; i++, s++) {
      const c = course[i % course.length]!;
      const price = Number(c.price);
      const deposit = i === 0 ? null : i === 1 ? String(Math.min(3000, price)) : String(Math.min(2000, price));
      const ids = await db.transaction(async (tx) =>
        createApplication(tx, counter, {
          branch_id: b.branch_id,
          customer: customerOf(STUDENTS[s % STUDENTS.length]!, s, 10100000000),
          courses: [{ course_id: c.course_id }],
          other_fees: fees.slice(0, i % 3).map((x) => ({ other_fee_id: x.other_fee_id })),
          payment: deposit ? { paid: deposit, pay_type: i % 2 ? 'cash' : 'transfer', note: 'มัดจำ' } : null,
        }),
      );
      made.push({ applicationId: ids.applicationId, branchId: b.branch_id });
      courseApps.push(ids.applicationId);
      if (i === 2) {
        const [a] = await db.select().from(applications).where(eq(applications.application_id, ids.applicationId));
        await db.transaction((tx) =>
          payBalance(tx, counter, {
            application_id: a!.application_id,
            paid: a!.balance,
            pay_type: 'transfer',
            note: 'ชำระส่วนที่เหลือ',
          }),
        );
      }
      if (i === 3 && s % 3 === 0) {
        await db.transaction(async (tx) => {
          const app = await lockApplication(tx, ids.applicationId);
          await recordRefund(tx, actor(manager), app, {
            amountS: 50000,
            payType: 'cash',
            note: 'ผู้เรียนขอยกเลิกค่าธรรมเนียมบางรายการ',
          });
        });
      }
      if (i === 1 && s % 4 === 1 && ids.paymentId) {
        await db.transaction((tx) =>
          fileRequest(tx, counter, voidPayment.kind, ids.paymentId!, 'บันทึกประเภทการชำระผิด ขอยกเลิกเพื่อบันทึกใหม่'),
        );
      }
      if (i === 1 && fees.length > 0) {
        // an other-fee application: someone who studied elsewhere rents the school's car for the exam (one pays in part)
        const picked = fees.slice(0, 2);
        const total = picked.reduce((sum, x) => sum + Number(x.price), 0);
        const paid = f % 2 === 0 ? String(total) : String(Number(picked[0]!.price));
        const fee = await db.transaction(async (tx) =>
          createApplication(
            tx,
            counter,
            {
              branch_id: b.branch_id,
              customer: customerOf(FEE_CUSTOMERS[f % FEE_CUSTOMERS.length]!, 40 + f, 10300000000),
              courses: [],
              other_fees: picked.map((x) => ({ other_fee_id: x.other_fee_id })),
              payment: { paid, pay_type: 'cash', note: f % 2 === 0 ? 'ชำระครบ' : 'ชำระบางส่วน' },
            },
            undefined,
            'fee',
          ),
        );
        made.push({ applicationId: fee.applicationId, branchId: b.branch_id });
        f++;
      }
      if (i === 2 && requestFees.length > 0) {
        // a request-fee application on the branch's first registration (moving the exam date), paid at the counter
        const req = await db.transaction(async (tx) =>
          createApplication(
            tx,
            counter,
            {
              application_id: courseApps[0]!,
              courses: [],
              other_fees: [{ other_fee_id: requestFees[0]!.other_fee_id }],
              payment: { paid: String(Number(requestFees[0]!.price)), pay_type: 'transfer', note: 'ค่าคำร้อง' },
            },
            undefined,
            'request',
          ),
        );
        made.push({ applicationId: req.applicationId, branchId: b.branch_id });
      }
    }
  }
  await backdate(db, made);
}

/**
 * Moves each application to its day on the demo timeline and its money entries (payments, refunds) into its
 * life, in number order: entry k of an application made at t, whose branch's next application is made at t2
 * (or now), is dated t + (k + 0.01) × (t2 − t) / (entries + 1). The receipt snapshot's issue time, the audit rows
 * and a pending void request move with them. Money is not touched.
 */
async function backdate(db: Db, made: { applicationId: number; branchId: number }[]) {
  const now = Date.now();
  // each branch's last registration is today's (the daily cash close and this month's payments show rows);
  // the others spread over the last weeks
  const lastOfBranch = new Set(
    made
      .map((m, g) => (made.findIndex((x, k) => k > g && x.branchId === m.branchId) < 0 ? g : -1))
      .filter((g) => g >= 0),
  );
  const spread = demoTimeline(made.length - lastOfBranch.size, new Date(now));
  const bangkokToday = Date.parse(`${new Date(now + 7 * 3600_000).toISOString().slice(0, 10)}T00:00:00+07:00`);
  let j = 0;
  const times = made.map((_, g) =>
    lastOfBranch.has(g) ? new Date(Math.max(now - 90 * 60_000, bangkokToday)) : spread[j++]!,
  );
  for (let g = 0; g < made.length; g++) {
    const { applicationId, branchId } = made[g]!;
    const t = times[g]!.getTime();
    const nextInBranch = made.findIndex((m, k) => k > g && m.branchId === branchId);
    const t2 = nextInBranch >= 0 ? times[nextInBranch]!.getTime() : now;
    const entries = rowsOf<{ payment_id: number }>(
      await db.execute(
        sql`select payment_id from payments where application_id = ${applicationId} order by payment_id`,
      ),
    );
    const at = new Date(t).toISOString();
    await db.execute(
      sql`update applications set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz where application_id = ${applicationId}`,
    );
    // its lines' exam permissions run from the (earlier) registration day
    await permissionsFrom(db, applicationId, todayBangkok(new Date(t)));
    await db.execute(sql`update customers c set created_at = least(c.created_at, ${at}::timestamptz), updated_at = least(c.updated_at, ${at}::timestamptz)
      from applications a where a.application_id = ${applicationId} and c.customer_id = a.customer_id`);
    await db.execute(
      sql`update audit_log set at = ${at}::timestamptz where entity = 'application' and entity_id = ${String(applicationId)}`,
    );
    for (let k = 0; k < entries.length; k++) {
      const id = entries[k]!.payment_id;
      const pt = new Date(t + ((k + 0.01) * (t2 - t)) / (entries.length + 1)).toISOString();
      await db.execute(
        sql`update payments set created_at = ${pt}::timestamptz, business_date = (${pt}::timestamptz at time zone 'Asia/Bangkok')::date where payment_id = ${id}`,
      );
      await db.execute(
        sql`update receipts set created_at = ${pt}::timestamptz, snapshot = jsonb_set(snapshot, '{issued_at}', to_jsonb(${pt}::text)) where payment_id = ${id}`,
      );
      await db.execute(sql`update audit_log set at = ${pt}::timestamptz,
          after = case when after ? 'payment' then jsonb_set(jsonb_set(after, '{payment,createdAt}', to_jsonb(${pt}::text)), '{payment,business_date}',
                                              to_jsonb(to_char((${pt}::timestamptz at time zone 'Asia/Bangkok')::date, 'YYYY-MM-DD'))) else after end
        where entity = 'payment' and entity_id = ${String(id)}`);
      await db.execute(
        sql`update approval_requests set created_at = ${pt}::timestamptz + interval '20 minutes' where kind = 'void_payment' and subject_id = ${id}`,
      );
    }
    await db.execute(sql`update applications a set updated_at = coalesce((select max(p.created_at) from payments p where p.application_id = a.application_id), a.created_at)
      where a.application_id = ${applicationId}`);
  }
}
