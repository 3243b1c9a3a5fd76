/**
 * The demo school's fleet: cars and motorcycles at every branch with their legal dates — one tax overdue,
 * several dates due within the reminder window, an old car that needs its ตรอ. before the tax —, weekly fuel fills
 * with their mileage (full tanks, so km per litre shows), repairs, electricity bills and past renewals over the last
 * four months, so the vehicle screens, the reminders and the accounting charts have data on first start.
 * Written straight into the tables in the shape the expense service writes (odometer reading per mileage, renew_prev).
 * Each vehicle's last fill and last repair come with a photo of their bill (demo-bills.ts), printed with the expense's
 * own date, litres, price and amount: 18 pictures of ~25 kB, composed without a browser in ~10 ms each.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches, roles, users } from './schema/core.js';
import { expenseCategories, listExpenses } from './schema/catalog.js';
import { accountingFiles, expenses, vehicleOdometer, vehicles } from './schema/fleet.js';
import { saveFile } from '../modules/files/index.js';
import { composeBill, repairItems, type DemoBill } from './demo-bills.js';

type V = Omit<typeof vehicles.$inferInsert, 'branch_id'>;

/** a small deterministic sequence (the demo is the same on every first start) */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

async function itemOf(db: Db, branchId: number, name: string, category: string) {
  const [found] = await db
    .select({ id: listExpenses.list_expenses_id })
    .from(listExpenses)
    .where(and(eq(listExpenses.branch_id, branchId), eq(listExpenses.name, name), eq(listExpenses.is_delete, false)));
  if (found) return found.id;
  const [c] = await db
    .select({ id: expenseCategories.category_id })
    .from(expenseCategories)
    .where(eq(expenseCategories.name, category))
    .limit(1);
  const [row] = await db
    .insert(listExpenses)
    .values({ branch_id: branchId, name, category_id: c!.id, type: 'ยานพาหนะ' })
    .returning();
  return row!.list_expenses_id;
}

