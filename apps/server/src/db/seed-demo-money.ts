/**
 * A lived-in demo school for `npm start`: registrations at each branch over the last weeks, deposits and
 * balances paid, one refund and one void request waiting for approval. Made through the real money
 * services (so every identity, number and receipt snapshot is what the counter would produce); the
 * registrations are then back-dated so the overdue list has ages.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { makeThaiNationalId } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches, roles, users } from './schema/core.js';
import { courses, otherFees } from './schema/catalog.js';
import { offeredAtSql } from '../modules/catalog/offer.js';
import { applications } from './schema/money.js';
import type { Actor } from '../http/auth.js';
import { createApplication, payBalance } from '../modules/applications/service.js';
import { lockApplication, recordRefund } from '../modules/applications/money.js';
import { requestVoid } from '../modules/approvals/service.js';

const STUDENTS: [string, string, string, string][] = [
  ['นาย', 'ธนกร', 'วงศ์ใหญ่', '0891234501'], ['นางสาว', 'ปิยะพร', 'แสงอรุณ', '0861234502'], ['นาย', 'ณัฐวุฒิ', 'บุญมาก', '0821234503'],
  ['นาง', 'สุภาวดี', 'ทองประเสริฐ', '0811234504'], ['นาย', 'กฤษดา', 'ศรีวิไล', '0951234505'], ['นางสาว', 'อรอุมา', 'จันทร์หอม', '0971234506'],
  ['นาย', 'วรพล', 'เพชรสุวรรณ', '0881234507'], ['นางสาว', 'ชนิดา', 'รุ่งโรจน์', '0631234508'], ['นาย', 'ภูริ', 'กิตติคุณ', '0641234509'],
  ['นางสาว', 'เบญจมาศ', 'สายทอง', '0651234510'], ['นาย', 'อิทธิพล', 'ชัยชนะ', '0661234511'], ['นางสาว', 'ศิริลักษณ์', 'นาคประสิทธิ์', '0671234512'],
];

export async function seedDemoMoney(db: Db) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(applications) as [{ n: number }];
  if (n > 0) return;
  const branchRows = await db.select().from(branches).where(eq(branches.is_delete, false)).orderBy(asc(branches.branch_id));
  let s = 0;
  for (const b of branchRows) {
    const staff = await db.select({ u: users, r: roles }).from(users).innerJoin(roles, eq(roles.role_id, users.role_id))
      .where(and(eq(users.branch_id, b.branch_id), eq(users.is_demo, true)));
    const cashier = staff.find((x) => x.r.slug === 'cashier');
    const manager = staff.find((x) => x.r.slug === 'manager');
    if (!cashier || !manager) continue;
    const actor = (x: typeof cashier): Actor => ({
      userId: x.u.user_id, username: x.u.username, roleId: x.r.role_id, roleSlug: x.r.slug, branchId: b.branch_id,
      familyId: '00000000-0000-0000-0000-000000000000', abilities: x.r.abilities, branchScope: null,
    });
    const counter = actor(cashier);
    const course = await db.select().from(courses).where(and(offeredAtSql(courses, b.branch_id), eq(courses.is_activate, true), eq(courses.is_delete, false))).orderBy(asc(courses.course_id));
    const fees = await db.select().from(otherFees).where(and(offeredAtSql(otherFees, b.branch_id), eq(otherFees.is_activate, true), eq(otherFees.is_delete, false), eq(otherFees.is_request_fee, false))).orderBy(asc(otherFees.other_fee_id));
    if (course.length === 0) continue;
    const province = b.province || 'กรุงเทพมหานคร';
    for (let i = 0; i < 4; i++, s++) {
      const [prefix, fname, sname, phone] = STUDENTS[s % STUDENTS.length]!;
      const c = course[i % course.length]!;
      const price = Number(c.price);
      const deposit = i === 0 ? null : i === 1 ? String(Math.min(3000, price)) : String(Math.min(2000, price));
      const ids = await db.transaction(async (tx) => createApplication(tx, counter, {
        branch_id: b.branch_id,
        customer: {
          is_foreigner: false, prefix, fname, sname, idcard: makeThaiNationalId(`3${String(10100000000 + s * 7919).slice(0, 11)}`),
          birthday: `${1985 + s}-0${(s % 9) + 1}-1${s % 9}`, address: `${12 + s}/${s + 3}`, moo: String((s % 8) + 1), soi: '', street: '',
          subdistrict: b.subdistrict, district: b.district, province, postcode: b.postcode, phone_1: phone, phone_2: '',
        },
        courses: [{ course_id: c.course_id }],
        other_fees: fees.slice(0, i % 3).map((f) => ({ other_fee_id: f.other_fee_id })),
        payment: deposit ? { paid: deposit, pay_type: i % 2 ? 'cash' : 'transfer', note: 'มัดจำ' } : null,
      }));
      if (i === 2) {
        const [a] = await db.select().from(applications).where(eq(applications.application_id, ids.applicationId));
        await db.transaction((tx) => payBalance(tx, counter, { application_id: a!.application_id, paid: a!.balance, pay_type: 'transfer', note: 'ชำระส่วนที่เหลือ' }));
      }
      if (i === 3 && s % 3 === 0) {
        await db.transaction(async (tx) => {
          const app = await lockApplication(tx, ids.applicationId);
          await recordRefund(tx, actor(manager), app, { amountS: 50000, payType: 'cash', note: 'ผู้เรียนขอยกเลิกค่าธรรมเนียมบางรายการ' });
        });
      }
      if (i === 1 && s % 4 === 1 && ids.paymentId) {
        await db.transaction((tx) => requestVoid(tx, counter, { payment_id: ids.paymentId!, note: 'บันทึกประเภทการชำระผิด ขอยกเลิกเพื่อบันทึกใหม่' }));
      }
      // back-date the registration (not the money: receipts keep their real dates and order) so the overdue list has ages
      const days = Math.max(1, 60 - 4 * s);
      await db.execute(sql`update applications set created_at = created_at - make_interval(days => ${days}), updated_at = updated_at - make_interval(days => ${days}) where application_id = ${ids.applicationId}`);
    }
  }
}
