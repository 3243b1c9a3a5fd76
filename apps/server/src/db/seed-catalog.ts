/**
 * The catalog a school starts with: licence classes, expense categories, the usual payroll items and
 * evaluation criteria (always), and for the demo school its courses, fees, request fees and promotions.
 * Idempotent: each part is seeded only when its table is empty.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { addDays, todayBangkok } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { branches } from './schema/core.js';
import {
  catalogPrices,
  courses,
  courseTypes,
  evaluates,
  expenseCategories,
  listExpenses,
  listPayroll,
  otherFees,
  promotions,
} from './schema/catalog.js';

const empty = async (db: Db, t: any) =>
  ((await db.select({ n: sql<number>`count(*)::int` }).from(t)) as [{ n: number }])[0].n === 0;

export const COURSE_TYPES = ['รถยนต์', 'รถจักรยานยนต์', 'รถยนต์สามล้อ', 'รถบรรทุก', 'รถยนต์สาธารณะ'];
/** DOMAIN: 18 for a car, 15 for a motorcycle up to 110 cc; the school edits them under ประเภทหลักสูตร */
const MIN_AGES: Record<string, number> = { รถยนต์: 18, รถจักรยานยนต์: 15, รถยนต์สามล้อ: 18 };

const EXPENSES: [string, string[]][] = [
  ['น้ำมันเชื้อเพลิง', ['น้ำมันรถฝึก', 'น้ำมันรถสอบ']],
  ['ซ่อมบำรุงยานพาหนะ', ['ซ่อมบำรุงตามระยะ', 'ยางและแบตเตอรี่', 'อุบัติเหตุ/ซ่อมตัวถัง']],
  ['ภาษีและประกันภัยรถ', ['ภาษีรถประจำปี', 'พ.ร.บ.', 'ประกันภัยภาคสมัครใจ', 'ตรวจสภาพรถ']],
  ['เงินเดือนและค่าจ้าง', ['เงินเดือน', 'ค่าล่วงเวลา', 'ค่าคอมมิชชั่น', 'เงินสมทบประกันสังคม']],
  ['สาธารณูปโภค', ['ค่าไฟฟ้า', 'ค่าน้ำประปา', 'ค่าโทรศัพท์และอินเทอร์เน็ต']],
  ['ค่าเช่า', ['ค่าเช่าอาคาร', 'ค่าเช่าสนามฝึก']],
  ['วัสดุสำนักงาน', ['เครื่องเขียนและกระดาษ', 'หมึกพิมพ์']],
  ['การตลาด', ['โฆษณาออนไลน์', 'ป้ายและสื่อสิ่งพิมพ์']],
];

const PAYROLL: {
  name: string;
  type: string;
  category: string;
  condition: string;
  value: string;
  title_value: string;
}[] = [
  { name: 'เงินเดือน', type: 'income', category: 'salary', condition: 'fill', value: '0', title_value: 'บาท/เดือน' },
  {
    name: 'ค่าล่วงเวลา',
    type: 'income',
    category: 'overtime',
    condition: 'multiply',
    value: '100',
    title_value: 'บาท/ชั่วโมง',
  },
  {
    name: 'ค่าคอมมิชชั่น',
    type: 'income',
    category: 'commission',
    condition: 'multiply',
    value: '200',
    title_value: 'บาท/คน',
  },
  { name: 'เบี้ยขยัน', type: 'income', category: 'bonus', condition: 'fill', value: '500', title_value: 'บาท/เดือน' },
  { name: 'โบนัส', type: 'income', category: 'irregular', condition: 'fill', value: '0', title_value: 'บาท/ครั้ง' },
  {
    name: 'ค่าสอนภาคปฏิบัติ',
    type: 'income',
    category: 'teaching',
    condition: 'multiply',
    value: '150',
    title_value: 'บาท/ชั่วโมง',
  },
  {
    name: 'ประกันสังคม',
    type: 'deduction',
    category: 'social_security',
    condition: 'fill',
    value: '0',
    title_value: 'บาท/เดือน',
  },
  {
    name: 'ภาษีหัก ณ ที่จ่าย',
    type: 'deduction',
    category: 'withholding_tax',
    condition: 'fill',
    value: '0',
    title_value: 'บาท/เดือน',
  },
  {
    name: 'เงินเบิกล่วงหน้า',
    type: 'deduction',
    category: 'advance',
    condition: 'fill',
    value: '0',
    title_value: 'บาท/เดือน',
  },
  {
    name: 'เงินเบิกล่วงหน้ายกมา',
    type: 'deduction',
    category: 'advance_carried',
    condition: 'fill',
    value: '0',
    title_value: 'บาท/เดือน',
  },
  {
    name: 'ขาด/ลา/มาสาย',
    type: 'deduction',
    category: 'absence',
    condition: 'multiply',
    value: '300',
    title_value: 'บาท/วัน',
  },
];