export async function seedDemoVehicles(db: Db) {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(vehicles)) as [{ n: number }];
  if (n > 0) return;
  const today = todayBangkok();
  const d = (days: number) => addDays(today, days);
  const all = await db.select().from(branches).where(eq(branches.is_delete, false)).orderBy(asc(branches.branch_id));
  const managerRole = (await db.select({ id: roles.role_id }).from(roles).where(eq(roles.slug, 'manager')))[0]?.id;
  const random = rng(14);
  const fleets: Record<string, V[]> = {
    HQ: [
      {
        no: '1กข 1234',
        province: 'กรุงเทพมหานคร',
        type: 'car',
        brand: 'Toyota',
        model: 'Yaris Ativ',
        color: 'ขาว',
        registration_date: '2022-05-10',
        purchase_date: '2022-05-01',
        insurance_company: 'วิริยะประกันภัย',
        insurance_type: 'ชั้น 1',
        noti_tax: d(12),
        noti_compulsory: d(12),
        noti_insurance: d(160),
        note: 'รถฝึกเกียร์อัตโนมัติ',
      },
      {
        no: '2ขค 5678',
        province: 'กรุงเทพมหานคร',
        type: 'car',
        brand: 'Honda',
        model: 'City',
        color: 'เทา',
        registration_date: '2016-02-20',
        purchase_date: '2016-02-15',
        insurance_company: 'กรุงเทพประกันภัย',
        insurance_type: 'ชั้น 2+',
        noti_tax: d(20),
        noti_compulsory: d(45),
        noti_insurance: d(45),
        note: 'รถฝึกเกียร์ธรรมดา อายุเกิน 7 ปี ต้องตรวจสภาพก่อนต่อภาษี',
      },
      {
        no: '1กค 999',
        province: 'กรุงเทพมหานคร',
        type: 'motorcycle',
        brand: 'Honda',
        model: 'Wave 110i',
        color: 'แดง',
        registration_date: '2021-07-01',
        noti_tax: d(220),
        noti_compulsory: d(220),
        is_exam: true,
      },
      {
        no: '5กง 2468',
        province: 'กรุงเทพมหานคร',
        type: 'car',
        brand: 'Toyota',
        model: 'Vios',
        color: 'บรอนซ์',
        registration_date: '2019-09-09',
        is_exam: true,
        insurance_company: 'ทิพยประกันภัย',
        insurance_type: 'ชั้น 1',
        noti_tax: d(95),
        noti_compulsory: d(330),
        noti_insurance: d(300),
        note: 'รถสอบภาคปฏิบัติ',
      },
    ],
    BKN: [
      {
        no: '3กด 4321',
        province: 'กรุงเทพมหานคร',
        type: 'car',
        brand: 'Toyota',
        model: 'Yaris',
        color: 'ฟ้า',
        registration_date: '2020-03-03',
        insurance_company: 'วิริยะประกันภัย',
        insurance_type: 'ชั้น 3+',
        noti_tax: d(-25),
        noti_compulsory: d(8),
        noti_insurance: d(130),
        note: 'ภาษีเลยกำหนด รอต่อ พ.ร.บ. ก่อน',
      },
      {
        no: '8ขจ 1357',
        province: 'กรุงเทพมหานคร',
        type: 'car',
        brand: 'Mazda',
        model: '2',
        color: 'แดง',
        registration_date: '2023-01-12',
        insurance_company: 'กรุงเทพประกันภัย',
        insurance_type: 'ชั้น 1',
        noti_tax: d(70),
        noti_compulsory: d(70),
        noti_insurance: d(27),
      },
      {
        no: '2กม 775',
        province: 'กรุงเทพมหานคร',
        type: 'motorcycle',
        brand: 'Yamaha',
        model: 'Finn',
        color: 'ดำ',
        registration_date: '2018-06-01',
        noti_tax: d(18),
        noti_compulsory: d(18),
        note: 'อายุเกิน 5 ปี ต้องตรวจสภาพ',
      },
    ],
    CNX: [
      {
        no: '4กจ 8888',
        province: 'เชียงใหม่',
        type: 'car',
        brand: 'Mazda',
        model: '2 Sedan',
        color: 'ขาว',
        registration_date: '2021-11-11',
        is_exam: true,
        insurance_company: 'ทิพยประกันภัย',
        insurance_type: 'ชั้น 1',
        noti_tax: d(140),
        noti_compulsory: d(140),
        noti_insurance: d(25),
      },
      {
        no: 'ขค 3210',
        province: 'เชียงใหม่',
        type: 'car',
        brand: 'Nissan',
        model: 'Almera',
        color: 'เงิน',
        registration_date: '2017-08-08',
        insurance_company: 'วิริยะประกันภัย',
        insurance_type: 'ชั้น 2',
        noti_tax: d(40),
        noti_compulsory: d(40),
        noti_insurance: d(200),
        status: 'repair',
        note: 'เข้าอู่เปลี่ยนคลัตช์',
      },
    ],
  };
  for (const b of all) {
    const list = fleets[b.code ?? ''] ?? [];
    if (!list.length) continue;
    const [mgr] = await db
      .select({ id: users.user_id })
      .from(users)
      .where(and(eq(users.branch_id, b.branch_id), managerRole ? eq(users.role_id, managerRole) : undefined))
      .orderBy(asc(users.user_id))
      .limit(1);
    const by =
      mgr?.id ?? (await db.select({ id: users.user_id }).from(users).orderBy(asc(users.user_id)).limit(1))[0]!.id;
    const fuel = await itemOf(db, b.branch_id, 'น้ำมันรถฝึก (เติมประจำสัปดาห์)', 'น้ำมันรถฝึก');
    const repair = await itemOf(db, b.branch_id, 'ซ่อมบำรุงรถฝึก', 'ซ่อมบำรุงตามระยะ');
    const tyres = await itemOf(db, b.branch_id, 'ยางและแบตเตอรี่รถฝึก', 'ยางและแบตเตอรี่');
    const prb = await itemOf(db, b.branch_id, 'พ.ร.บ. รถฝึก', 'พ.ร.บ.');
    const tax = await itemOf(db, b.branch_id, 'ภาษีรถประจำปี', 'ภาษีรถประจำปี');
    const insurance = await itemOf(db, b.branch_id, 'ประกันภัยรถฝึก', 'ประกันภัยภาคสมัครใจ');
    const power = await itemOf(db, b.branch_id, 'ค่าไฟฟ้าสำนักงาน', 'ค่าไฟฟ้า');
    for (let m = 0; m < 4; m++) {
      await db.insert(expenses).values({
        branch_id: b.branch_id,
        list_expenses_id: power,
        date: d(-5 - m * 30),
        pay_type: 'transfer',
        value: String(2800 + Math.round(random() * 1500)) + '.50',
        detail: 'ค่าไฟฟ้าสำนักงานประจำเดือน',
        created_by: by,
      });
    }
    for (const v of list) {
      const [row] = await db
        .insert(vehicles)
        .values({ ...v, branch_id: b.branch_id })
        .returning();
      const vid = row!.vehicle_id;
      const moto = v.type === 'motorcycle';
      let mile = moto ? 8000 + Math.round(random() * 9000) : 40000 + Math.round(random() * 60000);
      const add = async (
        e: Partial<typeof expenses.$inferInsert> & { list_expenses_id: number; date: string; value: string },
      ) => {
        const [x] = await db
          .insert(expenses)
          .values({ branch_id: b.branch_id, vehicle_id: vid, pay_type: 'cash', created_by: by, ...e })
          .returning();
        if (x!.mile !== null)
          await db
            .insert(vehicleOdometer)
            .values({ vehicle_id: vid, mile: x!.mile, date: x!.date, expenses_id: x!.expenses_id, created_by: by });
        return x!;
      };
      // a photo of the bill, attached as staff attach an uploaded one
      const attachBill = async (x: typeof expenses.$inferSelect, bill: DemoBill) => {
        const png = composeBill(bill);
        const f = await saveFile(db, { kind: 'bill', mime: 'image/png', data: png, branchId: b.branch_id, userId: by });
        await db.insert(accountingFiles).values({ expenses_id: x.expenses_id, file_id: f.file_id, file_type: 'image' });
      };
      const bill = { branch: b.code ?? '', plate: v.no, province: v.province };
      // weekly full-tank fills over the last four months (a car ~12–15 km/l, a motorcycle ~40–50 km/l, ~35–38 baht a litre)
      for (let w = 17; w >= 0; w--) {
        const km = moto ? 120 + Math.round(random() * 80) : 280 + Math.round(random() * 160);
        mile += km;
        const kmpl = moto ? 40 + random() * 10 : 12 + random() * 3;
        const liters = Math.round((km / kmpl) * 100) / 100;
        const price = 35 + Math.round(random() * 300) / 100;
        const fill = await add({
          list_expenses_id: fuel,
          date: d(-w * 7 - 1),
          mile,
          liters: liters.toFixed(2),
          is_full_tank: true,
          value: (Math.round(liters * price * 100) / 100).toFixed(2),
          detail: `เติมน้ำมันเต็มถัง ${price.toFixed(2)} บาท/ลิตร`,
          pay_type: w % 3 === 0 ? 'transfer' : 'cash',
        });
        if (w === 0)
          await attachBill(fill, {
            ...bill,
            kind: 'fuel',
            date: fill.date,
            fuel: moto ? 'แก๊สโซฮอล์ 91' : 'แก๊สโซฮอล์ 95',
            liters: fill.liters!,
            price: price.toFixed(2),
            value: fill.value,
            payType: fill.pay_type as 'cash' | 'transfer',
            seq: fill.expenses_id,
          });
        if (w === 12 || w === 4) {
          mile += 5;
          const fix = await add({
            list_expenses_id: repair,
            date: d(-w * 7 - 1),
            mile,
            value: moto ? '650' : (1800 + Math.round(random() * 2500)).toString(),
            detail: moto ? 'เปลี่ยนน้ำมันเครื่องและโซ่' : 'เปลี่ยนถ่ายน้ำมันเครื่อง กรองอากาศ ผ้าเบรกหน้า',
            pay_type: 'transfer',
          });
          if (w === 4)
            await attachBill(fix, {
              ...bill,
              kind: 'repair',
              date: fix.date,
              mile: fix.mile!,
              items: repairItems(moto, fix.value),
              value: fix.value,
              payType: 'transfer',
              seq: fix.expenses_id,
            });
        }
        if (w === 8 && !moto)
          await add({
            list_expenses_id: tyres,
            date: d(-w * 7 - 2),
            value: '3200',
            detail: 'แบตเตอรี่ใหม่ 1 ลูก',
            pay_type: 'cash',
          });
      }
      // past renewals: each moved the date it holds now (renew_prev is the date a year before)
      const back = (iso: string) => addDays(iso, -365);
      if (v.noti_compulsory && v.noti_compulsory > today) {
        const paid = addDays(v.noti_compulsory, -365 - 5);
        await add({
          list_expenses_id: prb,
          date: paid,
          value: moto ? '323.14' : '645.21',
          detail: 'ต่อ พ.ร.บ. 1 ปี',
          renew_kind: 'compulsory',
          renew_until: v.noti_compulsory,
          renew_prev: back(v.noti_compulsory),
          pay_type: 'cash',
        });
      }
      if (v.noti_tax) {
        const paid = addDays(v.noti_tax, -365 - 3);
        if (paid <= today)
          await add({
            list_expenses_id: tax,
            date: paid,
            value: moto ? '100' : '1600',
            detail: 'ต่อภาษีรถประจำปี',
            renew_kind: 'tax',
            renew_until: v.noti_tax,
            renew_prev: back(v.noti_tax),
            pay_type: 'transfer',
          });
      }
      if (v.noti_insurance && v.noti_insurance > d(240)) {
        await add({
          list_expenses_id: insurance,
          date: addDays(v.noti_insurance, -365),
          value: '18500',
          detail: `ประกันภัย${v.insurance_type} ${v.insurance_company}`,
          renew_kind: 'insurance',
          renew_until: v.noti_insurance,
          renew_prev: back(v.noti_insurance),
          pay_type: 'transfer',
        });
      }
    }
  }
}
