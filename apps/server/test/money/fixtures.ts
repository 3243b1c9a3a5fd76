import { afterAll, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers.js';
import { makeThaiNationalId, todayBangkok, addDays } from '@khabkhi/thai';
import type { Db } from '../../src/db/connection.js';
import { branches } from '../../src/db/schema/core.js';
import { courses, otherFees, promotions } from '../../src/db/schema/catalog.js';
import { IDENTITY_VIOLATIONS_SQL, STATS_VIOLATIONS_SQL } from '../../src/modules/applications/money.js';

export interface Catalog {
  hq: number;
  bkn: number;
  cnx: number;
  car: number;
  moto: number;
  carInactive: number;
  bknCar: number;
  bknFee: number;
  rent: number;
  medical: number;
  requestFee: number;
  promo: {
    pct10: string;
    fixed500: string;
    once: string;
    expired: string;
    future: string;
    motoOnly: string;
    inactive: string;
  };
}

let counter = 0;

/** A catalog of our own (independent of any demo data): courses, fees and promotions at HQ and BKN. */
export async function makeCatalog(db: Db): Promise<Catalog> {
  const n = ++counter;
  const byCode = new Map((await db.select().from(branches)).map((b) => [b.code, b.branch_id]));
  const hq = byCode.get('HQ')!,
    bkn = byCode.get('BKN')!,
    cnx = byCode.get('CNX')!;
  const course = async (branch_id: number, name: string, price: string, type: string, is_activate = true) =>
    (
      await db
        .insert(courses)
        .values({ branch_id, name: `${name} #${n}`, price, type, is_activate, theory_hours: 5, practice_hours: 10 })
        .returning()
    )[0]!.course_id;
  const fee = async (branch_id: number, name: string, price: string, is_request_fee = false) =>
    (
      await db
        .insert(otherFees)
        .values({ branch_id, name: `${name} #${n}`, price, is_request_fee })
        .returning()
    )[0]!.other_fee_id;
  const today = todayBangkok();
  const promo = async (code: string, v: Partial<typeof promotions.$inferInsert>) => {
    await db.insert(promotions).values({
      branch_id: hq,
      code,
      name: `โปรโมชั่น ${code}`,
      type: 'ทั้งหมด',
      type_discount: 'percent',
      value: '10',
      start: addDays(today, -10),
      end: addDays(today, 30),
      is_unlimit: true,
      limit: 0,
      ...v,
    });
    return code;
  };
  return {
    hq,
    bkn,
    cnx,
    car: await course(hq, 'หลักสูตรรถยนต์ 15 ชั่วโมง', '6500', 'รถยนต์'),
    moto: await course(hq, 'หลักสูตรรถจักรยานยนต์', '3500.50', 'รถจักรยานยนต์'),
    carInactive: await course(hq, 'หลักสูตรปิด', '1000', 'รถยนต์', false),
    bknCar: await course(bkn, 'หลักสูตรรถยนต์ บางเขน', '7000', 'รถยนต์'),
    bknFee: await fee(bkn, 'ค่าเช่ารถสอบ บางเขน', '400'),
    rent: await fee(hq, 'ค่าเช่ารถสอบ', '500'),
    medical: await fee(hq, 'ค่าใบรับรองแพทย์', '120.75'),
    requestFee: await fee(hq, 'ค่าคำร้องเปลี่ยนวันสอบ', '200', true),
    promo: {
      pct10: await promo(`PCT${n}`, { value: '10' }),
      fixed500: await promo(`FIX${n}`, { type_discount: 'amount', value: '500' }),
      once: await promo(`ONCE${n}`, { is_unlimit: false, limit: 1, value: '5' }),
      expired: await promo(`OLD${n}`, { start: addDays(today, -60), end: addDays(today, -1) }),
      future: await promo(`NEW${n}`, { start: addDays(today, 5), end: addDays(today, 30) }),
      motoOnly: await promo(`MOTO${n}`, { type: 'รถจักรยานยนต์' }),
      inactive: await promo(`OFF${n}`, { is_activate: false }),
    },
  };
}

let idSeq = 100000000;
/** A fresh valid national ID on each call. */
export function newIdcard(): string {
  idSeq += 7;
  return makeThaiNationalId(`1${String(idSeq).padStart(11, '0')}`);
}

export function customer(overrides: Record<string, unknown> = {}) {
  return {
    is_foreigner: false,
    prefix: 'นางสาว',
    fname: 'สมหญิง',
    sname: 'ใจดี',
    idcard: newIdcard(),
    birthday: '2000-05-17',
    address: '99/1',
    moo: '3',
    soi: 'ลาดพร้าว 71',
    street: 'ลาดพร้าว',
    subdistrict: 'ลาดพร้าว',
    district: 'ลาดพร้าว',
    province: 'กรุงเทพมหานคร',
    postcode: '10230',
    phone_1: '0812345678',
    phone_2: '',
    ...overrides,
  };
}

/** Every application's money identities against its lines and payments; [] when all hold. */
export async function identityViolations(db: Db): Promise<(number | string)[]> {
  const res = await db.execute(IDENTITY_VIOLATIONS_SQL);
  const bad: (number | string)[] = (res as unknown as { rows: { application_id: number }[] }).rows.map(
    (r) => r.application_id,
  );
  // the trigger-kept statistics must equal the applications they summarise
  const stats = await db.execute(STATS_VIOLATIONS_SQL);
  for (const r of (stats as unknown as { rows: { k: string }[] }).rows) bad.push(`stats ${r.k}`);
  return bad;
}

export async function counts(db: Db) {
  const res = await db.execute(sql`select
    (select count(*)::int from applications) as applications, (select count(*)::int from payments) as payments,
    (select count(*)::int from customers) as customers, (select count(*)::int from receipts) as receipts,
    (select coalesce(sum(usage), 0)::int from promotions) as usage, (select count(*)::int from application_courses) as lines,
    (select count(*)::int from promotion_usages) as usages`);
  return (res as unknown as { rows: Record<string, number>[] }).rows[0]!;
}

export { eq };

/**
 * One fresh database with our own catalog for a test file: `const s = moneySuite();` then `s.t` and `s.cat`
 * inside the tests (set in beforeAll, closed in afterAll).
 */
export function moneySuite(): { t: TestApp; cat: Catalog } {
  const suite = {} as { t: TestApp; cat: Catalog };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.cat = await makeCatalog(suite.t.db);
  });
  afterAll(async () => {
    await suite.t?.close();
  });
  return suite;
}