const EVALUATE: [string, string, string][] = [
  ['รถยนต์', 'theory', 'สอบข้อเขียนกฎหมายจราจร (ผ่าน 45 จาก 50 ข้อ)'],
  ['รถยนต์', 'theory', 'ความรู้เรื่องป้ายจราจรและเครื่องหมายจราจร'],
  ['รถยนต์', 'control', 'การปรับเบาะ กระจก และคาดเข็มขัดนิรภัยก่อนออกรถ'],
  ['รถยนต์', 'control', 'การออกตัว การเปลี่ยนเกียร์ และการหยุดรถอย่างนุ่มนวล'],
  ['รถยนต์', 'manoeuvre', 'ท่าการขับรถเดินหน้าและถอยหลังในช่องทางจำกัด'],
  ['รถยนต์', 'manoeuvre', 'ท่าการจอดรถเข้าช่องว่างระหว่างรถ (ถอยเข้าซองขนาน)'],
  ['รถยนต์', 'manoeuvre', 'ท่าการจอดรถชิดขอบทาง'],
  ['รถยนต์', 'manoeuvre', 'ท่าการกลับรถ (รูปตัว T)'],
  ['รถยนต์', 'manoeuvre', 'ท่าการหยุดรถและออกรถบนทางลาดชัน'],
  ['รถยนต์', 'road', 'การขับขี่ผ่านทางแยกและวงเวียนตามกฎจราจร'],
  ['รถยนต์', 'attitude', 'มารยาทการขับขี่และการเว้นระยะห่างอย่างปลอดภัย'],
  ['รถจักรยานยนต์', 'theory', 'สอบข้อเขียนกฎหมายจราจร (ผ่าน 45 จาก 50 ข้อ)'],
  ['รถจักรยานยนต์', 'control', 'การสวมหมวกนิรภัยและตรวจสภาพรถก่อนขับขี่'],
  ['รถจักรยานยนต์', 'manoeuvre', 'ท่าการขับรถบนทางแคบ (สะพานไม้แผ่นเดียว)'],
  ['รถจักรยานยนต์', 'manoeuvre', 'ท่าการขับรถผ่านช่องทางวกวน (ซิกแซก)'],
  ['รถจักรยานยนต์', 'manoeuvre', 'การหยุดรถตามสัญญาณไฟจราจร'],
  ['รถจักรยานยนต์', 'road', 'การขับขี่ในช่องทางซ้ายและการให้สัญญาณ'],
];

