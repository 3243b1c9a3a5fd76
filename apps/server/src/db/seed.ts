import { eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { makeThaiNationalId } from '@khabkhi/thai';
import type { Db } from './connection.js';
import { appSecrets, branches, roles, schoolSettings, users } from './schema/core.js';
import { seedRoles } from '../http/abilities.js';
import { hashPassword, randomPassword } from '../lib/crypto.js';
import { seedCatalog } from './seed-catalog.js';
import { seedDemoMoney } from './seed-demo-money.js';
import { seedDemoAccounting } from './seed-demo-accounting.js';
import { seedDemoEvaluations } from './seed-demo-evaluations.js';
import { seedDemoVehicles } from './seed-demo-vehicles.js';
import { seedPayroll, seedPayrollSubmitted } from './seed-demo-payroll.js';
import { seedDemoExams } from './seed-demo-exams.js';
import { seedDemoLessons } from './seed-demo-lessons.js';
import { seedDemoReminders } from './seed-demo-reminders.js';

/** The JWT/link-signing secret: from config, or generated once and kept in the database (shared by every server copy). */
export async function ensureSecret(db: Db, given?: string): Promise<Uint8Array> {
  if (given) return new TextEncoder().encode(given);
  await db
    .insert(appSecrets)
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

export interface SeedResult {
  createdAdmin: boolean;
  /** set only when the password was generated here: printed once, never stored in clear */
  generatedPassword?: string;
  demo: boolean;
}

export interface SeedOptions {
  adminPassword?: string;
  demo: boolean;
  /** lower argon2 cost is not used; tests pass a fixed demo password to keep runs reproducible */
  demoPassword?: string;
  /** demo registrations and payments (default true with demo; the tests start without them) */
  demoMoney?: boolean;
}

export const DEMO_PASSWORD = 'khabkhi-demo';

/** Idempotent: roles, settings, the admin and (once, on an empty database) the demo school. */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  for (const r of seedRoles) {
    await db.insert(roles).values(r).onConflictDoNothing({ target: roles.slug });
  }
  const [{ n: branchCount }] = (await db.select({ n: sql<number>`count(*)::int` }).from(branches)) as [{ n: number }];
  if (branchCount === 0) {
    await db.insert(branches).values({
      code: 'HQ',
      name: 'สำนักงานใหญ่',
      is_head_office: true,
      tax_branch_no: '00000',
      // the head office's SSO branch number is always 000000
      sso_branch_no: '000000',
      is_demo: opts.demo,
      ...(opts.demo
        ? {
            name: 'สำนักงานใหญ่ (บางนา)',
            address: '88/8',
            moo: '',
            soi: 'บางนา-ตราด 14',
            street: 'บางนา-ตราด',
            subdistrict: 'บางนา',
            district: 'บางนา',
            province: 'กรุงเทพมหานคร',
            postcode: '10260',
            phone_1: '023981234',
            line: '@khabkhi',
          }
        : {}),
    });
  }
  await db
    .insert(schoolSettings)
    .values({
      id: 1,
      ...(opts.demo
        ? {
            name: 'โรงเรียนสอนขับรถขับขี่ปลอดภัย',
            name_en: 'Khabkhi Safe Driving School',
            tax_id: '0105562012345',
            sso_account: '1012345678',
            address: '88/8 ถนนบางนา-ตราด แขวงบางนา เขตบางนา กรุงเทพมหานคร 10260',
            phone: '02-398-1234',
            promptpay_id: '0105562012345',
          }
        : {}),
    })
    .onConflictDoNothing();

  const [hq] = await db.select().from(branches).where(eq(branches.is_head_office, true)).limit(1);
  const roleBySlug = new Map((await db.select().from(roles)).map((r) => [r.slug, r.role_id]));
  const result: SeedResult = { createdAdmin: false, demo: false };

  const [admin] = await db.select({ id: users.user_id }).from(users).where(eq(users.username, 'admin'));
  if (!admin) {
    const password = opts.adminPassword ?? randomPassword();
    await db.insert(users).values({
      username: 'admin',
      password_hash: await hashPassword(password),
      role_id: roleBySlug.get('owner')!,
      branch_id: hq!.branch_id,
      prefix: '',
      fname: 'ผู้ดูแลระบบ',
      sname: '',
      position: 'ผู้ดูแลระบบ',
      department: 'บริหาร',
    });
    result.createdAdmin = true;
    if (!opts.adminPassword) result.generatedPassword = password;
    if (opts.demo && branchCount === 0) {
      await seedDemoSchool(db, hq!.branch_id, roleBySlug, opts.demoPassword ?? DEMO_PASSWORD);
      result.demo = true;
    }
  }
  await seedCatalog(db, { demo: result.demo });
  if (result.demo && opts.demoMoney !== false) await seedDemoMoney(db);
  if (result.demo && opts.demoMoney !== false) await seedDemoAccounting(db);
  // the fleet before the vehicle checks: a check uses the branch's exam car
  if (result.demo && opts.demoMoney !== false) await seedDemoVehicles(db);
  if (result.demo && opts.demoMoney !== false) await seedDemoEvaluations(db);
  await seedPayroll(db, { demo: result.demo && opts.demoMoney !== false });
  if (result.demo && opts.demoMoney !== false) await seedDemoExams(db);
  if (result.demo && opts.demoMoney !== false) await seedDemoLessons(db);
  if (result.demo && opts.demoMoney !== false) await seedPayrollSubmitted(db);
  if (result.demo && opts.demoMoney !== false) await seedDemoReminders(db);
  return result;
}

async function seedDemoSchool(db: Db, hqId: number, roleBySlug: Map<string, number>, password: string) {
  const [b1] = await db
    .insert(branches)
    .values({
      parent_id: hqId,
      code: 'BKN',
      name: 'สาขาบางเขน',
      address: '159/2',
      moo: '',
      soi: 'พหลโยธิน 52',
      street: 'พหลโยธิน',
      subdistrict: 'คลองถนน',
      district: 'สายไหม',
      province: 'กรุงเทพมหานคร',
      postcode: '10220',
      phone_1: '025215678',
      line: '@khabkhi-bkn',
      tax_branch_no: '00001',
      sso_branch_no: '000001',
      is_demo: true,
    })
    .returning();
  const [b2] = await db
    .insert(branches)
    .values({
      parent_id: hqId,
      code: 'CNX',
      name: 'สาขาเชียงใหม่',
      address: '45',
      moo: '3',
      soi: '',
      street: 'ซุปเปอร์ไฮเวย์เชียงใหม่-ลำปาง',
      subdistrict: 'ช้างเผือก',
      district: 'เมืองเชียงใหม่',
      province: 'เชียงใหม่',
      postcode: '50300',
      phone_1: '053210987',
      line: '@khabkhi-cnx',
      tax_branch_no: '00002',
      sso_branch_no: '000002',
      is_demo: true,
    })
    .returning();
  const hash = await hashPassword(password);
  const people: [string, string, number, string, string, string, string, string][] = [
    // username, role, branch, prefix, fname, sname, nickname, position
    ['somchai', 'manager', hqId, 'นาย', 'สมชาย', 'ใจดี', 'ชาย', 'ผู้จัดการโรงเรียน'],
    ['malee', 'cashier', hqId, 'นางสาว', 'มาลี', 'ศรีสุข', 'มะลิ', 'พนักงานการเงิน'],
    ['prasert', 'instructor', hqId, 'นาย', 'ประเสริฐ', 'ขับดี', 'เสริฐ', 'ครูฝึกภาคปฏิบัติ'],
    ['wanida', 'accountant', hqId, 'นาง', 'วนิดา', 'บัญชีกร', 'นิด', 'นักบัญชี'],
    ['anan', 'manager', b1!.branch_id, 'นาย', 'อนันต์', 'มั่นคง', 'นันท์', 'ผู้จัดการสาขา'],
    ['suda', 'cashier', b1!.branch_id, 'นางสาว', 'สุดา', 'รักเรียน', 'ดา', 'เจ้าหน้าที่ทะเบียน'],
    ['kittipong', 'instructor', b1!.branch_id, 'นาย', 'กิตติพงษ์', 'พวงมาลัย', 'กิต', 'ครูฝึกภาคปฏิบัติ'],
    ['napat', 'manager', b2!.branch_id, 'นาย', 'ณภัทร', 'เชียงคำ', 'ภัทร', 'ผู้จัดการสาขา'],
    ['pimchanok', 'cashier', b2!.branch_id, 'นางสาว', 'พิมพ์ชนก', 'ดอยคำ', 'พิม', 'พนักงานการเงิน'],
    ['thanawat', 'instructor', b2!.branch_id, 'นาย', 'ธนวัฒน์', 'สายหมอก', 'ต้น', 'ครูสอนภาคทฤษฎี'],
  ];
  let i = 0;
  for (const [username, role, branchId, prefix, fname, sname, nickname, position] of people) {
    i++;
    const id12 = `1${String(1001 + i * 37).padStart(4, '0')}${String(50000 + i * 911).padStart(7, '0')}`.slice(0, 12);
    await db.insert(users).values({
      username,
      password_hash: hash,
      role_id: roleBySlug.get(role)!,
      branch_id: branchId,
      prefix,
      fname,
      sname,
      nickname,
      position,
      department:
        role === 'instructor'
          ? 'ฝึกอบรม'
          : role === 'accountant'
            ? 'บัญชีและบุคคล'
            : role === 'manager'
              ? 'บริหาร'
              : 'ทะเบียนและการเงิน',
      idcard: makeThaiNationalId(id12),
      phone_1: `08${String(10000000 + i * 1234567).slice(0, 8)}`,
      birthday: `${1975 + i * 2}-0${(i % 9) + 1}-1${i % 9}`,
      start_date: `20${18 + (i % 7)}-0${(i % 9) + 1}-01`,
      salary: String(15000 + i * 1500),
      sso_salary: String(Math.min(17500, 15000 + i * 1500)),
      salary_pay_type: 'transfer',
      bank: 'ธนาคารกสิกรไทย',
      bank_acc: `123-4-5${String(1000 + i).padStart(4, '0')}-${i % 10}`,
      day_off: ['sun'],
      employee_type: 'monthly',
      is_demo: true,
      province: branchId === b2!.branch_id ? 'เชียงใหม่' : 'กรุงเทพมหานคร',
    });
  }
}