export async function seedCatalog(db: Db, opts: { demo: boolean }) {
  if (await empty(db, courseTypes))
    await db
      .insert(courseTypes)
      .values(COURSE_TYPES.map((name, i) => ({ name, sort: i + 1, min_age: MIN_AGES[name] ?? 0 })));
  if (await empty(db, expenseCategories)) {
    for (const [i, [parent, children]] of EXPENSES.entries()) {
      const [p] = await db
        .insert(expenseCategories)
        .values({ name: parent, sort: i + 1 })
        .returning();
      await db
        .insert(expenseCategories)
        .values(children.map((name, j) => ({ name, parent_id: p!.category_id, sort: j + 1 })));
    }
  }
  const [hq] = await db
    .select()
    .from(branches)
    .where(eq(branches.is_head_office, true))
    .orderBy(asc(branches.branch_id))
    .limit(1);
  if (!hq) return;
  if (await empty(db, listPayroll))
    await db.insert(listPayroll).values(PAYROLL.map((p) => ({ ...p, branch_id: hq.branch_id })));
  if (await empty(db, evaluates))
    await db
      .insert(evaluates)
      .values(EVALUATE.map(([type, category, title], i) => ({ type, category, title, sort: i + 1 })));
  if (!opts.demo || !(await empty(db, courses))) return;

  const all = await db.select().from(branches).where(eq(branches.is_delete, false)).orderBy(asc(branches.branch_id));
  const today = todayBangkok();
  // one school-wide catalog, offered by every branch (a new branch too); Chiang Mai charges less for three courses
  const wide = { branch_id: null, branch_ids: null };
  const cnx = all.filter((b) => b.province === 'เชียงใหม่');
  const schoolCourses = await db
    .insert(courses)
    .values([
      {
        ...wide,
        name: 'หลักสูตรรถยนต์ 15 ชั่วโมง',
        type: 'รถยนต์',
        price: '6500',
        theory_hours: 5,
        practice_hours: 10,
        detail: 'ทฤษฎี 5 ชั่วโมง ปฏิบัติ 10 ชั่วโมง พร้อมสอบใบขับขี่ที่โรงเรียน',
      },
      {
        ...wide,
        name: 'หลักสูตรรถยนต์ 20 ชั่วโมง (เกียร์ธรรมดา)',
        type: 'รถยนต์',
        price: '8500',
        theory_hours: 5,
        practice_hours: 15,
        detail: 'สำหรับผู้เริ่มต้น ฝึกเกียร์ธรรมดาและเกียร์อัตโนมัติ',
      },
      {
        ...wide,
        name: 'หลักสูตรรถจักรยานยนต์ 12 ชั่วโมง',
        type: 'รถจักรยานยนต์',
        price: '3500',
        theory_hours: 5,
        practice_hours: 7,
        detail: 'รถจักรยานยนต์ไม่เกิน 110 ซีซี',
      },
      {
        ...wide,
        name: 'คอร์สทบทวนก่อนสอบ (รถยนต์)',
        type: 'รถยนต์',
        price: '1500',
        theory_hours: 0,
        practice_hours: 3,
        detail: 'สำหรับผู้มีพื้นฐาน ทบทวนท่าสอบ 3 ชั่วโมง',
      },
    ])
    .returning();
  const cnxPrice: Record<string, string> = {
    'หลักสูตรรถยนต์ 15 ชั่วโมง': '5900',
    'หลักสูตรรถยนต์ 20 ชั่วโมง (เกียร์ธรรมดา)': '7900',
    'หลักสูตรรถจักรยานยนต์ 12 ชั่วโมง': '2900',
  };
  const prices = schoolCourses.flatMap((c) =>
    cnxPrice[c.name]
      ? cnx.map((b) => ({ kind: 'course', item_id: c.course_id, branch_id: b.branch_id, price: cnxPrice[c.name]! }))
      : [],
  );
  if (prices.length) await db.insert(catalogPrices).values(prices);
  await db.insert(otherFees).values([
    { ...wide, name: 'ค่าเช่ารถสอบ', price: '500', detail: 'รถยนต์ของโรงเรียนสำหรับวันสอบ' },
    { ...wide, name: 'ค่าใบรับรองแพทย์', price: '120', detail: 'ใบรับรองแพทย์อายุไม่เกิน 1 เดือน' },
    {
      ...wide,
      name: 'ค่าธรรมเนียมใบขับขี่ชั่วคราว',
      price: '205',
      detail: 'ค่าใบอนุญาต 200 บาท และค่าคำขอ 5 บาท (นำส่งกรมการขนส่งทางบก)',
    },
    { ...wide, name: 'ค่าถ่ายเอกสารและรูปถ่าย', price: '50' },
    { ...wide, name: 'ค่าสอบซ่อม', price: '300' },
    { ...wide, name: 'ค่าคำร้องเปลี่ยนวันสอบ', price: '200', is_request_fee: true },
    { ...wide, name: 'ค่าคำร้องออกใบรับรองผลการอบรมใหม่', price: '100', is_request_fee: true },
    { ...wide, name: 'ค่าคำร้องต่ออายุสิทธิ์สอบ', price: '300', is_request_fee: true },
  ]);
  await db.insert(promotions).values([
    {
      ...wide,
      code: 'NEWYEAR10',
      name: 'ลด 10% ต้อนรับปีใหม่',
      type: 'ทั้งหมด',
      type_discount: 'percent',
      value: '10',
      start: addDays(today, -20),
      end: addDays(today, 40),
      is_unlimit: true,
      limit: 0,
    },
    {
      ...wide,
      code: 'STUDENT500',
      name: 'นักเรียนนักศึกษาลด 500 บาท',
      type: 'รถยนต์',
      type_discount: 'amount',
      value: '500',
      start: addDays(today, -60),
      end: addDays(today, 120),
      is_unlimit: false,
      limit: 150,
    },
    {
      ...wide,
      code: 'MOTO300',
      name: 'รถจักรยานยนต์ลด 300 บาท',
      type: 'รถจักรยานยนต์',
      type_discount: 'amount',
      value: '300',
      start: addDays(today, -10),
      end: addDays(today, 50),
      is_unlimit: false,
      limit: 60,
    },
    {
      ...wide,
      code: 'SONGKRAN',
      name: 'โปรสงกรานต์ (หมดอายุแล้ว)',
      type: 'ทั้งหมด',
      type_discount: 'percent',
      value: '15',
      start: addDays(today, -240),
      end: addDays(today, -200),
      is_unlimit: true,
      limit: 0,
    },
  ]);
  for (const b of all) {
    await db.insert(listExpenses).values([
      {
        branch_id: b.branch_id,
        name: 'น้ำมันรถฝึก (เติมประจำสัปดาห์)',
        category_id: (await childId(db, 'น้ำมันรถฝึก'))!,
        type: 'ค่าใช้จ่ายผันแปร',
      },
      {
        branch_id: b.branch_id,
        name: 'ค่าไฟฟ้าสำนักงาน',
        category_id: (await childId(db, 'ค่าไฟฟ้า'))!,
        type: 'ค่าใช้จ่ายคงที่',
      },
      { branch_id: b.branch_id, name: 'พ.ร.บ. รถฝึก', category_id: (await childId(db, 'พ.ร.บ.'))!, type: 'ค่าใช้จ่ายรายปี' },
    ]);
  }
}

async function childId(db: Db, name: string) {
  const [c] = await db
    .select({ id: expenseCategories.category_id })
    .from(expenseCategories)
    .where(eq(expenseCategories.name, name))
    .limit(1);
  return c?.id;
}
